#include "mc/system/CallArguments.hpp"

#include "mc/system/ArgumentWriter.hpp"

#include "snapshot/GuardedCopy.hpp"

#include <algorithm>

#include <cstdint>
#include <type_traits>

namespace rankfold::mc {

namespace {

using mpi::CallKind;
using properties::CallArgument;

// One-sided calls, in their C parameter order (contracts name parameters by position:
// CoVer's MPI_Get contract watches parameter 0 until an rma_complete call on parameter 7).
void rma_arguments(const mpi::RmaArgs& a, ArgumentWriter& w) {
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
    ArgumentWriter w(out, world, rank);
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
    case CallKind::Isendrecv: // ... , request
        w.buffer(c.send_buffer, c.send_count, c.send_type)
            << c.send_count << c.send_type << c.dest << c.send_tag;
        w.buffer(c.recv_buffer, c.recv_count, c.recv_type)
            << c.recv_count << c.recv_type << c.source << c.recv_tag << c.comm << c.requests;
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
