#include "mc/runtime/RankFiber.hpp"

#include "mc/runtime/SanitizerSupport.hpp"

#include <cstdlib>

namespace rankfold::mc {

namespace ctx = boost::context::detail;

// The jump restores only the callee-saved registers: the others come back holding whatever the
// scheduler had in them. Code that later stores such a register without having set it (a
// variadic function saving its argument registers, a lazy-binding stub) would copy scheduler
// values into the rank's stack, and a state reached by two schedules would differ there. So a
// fiber clears them whenever it gets control back.
static inline void clear_scratch_registers() {
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
                   "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11",
                   "xmm12", "xmm13", "xmm14", "xmm15", "memory");
}

RankFiber::RankFiber(std::byte* stack_low, std::size_t stack_size, Body body, void* argument)
    : stack_low_(stack_low), stack_size_(stack_size), body_(body), argument_(argument) {
    // make_fcontext takes the top of the stack; the landing zone above it stays untouched.
    const std::size_t usable = stack_size - kLandingZone;
    // cppcheck-suppress useInitializationList ; a pointer: assigning it costs nothing
    fiber_ = ctx::make_fcontext(stack_low + usable, usable, &RankFiber::entry);
    sanitizer_scan_stack(stack_low, stack_size);
}

void RankFiber::entry(ctx::transfer_t transfer) {
    auto* self = static_cast<RankFiber*>(transfer.data);
    sanitizer_arrived(&self->caller_bottom_, &self->caller_size_);
    self->caller_ = transfer.fctx;
    clear_scratch_registers();
    self->body_(self->argument_);
    // A body must never return: it ends by suspending for good. Returning would exit the thread.
    std::abort();
}

void RankFiber::resume() {
    sanitizer_switch_to(stack_low_, stack_size_);
    ctx::transfer_t t = ctx::jump_fcontext(fiber_, this);
    sanitizer_arrived(nullptr, nullptr);
    fiber_ = t.fctx;
}

void RankFiber::suspend() {
    sanitizer_switch_to(caller_bottom_, caller_size_);
    ctx::transfer_t t = ctx::jump_fcontext(caller_, nullptr);
    sanitizer_arrived(&caller_bottom_, &caller_size_);
    caller_ = t.fctx;
    clear_scratch_registers();
}

} // namespace rankfold::mc
