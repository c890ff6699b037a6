// OneSided, a part of MpiWorld: the one-sided calls that are not collective (MPI 3.1 §11.3,
// §11.5): issuing an RMA operation (its checks, and queueing it at the origin until the
// epoch's synchronisation makes it land), and the synchronisation calls of passive target
// (locks, flushes) and general active target (post, start, complete, wait, test). Holds no
// data: built over the world's windows for one call.
//
// Operations land deterministically at the synchronisation that completes them (a fence,
// an unlock, a flush, a complete): a race-free program cannot observe them earlier. Who gets
// a contended lock is the explorer's choice: a lock request is never granted by the
// deterministic closure (MpiWorld::lock_grantable lists the requests it could grant).
#pragma once

#include "simulated-mpi/interface/Progress.hpp"
#include "simulated-mpi/interface/RankCall.hpp"
#include "simulated-mpi/src/WorldCore.hpp"

namespace rankfold::mpi {

class OneSided {
public:
    explicit OneSided(WorldCore& core) : core_(core) {}

    Progress issue(int rank, RankCall& call);
    // Whether a blocked lock, start or wait can complete now.
    static bool ready(const WorldCore& core, int rank, const RankCall& call);
    Progress complete(int rank, RankCall& call);

private:
    struct Site {
        int rank;
        RankCall& call;
        Window& window;
        int me; // the caller's rank in the window's group
        WindowMember& member() { return window.members[static_cast<std::size_t>(me)]; }
    };
    Progress communicate(Site s);
    // The request of a request-based operation (MPI_Rput...), complete at once.
    Progress completed_request(Site s);
    Progress lock(Site s);
    Progress unlock(Site s);
    Progress flush(Site s);
    Progress post(Site s);
    Progress start(Site s);
    Progress complete_access(Site s);
    Progress wait(Site s);
    // The window ranks of a group's members (world ranks); false after fail().
    bool group_ranks(Site s, std::vector<int>& out);
    Progress land(Site s, int target);
    Progress fail(Site s, int code, Misuse misuse, std::string message) {
        return core_.fail(s.rank, s.call, code, misuse, std::move(message));
    }

    WorldCore& core_;
};

} // namespace rankfold::mpi
