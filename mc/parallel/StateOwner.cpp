#include "mc/parallel/StateOwner.hpp"

#include <algorithm>

namespace rankfold::mc::parallel {

bool StateOwner::explorers(const snapshot::Fingerprint& state, int worker, bool explores) {
    if (!tracking_) return true;
    const std::uint64_t bit = worker < 64 ? std::uint64_t{1} << worker : ~std::uint64_t{0};
    Workers& mask = explorers_[state];
    const bool others = (mask.explored & ~bit) != 0 || worker >= 64;
    if (explores) {
        // Their summaries of the state miss what `worker` is about to explore.
        for (int w = 0; w < transport_.size(); ++w) {
            if (w == worker || (w < 64 && (mask.visited & (std::uint64_t{1} << w)) == 0)) continue;
            if (w == transport_.self()) {
                if (explored_elsewhere_) explored_elsewhere_(state);
            } else {
                transport_.send(w, MessageWriter(MessageKind::Forget).fingerprint(state).bytes());
            }
            // It never trusts a summary of the state again: once is enough.
            if (w < 64) mask.visited &= ~(std::uint64_t{1} << w);
        }
    }
    if (explores) mask.explored |= bit;
    mask.visited |= bit;
    return others;
}

std::size_t StateOwner::store_bytes() const {
    constexpr std::size_t kNode = 2 * sizeof(void*); // a hash-table node's bookkeeping
    return local_.bytes() +
           explorers_.size() * (sizeof(snapshot::Fingerprint) + sizeof(Workers) + kNode);
}

StateStore::Answer StateOwner::visit(const snapshot::Fingerprint& state, const SleepSet& sleep,
                                     SleepSet& still_needed, std::uint64_t& ticket) {
    const int owner = owner_of(state, transport_.size());
    if (owner == transport_.self()) {
        const bool fresh = local_.visit(state, sleep, still_needed);
        if (fresh) ++counters_.owned;
        explorers(state, transport_.self(), fresh || !still_needed.empty());
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
    const bool elsewhere = explorers(state, from, fresh || !needed.empty());
    transport_.send(from, MessageWriter(MessageKind::VisitReply)
                              .u64(request)
                              .i32(fresh ? 1 : 0)
                              .transitions(needed)
                              .i32(elsewhere ? 1 : 0)
                              .fingerprint(state)
                              .bytes());
}

void StateOwner::on_reply(MessageReader& message) {
    Reply r;
    r.request = message.u64();
    r.fresh = message.i32() != 0;
    r.needed = message.transitions();
    r.elsewhere = message.i32() != 0;
    r.state = message.fingerprint();
    replies_.push_back(std::move(r));
    --outstanding_;
}

} // namespace rankfold::mc::parallel
