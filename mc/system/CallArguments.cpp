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
    explicit Writer(CallArgumentBuffer& out) : out_(out) {}
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
    std::span<const CallArgument> done() const { return {out_.data(), used_}; }

private:
    CallArgumentBuffer& out_;
    std::size_t used_ = 0;
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
        w << a.recvbuf << a.recvcount << a.recvtype << a.root << c.comm;
        break;
    case K::Reduce: // (sendbuf, recvbuf, count, type, op, root, comm)
        w << a.sendbuf << a.recvbuf << a.sendcount << a.sendtype << a.op << a.root << c.comm;
        break;
    case K::Allreduce: // (sendbuf, recvbuf, count, type, op, comm)
    case K::Scan:
    case K::Exscan:
        w << a.sendbuf << a.recvbuf << a.sendcount << a.sendtype << a.op << c.comm;
        break;
    case K::Gather: // (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm)
    case K::Scatter:
        w << a.sendbuf << a.sendcount << a.sendtype << a.recvbuf << a.recvcount << a.recvtype
          << a.root << c.comm;
        break;
    case K::Allgather: // (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm)
    case K::Alltoall:
        w << a.sendbuf << a.sendcount << a.sendtype << a.recvbuf << a.recvcount << a.recvtype
          << c.comm;
        break;
    default:
        return;
    }
    if (a.nonblocking) w << c.requests;
}

} // namespace

std::span<const CallArgument> call_arguments(const mpi::RankCall& c, CallArgumentBuffer& out) {
    Writer w(out);
    switch (c.kind) {
    case CallKind::Send: // (buf, count, type, dest, tag, comm)
        w << c.send_buffer << c.send_count << c.send_type << c.dest << c.send_tag << c.comm;
        break;
    case CallKind::Isend: // ... , request
    case CallKind::SendInit:
        w << c.send_buffer << c.send_count << c.send_type << c.dest << c.send_tag << c.comm
          << c.requests;
        break;
    case CallKind::Recv: // (buf, count, type, source, tag, comm, status)
        w << c.recv_buffer << c.recv_count << c.recv_type << c.source << c.recv_tag << c.comm
          << c.statuses;
        break;
    case CallKind::Irecv: // ... , request
    case CallKind::RecvInit:
        w << c.recv_buffer << c.recv_count << c.recv_type << c.source << c.recv_tag << c.comm
          << c.requests;
        break;
    case CallKind::Sendrecv:
        w << c.send_buffer << c.send_count << c.send_type << c.dest << c.send_tag << c.recv_buffer
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
    case CallKind::Rma: // (origin, count, type, result, count, type, target, disp, count, type,
                        //  op, win): one shape for every one-sided call
        w << c.rma.origin << c.rma.origin_count << c.rma.origin_type << c.rma.result
          << c.rma.result_count << c.rma.result_type << c.rma.target << c.rma.target_disp
          << c.rma.target_count << c.rma.target_type << c.rma.op << c.rma.win;
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
