// MpiWorld::hash: the runtime half of the exact state hash. Every field that operator== looks
// at is fed in, field by field (never raw structs, whose padding is not part of the value).
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/src/OpTable.hpp"
#include "simulated-mpi/src/StateHasher.hpp"

#include <algorithm>
#include <vector>

namespace rankfold::mpi {
namespace {

// Message and receive ids only tell entries apart; their values grow with every post, so a
// server loop would never come back to a state if they were part of it.
void feed(StateHasher& h, const Message& m) {
    for (int v : {m.source, m.tag, m.context, m.sender.rank, m.sender.slot, m.origin}) h.value(v);
    h.value(static_cast<std::uint64_t>(m.buffered));
    h.value(static_cast<std::uint64_t>(m.payload.size()));
    h.bytes(m.payload.data(), m.payload.size());
    m.signature.feed(h);
}

void feed(StateHasher& h, const PostedReceive& r) {
    for (int v : {r.source, r.tag, r.context, r.request.rank, r.request.slot}) h.value(v);
}

} // namespace

std::uint64_t MpiWorld::hash() const {
    StateHasher h;
    h.value(static_cast<std::uint8_t>(buffering_));
    for (std::size_t rank = 0; rank < ranks_.size(); ++rank) {
        const RankState& s = ranks_[rank];
        h.value(static_cast<std::uint8_t>(s.initialized | s.finalized << 1 |
                                          s.failure.has_value() << 2));
        h.value(s.thread_level);
        h.value(s.attached_size);
        h.value(static_cast<std::uint64_t>(s.attached_buffer));
        h.value(static_cast<std::uint64_t>(s.attached_used));
        h.value(s.clock);
        if (s.failure) {
            h.value(s.failure->code);
            h.value(static_cast<int>(s.failure->misuse.value_or(Misuse::Unsupported)));
            h.bytes(s.failure->message.data(), s.failure->message.size());
        }
        feed(h, s.ops);
        s.groups.feed(h);
        s.keyvals.feed(h);
        requests_.feed(h, static_cast<int>(rank));
        s.datatypes.feed(h);
    }
    comms_.feed(h);
    collectives_.feed(h);
    matching_.for_each_queue([&](int receiver, const auto& messages, const auto& receives) {
        h.value(receiver);
        h.value(static_cast<std::uint64_t>(messages.size()));
        // Only each sender's own order is part of the state: which of two senders posted
        // first is unobservable (a wildcard receive's match is the explorer's choice), and
        // interleavings that differ only there must hash alike.
        std::vector<const Message*> sorted;
        sorted.reserve(messages.size());
        for (const Message& m : messages) sorted.push_back(&m);
        std::stable_sort(sorted.begin(), sorted.end(),
                         [](const Message* a, const Message* b) { return a->origin < b->origin; });
        for (const Message* m : sorted) feed(h, *m);
        h.value(static_cast<std::uint64_t>(receives.size()));
        for (const PostedReceive& r : receives) feed(h, r);
    });
    return h.digest();
}

} // namespace rankfold::mpi
