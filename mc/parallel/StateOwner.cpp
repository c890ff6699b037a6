#include "mc/parallel/StateOwner.hpp"

#include <algorithm>

namespace rankfold::mc::parallel {

StateStore::Answer StateOwner::visit(const snapshot::Fingerprint& state, const SleepSet& sleep,
                                     SleepSet& still_needed, std::uint64_t& ticket) {
    const int owner = owner_of(state, transport_.size());
    if (owner == transport_.self()) {
        const bool fresh = local_.visit(state, sleep, still_needed);
        if (fresh) ++counters_.owned;
        return fresh ? Answer::Fresh : Answer::Seen;
    }
    still_needed.clear();
    auto known = cache_.find(state);
    if (known != cache_.end() && std::ranges::all_of(known->second, [&](const Transition& t) {
            return contains(sleep, t);
        })) {
        ++counters_.cache_hits;
        return Answer::Seen;
    }
    // The owner will hold at most this visit's sleep set (the intersection with the others').
    if (known == cache_.end())
        cache_.emplace(state, sleep);
    else
        std::erase_if(known->second, [&](const Transition& t) { return !contains(sleep, t); });
    ticket = next_request_++;
    transport_.send(owner, MessageWriter(MessageKind::Visit)
                               .u64(ticket)
                               .fingerprint(state)
                               .transitions(sleep)
                               .bytes());
    ++counters_.asked;
    ++outstanding_;
    return Answer::Pending;
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
    replies_.push_back(std::move(r));
    --outstanding_;
}

} // namespace rankfold::mc::parallel
