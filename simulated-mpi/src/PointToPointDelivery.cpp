// PointToPoint: what probes see, delivering a match, and the part of the state hash that is
// point-to-point's own.
#include "simulated-mpi/src/PointToPoint.hpp"

#include "simulated-mpi/src/StateHasher.hpp"
#include "simulated-mpi/src/TypePacking.hpp"

#include <algorithm>
#include <array>

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
    core.requests.receive_arrived(receiver, receive.request.slot);

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
    if (m.cancel_pending) h.value(-1); // only when set: other digests stay as they were
}

void feed(StateHasher& h, const PostedReceive& r) {
    for (int v : {r.source, r.tag, r.context, r.request.rank, r.request.slot}) h.value(v);
    if (r.cancel_pending) h.value(-1);
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
        // Queues are short: sort pointers on the stack, and only a long queue allocates.
        constexpr std::size_t kOnStack = 32;
        std::array<const Message*, kOnStack> local{};
        std::vector<const Message*> heap;
        const Message** sorted = local.data();
        if (messages.size() > kOnStack) {
            heap.resize(messages.size());
            sorted = heap.data();
        }
        std::size_t n = 0;
        for (const Message& m : messages) sorted[n++] = &m;
        auto by_origin = [](const Message* a, const Message* b) { return a->origin < b->origin; };
        if (n > kOnStack) {
            std::stable_sort(sorted, sorted + n, by_origin);
        } else { // insertion sort: stable, and no temporary buffer as stable_sort takes
            for (std::size_t i = 1; i < n; ++i)
                for (std::size_t j = i; j > 0 && by_origin(sorted[j], sorted[j - 1]); --j)
                    std::swap(sorted[j], sorted[j - 1]);
        }
        for (std::size_t i = 0; i < n; ++i) feed(h, *sorted[i]);
        h.value(static_cast<std::uint64_t>(receives.size()));
        for (const PostedReceive& r : receives) feed(h, r);
    });
    // Messages matched probes took: fed only when there are some, so that the digests of
    // programs without MPI_Mprobe stay as they were.
    for (std::size_t rank = 0; rank < ranks_.size(); ++rank) {
        const auto& matched = ranks_[rank].matched;
        if (matched.empty()) continue;
        h.value(static_cast<int>(rank));
        h.value(static_cast<std::uint64_t>(matched.size()));
        for (const auto& [message, comm] : matched) {
            h.value(static_cast<int>(message.id != 0));
            if (message.id == 0) continue;
            feed(h, message);
            h.value(comm);
        }
    }
}

} // namespace rankfold::mpi
