// Running the callbacks of generalized requests on the rank (MPI 3.1 §12.2): the query and free
// functions of those a wait or test just completed (the query function alone for
// MPI_Request_get_status), after the call returns from the checker.
#pragma once

#include "simulated-mpi/src/Api.hpp"
#include "simulated-mpi/src/AppAccess.hpp"

namespace rankfold::mpi {

// Runs the query and free functions of the generalized requests the call completed; returns
// `result`, or the first error one of them returned if `result` is MPI_SUCCESS.
inline int run_grequests_done(int result, const snapshot::RuntimeSection& section) {
    MpiWorld& world = rank_gate().world();
    const int rank = rank_gate().current_rank();
    while (const auto g = world.next_grequest_done(rank)) {
        MPI_Status scratch{};
        MPI_Status* status = ignored(g->status) ? &scratch : g->status;
        void* extra = reinterpret_cast<void*>(g->extra_state);
        int queried = MPI_SUCCESS;
        int freed = MPI_SUCCESS;
        {
            snapshot::CallbackScope app(section);
            queried = reinterpret_cast<MPI_Grequest_query_function*>(g->query)(extra, status);
            // No free function: MPI_Request_get_status, which leaves the request alone.
            if (g->free != 0) freed = reinterpret_cast<MPI_Grequest_free_function*>(g->free)(extra);
        }
        if (result == MPI_SUCCESS) result = queried != MPI_SUCCESS ? queried : freed;
    }
    return result;
}

} // namespace rankfold::mpi
