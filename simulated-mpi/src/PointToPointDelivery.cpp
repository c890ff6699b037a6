// PointToPoint: what probes see, delivering a match, and the part of the state hash that is
// point-to-point's own.
#include "simulated-mpi/src/PointToPoint.hpp"

#include "simulated-mpi/src/StateHasher.hpp"
#include "simulated-mpi/src/TypePacking.hpp"

#include <algorithm>

namespace rankfold::mpi {

void PointToPoint::probe_candidates(const WorldCore& core, int rank, const RankCall& call,
                                    std::vector<const Message*>& out) const {
    const WorldCore::CommView v = *core.view(rank, call.comm);
    matching_.probe_candidates(rank, call.source, call.recv_tag, v.id, out);
}

void PointToPoint::apply_match(WorldCore& core, const Match& match) {
    matching_.apply(match, [&](const PostedReceive& receive, const Message& message) {
        deliver(core, match.receiver, receive, message);
    });
}

void PointToPoint::deliver(WorldCore& core, int receiver, const PostedReceive& receive,
                           const Message& message) {
    Request& req = core.requests.at(receiver, receive.request.slot);
    const Typemap& type = *req.layout;
    const std::size_t capacity = type.size() * static_cast<std::size_t>(req.count);
    const std::size_t bytes = std::min(capacity, message.payload.size());
    // The data lands even when the types do not match (as in MPI implementations, which do not
    // check); the first error is what the receive reports.
    const bool written =
        unpack(message.payload.data(), bytes, type, reinterpret_cast<void*>(req.buffer));
    const TypeSignature expected = type.signature().times(static_cast<std::uint64_t>(req.count));
    req.status_error = MPI_SUCCESS;
    if (!signatures_agree(expected, message.signature)) {
        req.status_error = MPI_ERR_TYPE;
        req.sent = message.signature;
    } else if (!written) {
        req.status_error = MPI_ERR_BUFFER;
    } else if (message.payload.size() > capacity) {
        req.status_error = MPI_ERR_TRUNCATE;
    }
    req.status_source = message.source;
    req.status_tag = message.tag;
    req.status_bytes = bytes;
    req.message_bytes = message.payload.size();
    req.complete = true;
    if (req.user_freed) core.requests.release(receiver, receive.request.slot);

    if (message.sender.valid()) core.requests.finish(message.sender.rank, message.sender.slot);
    if (message.buffered > 0) ranks_[message.origin].attached_used -= message.buffered;
}

// ---- hashing ------------------------------------------------------------------------------

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

void PointToPoint::feed_attached(StateHasher& h, int rank) const {
    const RankChannels& s = ranks_[rank];
    h.value(s.attached_size);
    h.value(static_cast<std::uint64_t>(s.attached_buffer));
    h.value(static_cast<std::uint64_t>(s.attached_used));
}

void PointToPoint::feed_queues(StateHasher& h) const {
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
}

} // namespace rankfold::mpi
