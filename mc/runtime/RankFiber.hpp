// A rank's thread of execution: a Boost.Context fcontext on a stack the checker owns. Only a
// stack pointer is saved on a switch, so a suspended rank is fully described by its stack bytes
// (saved pointer to top) — which is what snapshots capture.
#pragma once

#include "mc/runtime/SanitizerSupport.hpp"

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
    // Inline: each call level between the scheduler or the rank and the switch is a return
    // that mispredicts when the other side resumes.
    void resume() {
        sanitizer_switch_to(stack_low_, stack_size_);
        boost::context::detail::transfer_t t = boost::context::detail::jump_fcontext(fiber_, this);
        sanitizer_arrived(nullptr, nullptr);
        fiber_ = t.fctx;
    }
    // Fiber side: returns to the checker; returns when resumed.
    void suspend() {
        sanitizer_switch_to(caller_bottom_, caller_size_);
        boost::context::detail::transfer_t t =
            boost::context::detail::jump_fcontext(caller_, nullptr);
        sanitizer_arrived(&caller_bottom_, &caller_size_);
        caller_ = t.fctx;
        clear_scratch_registers();
    }

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
    // The jump restores only the callee-saved registers: the others come back holding whatever the
    // scheduler had in them. Code that later stores such a register without having set it (a
    // variadic function saving its argument registers, a lazy-binding stub) would copy scheduler
    // values into the rank's stack, and a state reached by two schedules would differ there. So a
    // fiber clears them whenever it gets control back.
    static void clear_scratch_registers() {
        asm volatile("xor %%eax, %%eax\n\t"
                     "xor %%ecx, %%ecx\n\t"
                     "xor %%edx, %%edx\n\t"
                     "xor %%esi, %%esi\n\t"
                     "xor %%edi, %%edi\n\t"
                     "xor %%r8d, %%r8d\n\t"
                     "xor %%r9d, %%r9d\n\t"
                     "xor %%r10d, %%r10d\n\t"
                     "xor %%r11d, %%r11d\n\t"
                     "pxor %%xmm0, %%xmm0\n\t"
                     "pxor %%xmm1, %%xmm1\n\t"
                     "pxor %%xmm2, %%xmm2\n\t"
                     "pxor %%xmm3, %%xmm3\n\t"
                     "pxor %%xmm4, %%xmm4\n\t"
                     "pxor %%xmm5, %%xmm5\n\t"
                     "pxor %%xmm6, %%xmm6\n\t"
                     "pxor %%xmm7, %%xmm7\n\t"
                     "pxor %%xmm8, %%xmm8\n\t"
                     "pxor %%xmm9, %%xmm9\n\t"
                     "pxor %%xmm10, %%xmm10\n\t"
                     "pxor %%xmm11, %%xmm11\n\t"
                     "pxor %%xmm12, %%xmm12\n\t"
                     "pxor %%xmm13, %%xmm13\n\t"
                     "pxor %%xmm14, %%xmm14\n\t"
                     "pxor %%xmm15, %%xmm15"
                     :
                     :
                     : "rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11", "xmm0", "xmm1",
                       "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10",
                       "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "memory");
    }

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
