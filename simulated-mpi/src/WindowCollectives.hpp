// The collective calls of windows (MPI 3.1 §11.2, §11.5.1), executed once every member of the
// window's communicator has called: MPI_Win_create/allocate/allocate_shared make the window (with a
// communicator of its own, so that its fences never meet the program's collectives),
// MPI_Win_fence lands every operation issued since the previous fence and opens the next
// epoch, MPI_Win_free takes the window away. Holds no data: built over the world for the call
// that completes the operation.
#pragma once

#include "simulated-mpi/interface/PendingCollective.hpp"
#include "simulated-mpi/interface/RankCall.hpp"
#include "simulated-mpi/src/CollectiveQueue.hpp"
#include "simulated-mpi/src/WorldCore.hpp"

namespace rankfold::mpi {

class WindowCollectives {
public:
    WindowCollectives(WorldCore& core, CollectiveQueue& queue, int rank, const RankCall& call)
        : core_(core), queue_(queue), rank_(rank), call_(call) {}

    // The checks of one member's call before it joins; false after fail().
    static bool check(WorldCore& core, int rank, const RankCall& call);
    // Runs operation `op` on communicator `id`; false after fail().
    bool execute(int id, const PendingCollective& op);

private:
    bool fail(int code, Misuse misuse, std::string message);
    bool create(int id, const PendingCollective& op);
    bool place_shared(Window& w, const PendingCollective& op);
    bool fence(const PendingCollective& op);
    bool free(const PendingCollective& op);

    WorldCore& core_;
    CollectiveQueue& queue_;
    int rank_;
    const RankCall& call_;
};

} // namespace rankfold::mpi
