// Generalized requests (MPI 3.1 §12.2), local calls: MPI_Grequest_start makes a request the
// program completes itself with MPI_Grequest_complete. Waits and tests finish it like any other
// request, then call its query function (which fills the status) and its free function, on the
// rank (GrequestCallbacks.hpp); MPI_Cancel calls its cancel function (ApiCancel.cpp). A wait on
// one that is never completed blocks forever: a deadlock, when no rank can go on.
#include "simulated-mpi/src/Api.hpp"
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/Handles.hpp"

#include <fmt/format.h>

using namespace rankfold::mpi;

RF_EXPORT int MPI_Grequest_start(MPI_Grequest_query_function* query_fn,
                                 MPI_Grequest_free_function* free_fn,
                                 MPI_Grequest_cancel_function* cancel_fn, void* extra_state,
                                 MPI_Request* request) {
    RF_LOCAL_ENTRY("MPI_Grequest_start", request);
    if (query_fn == nullptr || free_fn == nullptr || cancel_fn == nullptr)
        return call.error(MPI_COMM_WORLD, MPI_ERR_ARG, Misuse::InvalidArgument,
                          "the query, free and cancel functions must not be NULL");
    Request callbacks;
    callbacks.grequest_query = reinterpret_cast<std::uintptr_t>(query_fn);
    callbacks.grequest_free = reinterpret_cast<std::uintptr_t>(free_fn);
    callbacks.grequest_cancel = reinterpret_cast<std::uintptr_t>(cancel_fn);
    callbacks.buffer = reinterpret_cast<std::uintptr_t>(extra_state);
    callbacks.comm = MPI_COMM_WORLD;
    callbacks.site = site;
    const int slot = call.world.start_grequest(call.rank, callbacks);
    if (!write_out(request, make_handle(RF_KIND_REQUEST, slot))) {
        call.world.complete_grequest(call.rank, slot);
        return call.error(MPI_COMM_WORLD, MPI_ERR_ARG, Misuse::InvalidArgument,
                          "the request argument is not writable");
    }
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Grequest_complete(MPI_Request request) {
    RF_LOCAL_ENTRY("MPI_Grequest_complete", request);
    const Request* r = call.world.requests().find(call.rank, request);
    if (r == nullptr || r->kind != Request::Kind::Generalized)
        return call.error(
            MPI_COMM_WORLD, MPI_ERR_REQUEST, Misuse::InvalidHandle,
            fmt::format("{:#x} is not a generalized request (MPI_Grequest_start)", request));
    if (r->complete)
        return call.error(MPI_COMM_WORLD, MPI_ERR_REQUEST, Misuse::RequestState,
                          fmt::format("generalized request {:#x} is already complete", request));
    // One the program freed (MPI_Request_free) goes away now: nobody waits to call its free
    // function, so it is called here.
    const bool freed = r->user_freed;
    auto* free_fn = reinterpret_cast<MPI_Grequest_free_function*>(r->grequest_free);
    void* extra = reinterpret_cast<void*>(r->buffer);
    call.world.complete_grequest(call.rank, *handle_index(request, RF_KIND_REQUEST));
    if (!freed) return MPI_SUCCESS;
    rankfold::snapshot::CallbackScope app(rf_section_);
    return free_fn(extra);
}
