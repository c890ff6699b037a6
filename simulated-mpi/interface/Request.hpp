// A request as the runtime keeps it: one slot in its owner's table, a value type.
#pragma once

#include "simulated-mpi/src/Typemap.hpp"

#include <mpi.h>

#include <cstddef>
#include <cstdint>

namespace rankfold::mpi {

enum class SendMode : std::uint8_t { Standard, Synchronous, Buffered, Ready };

const char* send_mode_name(SendMode mode); // "MPI_Send", "MPI_Ssend", ...

struct Request {
    enum class Kind : std::uint8_t { Free, Send, Receive, Collective, Rma, Generalized };
    Kind kind = Kind::Free;
    SendMode mode = SendMode::Standard;
    bool persistent = false;
    bool active = false;     // posted and not yet completed by a wait/test
    bool complete = false;   // the operation finished; a wait/test may return it
    bool user_freed = false; // MPI_Request_free on an active request: release on completion
    bool started = false;    // a persistent request was started at least once
    // MPI_Request_get_status reported the active request complete: its buffer is the
    // program's again although the request stays active (the race checks read this).
    bool seen_complete = false;
    bool cancelled = false; // MPI_Cancel took it back before it matched (MPI_Test_cancelled)
    // Complete at its call with nothing left to progress (MPI_Imrecv: the message was in the
    // rank's hands already): a test of it succeeds at once, not as a choice.
    bool immediate = false;
    // MPI_Isendrecv(_replace): the program's request is the receive; its send half is a slot
    // of its own that releases itself when done. The receive completes only once both have:
    // `companion` is the send half's slot while it is pending (-1 after), `arrived` says the
    // message was delivered meanwhile, and the send half's `part_of` is the receive's slot.
    int companion = -1;
    int part_of = -1;
    bool arrived = false;
    int peer = 0; // destination or source (may be MPI_ANY_SOURCE / MPI_PROC_NULL)
    int tag = 0;
    MPI_Comm comm = MPI_COMM_NULL;
    std::uintptr_t buffer = 0; // application address
    int count = 0;
    MPI_Datatype datatype = MPI_DATATYPE_NULL;
    TypemapRef layout;       // the datatype as it was when posted (it may be freed since)
    std::uintptr_t site = 0; // where it was created, for reports

    // Filled on completion.
    int status_source = MPI_ANY_SOURCE;
    int status_tag = MPI_ANY_TAG;
    int status_error = MPI_SUCCESS;
    std::size_t status_bytes = 0;
    std::size_t message_bytes = 0; // what arrived; more than status_bytes when truncated
    std::size_t bsend_bytes = 0;   // attached-buffer space held until the message is delivered
    TypeSignature sent;            // the message's signature, kept when it did not match
    // MPI_Grequest_start: the program's query, free and cancel functions (their extra state is
    // `buffer`), application addresses.
    std::uintptr_t grequest_query = 0;
    std::uintptr_t grequest_free = 0;
    std::uintptr_t grequest_cancel = 0;

    bool is_free() const { return kind == Kind::Free; }
    friend bool operator==(const Request&, const Request&) = default;
};

} // namespace rankfold::mpi
