#include "simulated-mpi/src/CollectiveQueue.hpp"

namespace rankfold::mpi {

const CollectivePart* PendingCollective::other_than(int comm_rank) const {
    for (std::size_t i = 0; i < parts.size(); ++i)
        if (static_cast<int>(i) != comm_rank && parts[i].rank >= 0) return &parts[i];
    return nullptr;
}

PendingCollective& CollectiveQueue::arrive(int id, int size, int comm_rank,
                                           const CollectivePart& part) {
    if (static_cast<int>(comms_.size()) <= id) comms_.resize(static_cast<std::size_t>(id) + 1);
    PerComm& c = comms_[id];
    if (c.filed.empty()) c.filed.assign(static_cast<std::size_t>(size), 0);
    const std::size_t index = c.filed[comm_rank]++;
    while (c.pending.size() <= index)
        c.pending.push_back({std::vector<CollectivePart>(static_cast<std::size_t>(size)), 0});
    PendingCollective& op = c.pending[index];
    op.parts[comm_rank] = part;
    ++op.arrived;
    return op;
}

const PendingCollective* CollectiveQueue::next(int id, int comm_rank) const {
    if (id >= static_cast<int>(comms_.size())) return nullptr;
    const PerComm& c = comms_[id];
    const std::size_t index = c.filed.empty() ? 0 : c.filed[comm_rank];
    return index < c.pending.size() ? &c.pending[index] : nullptr;
}

void CollectiveQueue::pop(int id) {
    PerComm& c = comms_[id];
    c.pending.pop_front();
    for (std::uint32_t& n : c.filed) --n;
    if (c.pending.empty()) reset(id);
}

const PendingCollective* CollectiveQueue::waiting(int id, int comm_rank) const {
    if (id >= static_cast<int>(comms_.size())) return nullptr;
    const PerComm& c = comms_[id];
    if (c.filed.empty() || c.filed[comm_rank] == 0) return nullptr;
    return &c.pending[c.filed[comm_rank] - 1];
}

void CollectiveQueue::reset(int id) {
    if (id < static_cast<int>(comms_.size())) comms_[id] = PerComm{};
    while (!comms_.empty() && comms_.back() == PerComm{}) comms_.pop_back();
}

namespace {
void feed_args(StateHasher& h, const CollectiveArgs& a) {
    h.value(static_cast<std::uint8_t>(a.kind));
    h.value(static_cast<std::uint8_t>(a.nonblocking));
    for (int v : {a.sendcount, a.sendtype, a.recvcount, a.recvtype, a.root, a.op, a.color, a.key,
                  a.group, a.ndims})
        h.value(v);
    for (const void* p :
         {static_cast<const void*>(a.sendbuf), static_cast<const void*>(a.recvbuf),
          static_cast<const void*>(a.sendcounts), static_cast<const void*>(a.sdispls),
          static_cast<const void*>(a.sendtypes), static_cast<const void*>(a.recvcounts),
          static_cast<const void*>(a.rdispls), static_cast<const void*>(a.recvtypes),
          static_cast<const void*>(a.dims), static_cast<const void*>(a.periods),
          static_cast<const void*>(a.newcomm)})
        h.value(reinterpret_cast<std::uintptr_t>(p));
    if (a.kind == CollectiveKind::IntercommCreate || a.kind == CollectiveKind::IntercommMerge)
        for (int v : {a.peer_comm, a.remote_leader, a.tag, a.high}) h.value(v);
    if (a.kind == CollectiveKind::GraphCreate || a.kind == CollectiveKind::DistGraphCreate) {
        for (int v : {static_cast<int>(a.adjacent), a.graph_count, a.graph_out}) h.value(v);
        for (const int* p : {a.graph_edges, a.graph_sources, a.graph_source_weights,
                             a.graph_degrees, a.graph_destinations, a.graph_weights})
            h.value(reinterpret_cast<std::uintptr_t>(p));
    }
    // Window collectives only: the other kinds keep the digests they had before windows.
    if (a.kind < CollectiveKind::WinCreate) return;
    h.value(static_cast<std::int64_t>(a.win_size));
    for (int v : {a.disp_unit, a.flavor, a.win, a.assertion}) h.value(v);
    if (a.shared_noncontig) h.value(std::uint8_t{'n'}); // only then: other digests stay
    h.value(reinterpret_cast<std::uintptr_t>(a.newwin));
    h.value(reinterpret_cast<std::uintptr_t>(a.win_attributes));
}
} // namespace

void feed_pending(StateHasher& h, const PendingCollective& p) {
    h.value(p.arrived);
    for (const CollectivePart& part : p.parts) {
        h.value(part.rank);
        if (part.rank < 0) continue;
        feed_args(h, part.args);
        h.value(static_cast<std::uint64_t>(part.site));
        h.value(part.slot);
        h.value(part.comm);
        for (const TypemapRef* m : {&part.sendmap, &part.recvmap})
            h.value(*m ? (*m)->digest() : std::uint64_t{0});
        h.value(static_cast<std::uint8_t>(part.user_op.has_value()));
        if (part.user_op) {
            h.value(reinterpret_cast<std::uintptr_t>(part.user_op->fn));
            h.value(static_cast<std::uint8_t>(part.user_op->commute));
        }
    }
}

void CollectiveQueue::feed(StateHasher& h) const {
    h.value(static_cast<std::uint64_t>(comms_.size()));
    for (const PerComm& c : comms_) {
        h.value(static_cast<std::uint64_t>(c.filed.size()));
        for (std::uint32_t n : c.filed) h.value(n);
        h.value(static_cast<std::uint64_t>(c.pending.size()));
        for (const PendingCollective& p : c.pending) feed_pending(h, p);
    }
}

} // namespace rankfold::mpi
