#include "mc/system/CallArguments.hpp"

#include "snapshot/GuardedCopy.hpp"

#include <algorithm>

#include <cstdint>
#include <type_traits>

namespace rankfold::mc {

namespace {

using mpi::CallKind;
using properties::CallArgument;

class Writer {
public:
    Writer(CallArgumentBuffer& out, const mpi::MpiWorld* world, int rank)
        : out_(out), world_(world), rank_(rank) {}
    // An integer or handle, zero-extended; a pointer as its address with its pointee's size
    // (void pointers: buffers, 0).
    template <class T> Writer& operator<<(T v) {
        CallArgument a;
        if constexpr (std::is_pointer_v<T>) {
            a.value = reinterpret_cast<std::uintptr_t>(v);
            using Pointee = std::remove_cv_t<std::remove_pointer_t<T>>;
            if constexpr (!std::is_void_v<Pointee>) a.pointee_size = sizeof(Pointee);
        } else {
            a.value = static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<T>>(v));
        }
        if (used_ < out_.size()) out_[used_++] = a;
        return *this;
    }
    // A buffer of `count` elements of `type`, `times` over (a gather's root receives one
    // count from each rank): its address, and how far the elements reach from it.
    Writer& buffer(const void* p, int count, MPI_Datatype type, int times = 1) {
        *this << p;
        if (used_ > 0 && used_ <= out_.size()) out_[used_ - 1].bytes = reach(p, count, type, times);
        return *this;
    }
    std::span<const CallArgument> done() const { return {out_.data(), used_}; }
    // The size of `comm` as the rank sees it (1 if unknown).
    int size_of(MPI_Comm comm) const {
        const auto n = world_ ? world_->comm_size(rank_, comm) : std::nullopt;
        return n.value_or(1);
    }
    bool is_root(int root, MPI_Comm comm) const {
        const auto me = world_ ? world_->comm_rank(rank_, comm) : std::nullopt;
        return me && *me == root;
    }

private:
    std::uint64_t reach(const void* p, int count, MPI_Datatype type, int times) const {
        if (world_ == nullptr || p == nullptr || p == MPI_IN_PLACE || count <= 0 || times <= 0)
            return 0;
        const mpi::Typemap* t = world_->datatype(rank_, type);
        if (t == nullptr || t->size() == 0) return 0;
        const auto n = static_cast<std::int64_t>(count) * times;
        const std::int64_t last = (n - 1) * t->extent() + t->true_ub();
        return last > 0 ? static_cast<std::uint64_t>(last) : 0;
    }

