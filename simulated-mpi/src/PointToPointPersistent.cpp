// PointToPoint: persistent requests (MPI_Send_init, MPI_Recv_init and the modes) and the
// MPI_Start calls that post them again.
#include "simulated-mpi/src/PointToPoint.hpp"

#include "simulated-mpi/src/Handles.hpp"

#include <fmt/format.h>

namespace rankfold::mpi {

int PointToPoint::create_persistent(WorldCore& core, int rank, const RankCall& call) {
    const bool is_send = call.kind == CallKind::SendInit;
    SendArgs s = send_args(call);
    ReceiveArgs r = receive_args(call);
    if (is_send ? !check_send(core, rank, call, s) : !check_receive(core, rank, call, r, false))
        return -1;
    const int slot = core.requests.create(rank);
    Request& req = core.requests.at(rank, slot);
    req.kind = is_send ? Request::Kind::Send : Request::Kind::Receive;
    req.mode = call.mode;
    req.persistent = true;
    req.peer = is_send ? call.dest : call.source;
    req.tag = is_send ? call.send_tag : call.recv_tag;
    req.comm = call.comm;
    req.buffer = reinterpret_cast<std::uintptr_t>(is_send ? call.send_buffer : call.recv_buffer);
    req.count = is_send ? call.send_count : call.recv_count;
    req.datatype = is_send ? call.send_type : call.recv_type;
    req.layout = is_send ? s.layout : r.layout;
    req.site = call.site;
    return slot;
}

bool PointToPoint::start(WorldCore& core, int rank, const RankCall& call, MPI_Request handle) {
    Request* req = core.requests.find(rank, handle);
    if (!req || !req->persistent)
        return core.fail(rank, call, MPI_ERR_REQUEST,
                         fmt::format("{:#x} is not a persistent request", handle)),
               false;
    if (req->active)
        return core.fail(
                   rank, call, MPI_ERR_REQUEST, Misuse::RequestState,
                   fmt::format("persistent request {:#x} started while still active", handle)),
               false;
    const int slot = *handle_index(handle, RF_KIND_REQUEST);
    req->started = true;
    const Request copy = *req;
    if (copy.kind == Request::Kind::Send)
        return post_send(core, rank, call,
                         {reinterpret_cast<const void*>(copy.buffer), copy.count, copy.datatype,
                          copy.peer, copy.tag, copy.comm, copy.mode, copy.layout},
                         slot) >= 0;
    return post_receive(core, rank, call,
                        {reinterpret_cast<void*>(copy.buffer), copy.count, copy.datatype, copy.peer,
                         copy.tag, copy.comm, copy.layout},
                        slot) >= 0;
}

} // namespace rankfold::mpi
