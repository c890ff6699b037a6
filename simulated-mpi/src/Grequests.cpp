// MpiWorld's generalized requests (MPI 3.1 §12.2): a request slot of kind Generalized that the
// program completes itself with MPI_Grequest_complete; waits and tests finish it like any other
// and leave its query and free functions to run on the rank (ApiGrequest.cpp).
#include "simulated-mpi/interface/MpiWorld.hpp"

namespace rankfold::mpi {

int MpiWorld::start_grequest(int rank, const Request& callbacks) {
    const int slot = core_.requests.create(rank);
    Request& r = core_.requests.at(rank, slot);
    r = callbacks;
    r.kind = Request::Kind::Generalized;
    r.active = true;
    r.complete = false;
    r.status_source = MPI_ANY_SOURCE;
    r.status_tag = MPI_ANY_TAG;
    return slot;
}

std::optional<GrequestDone> MpiWorld::next_grequest_done(int rank) {
    auto& done = core_.ranks[rank].grequests_done;
    if (done.empty()) return std::nullopt;
    const GrequestDone first = done.front();
    done.erase(done.begin());
    return first;
}

} // namespace rankfold::mpi
