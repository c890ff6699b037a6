// MpiWorld: construction and the local queries on communicators.
// The per-call logic (issue / ready / complete) is in MpiWorldCalls.cpp.
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/src/Handles.hpp"

namespace rankfold::mpi {

const char* send_mode_name(SendMode mode) {
    switch (mode) {
    case SendMode::Standard:
        return "standard";
    case SendMode::Synchronous:
        return "synchronous";
    case SendMode::Buffered:
        return "buffered";
    case SendMode::Ready:
        return "ready";
    }
    return "?";
}

MpiWorld::MpiWorld(int ranks, Buffering buffering)
    : core_(ranks), p2p_(ranks, buffering), shmem_(ranks) {}

// ---- communicators ------------------------------------------------------------------------

bool MpiWorld::errors_return(int rank, MPI_Comm comm) const {
    // A window handle stands for the window's own error handler (MPI 3.1 §8.3.3).
    if (handle_index(comm, RF_KIND_WIN)) {
        const auto v = core_.windows.view(rank, comm);
        return v && core_.windows.at(v->index)
                            .members[static_cast<std::size_t>(v->my_rank)]
                            .errhandler == MPI_ERRORS_RETURN;
    }
    const CommHandle* h = core_.comms.handle(rank, comm);
    if (h == nullptr) h = core_.comms.handle(rank, MPI_COMM_WORLD);
    return h->errhandler == MPI_ERRORS_RETURN;
}

std::optional<int> MpiWorld::comm_size(int rank, MPI_Comm comm) const {
    auto v = view(rank, comm);
    return v ? std::optional<int>(v->size) : std::nullopt;
}

std::optional<int> MpiWorld::comm_rank(int rank, MPI_Comm comm) const {
    auto v = view(rank, comm);
    return v ? std::optional<int>(v->my_rank) : std::nullopt;
}

} // namespace rankfold::mpi