    CallArgumentBuffer& out_;
    std::size_t used_ = 0;
    const mpi::MpiWorld* world_;
    int rank_;
};

// Collectives with a fixed argument list (not the v/w forms, not communicator constructors),
// in the order of their C parameters; the I-forms add the request.
void collective_arguments(const mpi::RankCall& c, Writer& w) {
    const mpi::CollectiveArgs& a = c.coll;
    using K = mpi::CollectiveKind;
    switch (a.kind) {
    case K::Barrier: // (comm)
        w << c.comm;
        break;
    case K::Bcast: // (buffer, count, type, root, comm)
        w.buffer(a.recvbuf, a.recvcount, a.recvtype)
            << a.recvcount << a.recvtype << a.root << c.comm;
        break;
    case K::Reduce: // (sendbuf, recvbuf, count, type, op, root, comm)
        w.buffer(a.sendbuf, a.sendcount, a.sendtype)
                .buffer(a.recvbuf, a.sendcount, a.sendtype, w.is_root(a.root, c.comm) ? 1 : 0)
            << a.sendcount << a.sendtype << a.op << a.root << c.comm;
        break;
    case K::Allreduce: // (sendbuf, recvbuf, count, type, op, comm)
    case K::Scan:
    case K::Exscan:
        w.buffer(a.sendbuf, a.sendcount, a.sendtype).buffer(a.recvbuf, a.sendcount, a.sendtype)
            << a.sendcount << a.sendtype << a.op << c.comm;
        break;
    case K::Gather: { // (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm)
        const int at_root = w.is_root(a.root, c.comm) ? w.size_of(c.comm) : 0;
        w.buffer(a.sendbuf, a.sendcount, a.sendtype) << a.sendcount << a.sendtype;
        w.buffer(a.recvbuf, a.recvcount, a.recvtype, at_root)
            << a.recvcount << a.recvtype << a.root << c.comm;
        break;
    }
    case K::Scatter: { // the root sends one count to each rank
        const int at_root = w.is_root(a.root, c.comm) ? w.size_of(c.comm) : 0;
        w.buffer(a.sendbuf, a.sendcount, a.sendtype, at_root) << a.sendcount << a.sendtype;
        w.buffer(a.recvbuf, a.recvcount, a.recvtype)
            << a.recvcount << a.recvtype << a.root << c.comm;
        break;
    }
    case K::Allgather: // (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm)
    case K::Alltoall: {
        const int n = w.size_of(c.comm);
        w.buffer(a.sendbuf, a.sendcount, a.sendtype, a.kind == K::Alltoall ? n : 1)
            << a.sendcount << a.sendtype;
        w.buffer(a.recvbuf, a.recvcount, a.recvtype, n) << a.recvcount << a.recvtype << c.comm;
        break;
    }
    default:
        return;
    }
    if (a.nonblocking) w << c.requests;
}

// One-sided calls, in their C parameter order (contracts name parameters by position:
// CoVer's MPI_Get contract watches parameter 0 until an rma_complete call on parameter 7).
void rma_arguments(const mpi::RmaArgs& a, Writer& w) {
    using K = mpi::RmaKind;
    const auto target = [&] { w << a.target << a.target_disp << a.target_count << a.target_type; };
    switch (a.kind) {
    case K::Put:        // (origin, count, type, target, disp, count, type, win[, request])
    case K::Accumulate: // ... , op, win[, request]
        w.buffer(a.origin, a.origin_count, a.origin_type) << a.origin_count << a.origin_type;
        target();
        if (a.kind == K::Accumulate) w << a.op;
        w << a.win;
        break;
    case K::Get: // (origin, count, type, target, disp, count, type, win[, request])
        w.buffer(a.result, a.result_count, a.result_type) << a.result_count << a.result_type;
        target();
        w << a.win;
        break;
    case K::GetAccumulate: // (origin, count, type, result, count, type, target..., op, win)
        w.buffer(a.origin, a.origin_count, a.origin_type) << a.origin_count << a.origin_type;
        w.buffer(a.result, a.result_count, a.result_type) << a.result_count << a.result_type;
        target();
        w << a.op << a.win;
        break;
    case K::FetchAndOp: // (origin, result, type, target, disp, op, win)
        w.buffer(a.origin, 1, a.origin_type).buffer(a.result, 1, a.origin_type)
            << a.origin_type << a.target << a.target_disp << a.op << a.win;
        return;
    case K::CompareAndSwap: // (origin, compare, result, type, target, disp, win)
        w.buffer(a.origin, 1, a.origin_type)
                .buffer(a.compare, 1, a.origin_type)
                .buffer(a.result, 1, a.origin_type)
            << a.origin_type << a.target << a.target_disp << a.win;
        return;
    case K::Lock: // (lock_type, rank, assert, win)
        w << a.lock_type << a.target << a.assertion << a.win;
        return;
    case K::Unlock: // (rank, win)
    case K::Flush:
    case K::FlushLocal:
        w << a.target << a.win;
        return;
    case K::LockAll: // (assert, win)
        w << a.assertion << a.win;
        return;
    case K::Post: // (group, assert, win)
    case K::Start:
        w << a.group << a.assertion << a.win;
        return;
    case K::Test: // (win, flag)
        w << a.win << a.flag;
        return;
    case K::UnlockAll: // (win)
    case K::FlushAll:
    case K::FlushLocalAll:
    case K::Sync:
    case K::Complete:
    case K::Wait:
        w << a.win;
        return;
    }
    if (a.request != nullptr) w << a.request; // MPI_Rput, MPI_Rget, MPI_R(get_)accumulate
}

} // namespace

