#include "mc/runtime/RankFiber.hpp"

#include "mc/runtime/SanitizerSupport.hpp"

#include <cstdlib>

namespace rankfold::mc {

namespace ctx = boost::context::detail;

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

} // namespace rankfold::mc
