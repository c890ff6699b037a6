// find_program_frame on a suspended fiber: a "program" function calls a "checker" function that
// suspends the fiber; the walk from the saved context must stop at the program function, give
// the slot of its call's return address, and the callee-saved registers it had at the call.
#include "mc/runtime/ProgramFrame.hpp"
#include "mc/runtime/RankFiber.hpp"

#include <catch2/catch.hpp>

#include <sys/mman.h>

#include <cstdint>

using namespace rankfold::mc;

namespace {

struct Probe {
    RankFiber* fiber = nullptr;
    std::uintptr_t call_site = 0; // return address into program_function
    std::uintptr_t frame = 0;     // checker_function's frame pointer
};

constexpr std::uint64_t kMarker = 0x5eed5eed;

__attribute__((noinline)) void checker_function(Probe* probe) {
    probe->call_site = reinterpret_cast<std::uintptr_t>(__builtin_return_address(0));
    probe->frame = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
    probe->fiber->suspend();
    for (;;) probe->fiber->suspend(); // never resumed again in this test
}

// rbx holds a marker across the call, as a program's register variable would.
__attribute__((noinline)) void program_function(Probe* probe) {
    asm volatile("movq %0, %%rbx" : : "i"(kMarker) : "rbx");
    checker_function(probe);
    asm volatile("" ::: "memory");
}

void body(void* argument) {
    program_function(static_cast<Probe*>(argument));
}

struct FiberStack {
    static constexpr std::size_t kBytes = 256UL * 1024;
    FiberStack() {
        void* p = mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        REQUIRE(p != MAP_FAILED);
        low = static_cast<std::byte*>(p);
    }
    ~FiberStack() { munmap(low, kBytes); }
    FiberStack(const FiberStack&) = delete;
    FiberStack& operator=(const FiberStack&) = delete;
    std::byte* low;
};

} // namespace

TEST_CASE("The walk of a suspended fiber stops at the program's innermost frame",
          "[runtime][frames]") {
    FiberStack stack;
    Probe probe;
    RankFiber fiber(stack.low, FiberStack::kBytes, &body, &probe);
    probe.fiber = &fiber;
    fiber.resume();
    REQUIRE(probe.call_site != 0);

    const auto frame = find_program_frame(fiber.context(),
                                          [&](std::uintptr_t pc) { return pc == probe.call_site; });
    REQUIRE(frame.has_value());
    // With a frame pointer, the return address sits just above the saved frame pointer.
    CHECK(frame->lowest == probe.frame + 8);
    CHECK(*reinterpret_cast<const std::uintptr_t*>(frame->lowest) == probe.call_site);
    CHECK(frame->lowest > fiber.context_address());
    CHECK(frame->lowest < fiber.frames_top());
    CHECK(frame->callee_saved[0] == kMarker); // rbx

    // No frame of the program: none found, and no crash at the stack's outer end.
    CHECK_FALSE(find_program_frame(fiber.context(), [](std::uintptr_t) { return false; }));
    CHECK_FALSE(find_program_frame(nullptr, [](std::uintptr_t) { return true; }));
}

TEST_CASE("The frame finder reuses a walk's shape only where the stack still has it",
          "[runtime][frames]") {
    FiberStack stack;
    Probe probe;
    RankFiber fiber(stack.low, FiberStack::kBytes, &body, &probe);
    probe.fiber = &fiber;
    fiber.resume();
    ProgramFrameFinder finder([&](std::uintptr_t pc) { return pc == probe.call_site; });

    const auto first = finder.find(fiber.context());
    REQUIRE(first.has_value());
    CHECK(finder.walks() == 1);
    const auto second = finder.find(fiber.context());
    REQUIRE(second.has_value());
    CHECK(finder.hits() == 1);
    CHECK(second->lowest == first->lowest);
    CHECK(second->callee_saved == first->callee_saved);

    // Another return address where the program's was: the shape no longer applies, and the
    // new walk finds no program frame.
    auto* slot = reinterpret_cast<std::uintptr_t*>(first->lowest);
    const std::uintptr_t saved = *slot;
    *slot = probe.call_site + 1;
    CHECK_FALSE(finder.find(fiber.context()).has_value());
    CHECK(finder.walks() == 2);
    *slot = saved;
    CHECK(finder.find(fiber.context()).has_value());
    CHECK(finder.hits() == 2);
}
