// The RankCall values the MPI entry points (ApiPointToPoint.cpp, ApiCompletion.cpp) build, made
// over a test's own buffers, for tests that drive MpiWorld directly and play the scheduler.
#pragma once

#include "simulated-mpi/interface/MpiWorld.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

namespace rankfold::mpi::test {

inline RankCall call(CallKind kind, const char* name) {
    return RankCall{.kind = kind, .name = name};
}

// A world whose every rank has returned from MPI_Init.
inline MpiWorld initialized(int ranks, Buffering buffering) {
    MpiWorld w(ranks, buffering);
    for (int r = 0; r < ranks; ++r) {
        RankCall init = call(CallKind::Init, "MPI_Init");
        REQUIRE(w.issue(r, init) == Progress::Done);
    }
    return w;
}

// As the MPI_*send* entry points build them.
inline RankCall send(CallKind kind, SendMode mode, const void* buf, int count, MPI_Datatype type,
                     int dest, int tag, MPI_Request* request = nullptr,
                     MPI_Comm comm = MPI_COMM_WORLD) {
    RankCall c = call(kind, kind == CallKind::Send ? "MPI_Send" : "MPI_Isend");
    c.send_buffer = buf;
    c.send_count = count;
    c.send_type = type;
    c.dest = dest;
    c.send_tag = tag;
    c.mode = mode;
    c.comm = comm;
    c.requests = request;
    c.request_count = 1;
    return c;
}

// As MPI_Recv / MPI_Probe (status) and MPI_Irecv / MPI_Recv_init (request) build them.
inline RankCall recv(CallKind kind, void* buf, int count, MPI_Datatype type, int source, int tag,
                     MPI_Status* status, MPI_Request* request = nullptr,
                     MPI_Comm comm = MPI_COMM_WORLD) {
    RankCall c = call(kind, kind == CallKind::Probe ? "MPI_Probe" : "MPI_Recv");
    c.recv_buffer = buf;
    c.recv_count = count;
    c.recv_type = type;
    c.source = source;
    c.recv_tag = tag;
    c.comm = comm;
    c.statuses = status;
    c.requests = request;
    c.request_count = request != nullptr;
    return c;
}

} // namespace rankfold::mpi::test
