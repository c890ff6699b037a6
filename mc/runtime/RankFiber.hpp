// A rank's thread of execution: a Boost.Context fcontext on a stack the checker owns. Only a
// stack pointer is saved on a switch, so a suspended rank is fully described by its stack bytes
// (saved pointer to top) — which is what snapshots capture.
#pragma once

#include <boost/context/detail/fcontext.hpp>

#include <cstddef>
#include <cstdint>

namespace rankfold::mc {

class RankFiber {
public:
    using Body = void (*)(void* argument);
    // Bytes at the top of the stack kept free for landing after a crash (see CrashHandler).
    static constexpr std::size_t kLandingZone = 64UL * 1024;

    RankFiber(std::byte* stack_low, std::size_t stack_size, Body body, void* argument);

    // Checker side: runs the fiber until it suspends or ends.
    void resume();
    // Fiber side: returns to the checker; returns when resumed.
    void suspend();

    std::uintptr_t stack_low() const { return reinterpret_cast<std::uintptr_t>(stack_low_); }
    std::uintptr_t stack_high() const { return stack_low() + stack_size_; }
    // The top of the stack the rank's frames use: below the landing zone.
    std::uintptr_t frames_top() const { return stack_high() - kLandingZone; }
    // Where the suspended fiber's context (its saved registers) lies: everything from here to
    // frames_top() is the fiber's live stack. Snapshots save and put back this value with it.
    std::uintptr_t context_address() const { return reinterpret_cast<std::uintptr_t>(fiber_); }
    boost::context::detail::fcontext_t context() const { return fiber_; }
    void set_context(boost::context::detail::fcontext_t context) { fiber_ = context; }
    // 16-byte aligned stack pointer for a function entered "by call" in the landing zone.
    std::uintptr_t landing_stack_pointer() const {
        return (stack_high() - 256) & ~std::uintptr_t{15};
    }

private:
    static void entry(boost::context::detail::transfer_t transfer);

    std::byte* stack_low_;
    std::size_t stack_size_;
    Body body_;
    void* argument_;
    boost::context::detail::fcontext_t fiber_ = nullptr;  // where the fiber resumes
    boost::context::detail::fcontext_t caller_ = nullptr; // where the checker resumes
    const void* caller_bottom_ = nullptr;                 // the checker's stack, for ASan
    std::size_t caller_size_ = 0;
};

} // namespace rankfold::mc
