// MPI_Intercomm_create (MPI 3.1 §6.6.2) joins two groups: it is collective over each group's
// local communicator, and the two leaders meet through the peer communicator. Each group's
// operation, once all its members have called, waits here as a half; when the half whose
// leader its leader names arrives, the intercommunicator is made and both groups return. The
// leaders' exchange is not sent as messages over the peer communicator: it cannot be matched
// by the program's own receives there, a difference from real MPI only a program that
// receives with MPI_ANY_TAG on the peer communicator during the call could see.
// A value type, part of the MpiWorld state.
#pragma once

#include "simulated-mpi/interface/PendingCollective.hpp"
#include "simulated-mpi/interface/RankCall.hpp"
#include "simulated-mpi/src/CollectiveQueue.hpp"
#include "simulated-mpi/src/WorldCore.hpp"

#include <vector>

namespace rankfold::mpi {

class IntercommBridge {
public:
    // The operation `op` of local communicator `local_id` is complete (its last member, `rank`,
    // made `call`): parks it as a half, or makes the intercommunicator with the half it
    // completes. False after fail() (the requests of every part involved are then finished).
    bool arrive(WorldCore& core, CollectiveQueue& queue, int rank, const RankCall& call,
                int local_id, PendingCollective op);

    // For deadlock reports: whether `world_rank` waits in a parked half.
    bool parked(int world_rank) const;

    void feed(StateHasher& h) const;
    friend bool operator==(const IntercommBridge&, const IntercommBridge&) = default;

private:
    struct Half {
        PendingCollective op;   // by rank in the local communicator
        std::vector<int> group; // world ranks of the local group, in rank order
        int leader = -1;        // world rank of the local leader
        int remote_leader = -1; // world rank of the leader it names
        int peer_id = -1;       // the peer communicator (as the leader saw it)
        int tag = 0;            // the leader's tag
        friend bool operator==(const Half&, const Half&) = default;
    };
    bool join(WorldCore& core, CollectiveQueue& queue, int rank, const RankCall& call,
              const Half& first, const Half& second);
    static void finish(WorldCore& core, const Half& half);

    std::vector<Half> halves_; // in arrival order
};

} // namespace rankfold::mpi
