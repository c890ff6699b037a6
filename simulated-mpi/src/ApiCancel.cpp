// MPI_Cancel (MPI 4.0 §3.8.4), a local call: a receive that has not matched, or a send whose
// message no receive has taken and whose request still waits for that, is marked for
// cancellation; the explorer then tries both ways MPI allows: the cancel succeeds (the request
// completes as cancelled, MPI_Test_cancelled) or a partner still matches it and it completes
// normally. Anything else has matched or completed already, and the cancel has no effect.
//
// The call sees the queues as they are when the rank reaches it: a message the closure
// matched before is not cancelled (see README, "Limits today"). A buffered send (MPI_Ibsend,
// or a standard send under --buffering infinite), complete at its call, is explored alike
// while its message waits: its request waits for the outcome again.
#include "simulated-mpi/src/Api.hpp"
#include "simulated-mpi/src/Handles.hpp"

#include <fmt/format.h>

using namespace rankfold::mpi;

RF_EXPORT int MPI_Cancel(MPI_Request* request) {
    RF_LOCAL_ENTRY("MPI_Cancel", request);
    if (request == nullptr || *request == MPI_REQUEST_NULL)
        return call.error(MPI_COMM_WORLD, MPI_ERR_REQUEST, Misuse::RequestState,
                          "MPI_REQUEST_NULL cannot be cancelled");
    const Request* r = call.world.requests().find(call.rank, *request);
    if (r == nullptr)
        return call.error(MPI_COMM_WORLD, MPI_ERR_REQUEST, Misuse::InvalidHandle,
                          fmt::format("invalid request {:#x} (freed, or never created)", *request));
    if (r->kind == Request::Kind::Collective || r->kind == Request::Kind::Rma)
        return call.error(r->comm, MPI_ERR_REQUEST, Misuse::InvalidArgument,
                          r->kind == Request::Kind::Collective
                              ? "the request of a nonblocking collective cannot be cancelled "
                                "(MPI 3.1 §5.12)"
                              : "the request of a one-sided operation cannot be cancelled");
    if (!r->active) return MPI_SUCCESS; // an inactive persistent request: nothing to cancel
    if (r->kind == Request::Kind::Generalized) {
        // Its cancel function decides (MPI 3.1 §12.2); the program still completes it.
        auto* cancel_fn = reinterpret_cast<MPI_Grequest_cancel_function*>(r->grequest_cancel);
        void* extra = reinterpret_cast<void*>(r->buffer);
        const int complete = r->complete ? 1 : 0;
        rankfold::snapshot::CallbackScope app(rf_section_);
        return cancel_fn(extra, complete);
    }
    call.world.request_cancel(call.rank, *handle_index(*request, RF_KIND_REQUEST));
    return MPI_SUCCESS;
}
