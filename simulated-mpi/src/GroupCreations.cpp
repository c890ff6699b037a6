#include "simulated-mpi/src/GroupCreations.hpp"

#include "simulated-mpi/src/AppAccess.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rankfold::mpi {

bool GroupCreations::arrive(WorldCore& core, CollectiveQueue& queue, int rank, const RankCall& call,
                            int parent_id, int slot) {
    const GroupEntry* group = core.ranks[rank].groups.find(call.coll.group);
    const std::vector<int>& members = group->members; // checked by the caller
    const Arrival me{rank, slot, call.site, call.comm, call.coll.newcomm};
    // The oldest call of this group and tag that `rank` has not joined yet. A call whose group
    // differs is another operation, even if the groups overlap: a process may make several in
    // a row with one tag, and one that comes early waits for the others.
    for (auto it = waiting_.begin(); it != waiting_.end(); ++it) {
        if (it->parent != parent_id || it->tag != call.coll.tag || it->members != members) continue;
        if (std::any_of(it->arrived.begin(), it->arrived.end(),
                        [&](const Arrival& a) { return a.rank == rank; }))
            continue;
        it->arrived.push_back(me);
        if (it->arrived.size() < it->members.size()) return true;
        const Waiting done = std::move(*it);
        waiting_.erase(it);
        return make(core, queue, rank, call, done);
    }
    Waiting w{parent_id, call.coll.tag, members, {me}};
    if (members.size() == 1) return make(core, queue, rank, call, w);
    waiting_.push_back(std::move(w));
    return true;
}

bool GroupCreations::make(WorldCore& core, CollectiveQueue& queue, int rank, const RankCall& call,
                          const Waiting& w) {
    const int id = core.comms.create(w.members);
    queue.reset(id);
    bool ok = true;
    for (const Arrival& a : w.arrived) {
        const MPI_Comm handle = core.comms.attach(a.rank, id, a.site);
        // A new communicator inherits its parent's error handler (MPI 3.1 §8.3).
        core.comms.handle(a.rank, handle)->errhandler =
            core.comms.handle(a.rank, a.comm)->errhandler;
        if (ok && !write_out(a.newcomm, handle)) {
            core.fail(rank, call, MPI_ERR_ARG, Misuse::InvalidArgument,
                      fmt::format("world rank {}'s newcomm argument is not writable", a.rank));
            ok = false;
        }
        core.requests.finish(a.rank, a.slot);
    }
    return ok;
}

void GroupCreations::feed(StateHasher& h) const {
    // Nothing while no call waits: the digests of programs that do not use it stay.
    if (waiting_.empty()) return;
    h.value(static_cast<std::uint64_t>(waiting_.size()));
    for (const Waiting& w : waiting_) {
        h.value(w.parent);
        h.value(w.tag);
        h.value(static_cast<std::uint64_t>(w.members.size()));
        h.bytes(w.members.data(), w.members.size() * sizeof(int));
        h.value(static_cast<std::uint64_t>(w.arrived.size()));
        for (const Arrival& a : w.arrived) {
            for (int v : {a.rank, a.slot, a.comm}) h.value(v);
            h.value(static_cast<std::uint64_t>(a.site));
            h.value(reinterpret_cast<std::uintptr_t>(a.newcomm));
        }
    }
}

} // namespace rankfold::mpi
