#include "mc/parallel/StateOwner.hpp"

#include <algorithm>

namespace rankfold::mc::parallel {

bool StateOwner::visit(const snapshot::Fingerprint& state, const SleepSet& sleep,
                       SleepSet& still_needed) {
    const int owner = owner_of(state, transport_.size());
    if (owner == transport_.self()) {
        const bool fresh = local_.visit(state, sleep, still_needed);
        if (fresh) ++counters_.owned;
        return fresh;
    }
    still_needed.clear();
    auto known = cache_.find(state);
    if (known != cache_.end() && std::ranges::all_of(known->second, [&](const Transition& t) {
            return contains(sleep, t);
        })) {
        ++counters_.cache_hits;
        return false;
    }
    const std::uint64_t request = next_request_++;
    transport_.send(owner, MessageWriter(MessageKind::Visit)
                               .u64(request)
                               .fingerprint(state)
                               .transitions(sleep)
                               .bytes());
    ++counters_.asked;
    if (!await_reply_(request) || !has_reply(request)) return false; // stopping: a leaf
    Reply reply = std::move(*reply_);
    reply_.reset();
    if (known == cache_.end()) {
        cache_.emplace(state, sleep);
    } else {
        std::erase_if(known->second, [&](const Transition& t) { return !contains(sleep, t); });
    }
    still_needed = std::move(reply.needed);
    return reply.fresh;
}

void StateOwner::answer(int from, MessageReader& message) {
    const std::uint64_t request = message.u64();
    const snapshot::Fingerprint state = message.fingerprint();
    const SleepSet sleep = message.transitions();
    SleepSet needed;
    const bool fresh = local_.visit(state, sleep, needed);
    if (fresh) ++counters_.owned;
    ++counters_.answered;
    transport_.send(from, MessageWriter(MessageKind::VisitReply)
                              .u64(request)
                              .i32(fresh ? 1 : 0)
                              .transitions(needed)
                              .bytes());
}

void StateOwner::on_reply(MessageReader& message) {
    Reply r;
    r.request = message.u64();
    r.fresh = message.i32() != 0;
    r.needed = message.transitions();
    reply_ = std::move(r);
}

} // namespace rankfold::mc::parallel
