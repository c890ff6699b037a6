// One visible MPI call of a rank, as the application's thread hands it to the scheduler: the
// raw arguments, where it was called from, and the progress the runtime has made on it.
//
// A call is issued once (its immediate effects: posting, creating requests) and, if it blocks,
// completed later when MpiWorld::ready() says so. The scheduler decides when each happens.
#pragma once

#include "simulated-mpi/interface/Collective.hpp"
#include "simulated-mpi/interface/Request.hpp"
#include "simulated-mpi/interface/Rma.hpp"
#include "simulated-shmem/interface/ShmemCall.hpp"

#include <mpi.h>

#include <array>
#include <cstdint>

namespace rankfold::mpi {

enum class CallKind : std::uint8_t {
    Init,
    Finalize,
    Send, // blocking send of any mode
    Recv,
    Isend, // nonblocking send of any mode
    Irecv,
    SendInit, // persistent send of any mode
    RecvInit,
    Start,
    Startall,
    Wait,
    Waitall,
    Waitany,
    Waitsome,
    Test,
    Testall,
    Testany,
    Testsome,
    RequestGetStatus,
    RequestFree,
    Probe,
    Iprobe,
    Sendrecv,
    SendrecvReplace,
    Isendrecv, // MPI_Isendrecv: one request for both halves
    IsendrecvReplace,
    Mrecv, // MPI_Mrecv, and MPI_Imrecv when `requests` is set: receives a matched message
    BufferAttach,
    BufferDetach,
    Collective, // any collective operation, blocking or not (RankCall::coll says which)
    Rma,        // a one-sided operation or synchronisation call (RankCall::rma says which)
    Shmem,      // a visible OpenSHMEM call (RankCall::shmem says which)
};

// Calls whose issue puts a message or a receive in the queues: only after one of these can a
// new match become possible.
constexpr bool posts(CallKind kind) {
    switch (kind) {
    case CallKind::Send:
    case CallKind::Recv:
    case CallKind::Isend:
    case CallKind::Irecv:
    case CallKind::Start:
    case CallKind::Startall:
    case CallKind::Sendrecv:
    case CallKind::SendrecvReplace:
    case CallKind::Isendrecv:
    case CallKind::IsendrecvReplace:
        return true;
    default:
        return false;
    }
}

// Calls that return at once with "done" or "not yet": whether they succeed is an outcome MPI
// leaves open (MpiWorld::open_outcomes).
constexpr bool tests(CallKind kind) {
    switch (kind) {
    case CallKind::Test:
    case CallKind::Testall:
    case CallKind::Testany:
    case CallKind::Testsome:
    case CallKind::Iprobe:
        return true;
    default:
        return false;
    }
}

struct RankCall {
    CallKind kind = CallKind::Init;
    const char* name = "";   // the MPI function, for reports
    std::uintptr_t site = 0; // return address into the application
    // The runtime already reported the call to the monitors, with its C arguments (a local
    // entry that goes on to submit a collective): the checker does not report it again.
    bool announced = false;

    // Send side.
    const void* send_buffer = nullptr;
    int send_count = 0;
    MPI_Datatype send_type = MPI_DATATYPE_NULL;
    int dest = MPI_PROC_NULL;
    int send_tag = 0;
    SendMode mode = SendMode::Standard;
    // Receive side (also probes).
    void* recv_buffer = nullptr;
    int recv_count = 0;
    MPI_Datatype recv_type = MPI_DATATYPE_NULL;
    int source = MPI_PROC_NULL;
    int recv_tag = 0;
    MPI_Comm comm = MPI_COMM_NULL;

    // Requests and results, all in application memory.
    MPI_Request* requests = nullptr; // one request, or an array for the *all/*any/*some calls
    int request_count = 0;
    MPI_Status* statuses = nullptr; // one status, or an array; may be MPI_STATUS(ES)_IGNORE
    int* index = nullptr;
    int* flag = nullptr;
    int* outcount = nullptr;
    int* indices = nullptr;
    void* buffer_address = nullptr; // Buffer_attach: the buffer; Buffer_detach: where to store it
    int buffer_size = 0;
    int* size_out = nullptr;
    // MPI_Mprobe/MPI_Improbe (CallKind::Probe/Iprobe with this set): where the matched
    // message's handle goes; MPI_Mrecv/MPI_Imrecv: the handle to receive, reset to NULL.
    MPI_Message* message = nullptr;
    CollectiveArgs coll{};    // CallKind::Collective
    RmaArgs rma{};            // CallKind::Rma
    shmem::ShmemCall shmem{}; // CallKind::Shmem

    // Progress, owned by the runtime.
    bool issued = false;
    std::array<int, 2> internal{-1, -1}; // request slots a blocking call created for itself
    int result = MPI_SUCCESS;            // what the MPI function returns
    // Set by the explorer for calls whose outcome MPI leaves open: the key of the outcome to
    // produce (MpiWorld::open_outcomes), -1 to let the runtime pick the natural one.
    int outcome = -1;
    // Set by the explorer under --buffering both for a standard-mode send: 1 buffered, 0 not.
    std::int8_t buffered = -1;
};

} // namespace rankfold::mpi