std::span<const CallArgument> call_arguments(const mpi::RankCall& c, CallArgumentBuffer& out,
                                             const mpi::MpiWorld* world, int rank) {
    Writer w(out, world, rank);
    switch (c.kind) {
    case CallKind::Send: // (buf, count, type, dest, tag, comm)
        w.buffer(c.send_buffer, c.send_count, c.send_type)
            << c.send_count << c.send_type << c.dest << c.send_tag << c.comm;
        break;
    case CallKind::Isend: // ... , request
    case CallKind::SendInit:
        w.buffer(c.send_buffer, c.send_count, c.send_type)
            << c.send_count << c.send_type << c.dest << c.send_tag << c.comm << c.requests;
        break;
    case CallKind::Recv: // (buf, count, type, source, tag, comm, status)
        w.buffer(c.recv_buffer, c.recv_count, c.recv_type)
            << c.recv_count << c.recv_type << c.source << c.recv_tag << c.comm << c.statuses;
        break;
    case CallKind::Irecv: // ... , request
    case CallKind::RecvInit:
        w.buffer(c.recv_buffer, c.recv_count, c.recv_type)
            << c.recv_count << c.recv_type << c.source << c.recv_tag << c.comm << c.requests;
        break;
    case CallKind::Sendrecv:
        w.buffer(c.send_buffer, c.send_count, c.send_type)
            << c.send_count << c.send_type << c.dest << c.send_tag;
        w.buffer(c.recv_buffer, c.recv_count, c.recv_type)
            << c.recv_count << c.recv_type << c.source << c.recv_tag << c.comm << c.statuses;
        break;
    case CallKind::Start:       // (request)
    case CallKind::RequestFree: // (request)
        w << c.requests;
        break;
    case CallKind::Startall: // (count, requests)
        w << c.request_count << c.requests;
        break;
    case CallKind::Wait: // (request, status)
        w << c.requests << c.statuses;
        break;
    case CallKind::Test:             // (request, flag, status)
    case CallKind::RequestGetStatus: // (request, flag, status)
        w << c.requests << c.flag << c.statuses;
        break;
    case CallKind::Waitall: // (count, requests, statuses)
        w << c.request_count << c.requests << c.statuses;
        break;
    case CallKind::Testall: // (count, requests, flag, statuses)
        w << c.request_count << c.requests << c.flag << c.statuses;
        break;
    case CallKind::Waitany: // (count, requests, index, status)
        w << c.request_count << c.requests << c.index << c.statuses;
        break;
    case CallKind::Testany: // (count, requests, index, flag, status)
        w << c.request_count << c.requests << c.index << c.flag << c.statuses;
        break;
    case CallKind::Waitsome: // (incount, requests, outcount, indices, statuses)
    case CallKind::Testsome:
        w << c.request_count << c.requests << c.outcount << c.indices << c.statuses;
        break;
    case CallKind::Probe: // (source, tag, comm, status)
        w << c.source << c.recv_tag << c.comm << c.statuses;
        break;
    case CallKind::Iprobe: // (source, tag, comm, flag, status)
        w << c.source << c.recv_tag << c.comm << c.flag << c.statuses;
        break;
    case CallKind::Collective:
        collective_arguments(c, w);
        break;
    case CallKind::Rma:
        rma_arguments(c.rma, w);
        break;
    default:
        break;
    }
    return w.done();
}

TestedRequests::TestedRequests(const mpi::RankCall& call) : call_(call) {
    const bool test = call.kind == CallKind::Test || call.kind == CallKind::Testall ||
                      call.kind == CallKind::Testany || call.kind == CallKind::Testsome;
    if (!test || call.requests == nullptr) return;
    count_ = std::clamp(call.request_count, 0, static_cast<int>(before_.size()));
    for (int i = 0; i < count_; ++i)
        if (!read(call.requests + i, before_[static_cast<std::size_t>(i)])) count_ = i;
}

bool TestedRequests::read(const MPI_Request* where, MPI_Request& value) {
    return snapshot::copy_from_app(&value, where, sizeof value);
}

} // namespace rankfold::mc
