#include "mc/RankFiber.hpp"

#include <cstdlib>

namespace rankfold::mc {

namespace ctx = boost::context::detail;

RankFiber::RankFiber(std::byte* stack_low, std::size_t stack_size, Body body, void* argument)
    : stack_low_(stack_low), stack_size_(stack_size), body_(body), argument_(argument) {
    // make_fcontext takes the top of the stack; the landing zone above it stays untouched.
    const std::size_t usable = stack_size - kLandingZone;
    fiber_ = ctx::make_fcontext(stack_low + usable, usable, &RankFiber::entry);
}

void RankFiber::entry(ctx::transfer_t transfer) {
    auto* self = static_cast<RankFiber*>(transfer.data);
    self->caller_ = transfer.fctx;
    self->body_(self->argument_);
    // A body must never return: it ends by suspending for good. Returning would exit the thread.
    std::abort();
}

void RankFiber::resume() {
    ctx::transfer_t t = ctx::jump_fcontext(fiber_, this);
    fiber_ = t.fctx;
}

void RankFiber::suspend() {
    ctx::transfer_t t = ctx::jump_fcontext(caller_, nullptr);
    caller_ = t.fctx;
}

} // namespace rankfold::mc
