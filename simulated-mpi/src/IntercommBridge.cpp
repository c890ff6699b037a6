// IntercommBridge: pairing the two halves of MPI_Intercomm_create and making the
// intercommunicator.
#include "simulated-mpi/src/IntercommBridge.hpp"

#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/ProcessGroup.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rankfold::mpi {

bool IntercommBridge::arrive(WorldCore& core, CollectiveQueue& queue, int rank,
                             const RankCall& call, int local_id, PendingCollective op) {
    Half half;
    half.group = core.comms.communicator(local_id).members;
    const CollectivePart& leader = op.parts[static_cast<std::size_t>(op.parts[0].args.root)];
    half.leader = leader.rank;
    // The leader's peer communicator and remote leader were checked when it called.
    const auto peer = core.view(leader.rank, leader.args.peer_comm);
    half.peer_id = peer->id;
    half.remote_leader = core.comms.communicator(peer->id)
                             .members[static_cast<std::size_t>(peer->remote_offset) +
                                      static_cast<std::size_t>(leader.args.remote_leader)];
    half.tag = leader.args.tag;
    half.op = std::move(op);

    auto fail = [&](const Half* other, std::string message) {
        core.fail(rank, call, MPI_ERR_OTHER, Misuse::IntercommMismatch, std::move(message));
        finish(core, half);
        if (other != nullptr) {
            finish(core, *other);
            halves_.erase(halves_.begin() + (other - halves_.data()));
        }
        return false;
    };
    if (std::find(half.group.begin(), half.group.end(), half.remote_leader) != half.group.end())
        return fail(nullptr,
                    fmt::format("the remote leader (world rank {}) is in the local group: an "
                                "intercommunicator's groups must be disjoint (MPI 3.1 §6.6.2)",
                                half.remote_leader));
    for (const Half& other : halves_) {
        const bool names_me = other.remote_leader == half.leader;
        const bool i_name_it = half.remote_leader == other.leader;
        if (!names_me && !i_name_it) continue;
        if (!names_me || !i_name_it)
            return fail(&other,
                        fmt::format("mismatched leaders: the group led by world rank {} names "
                                    "world rank {} as its remote leader, but the group led by "
                                    "world rank {} names world rank {}",
                                    half.leader, half.remote_leader, other.leader,
                                    other.remote_leader));
        if (other.tag != half.tag || other.peer_id != half.peer_id)
            return fail(&other, fmt::format("the leaders (world ranks {} and {}) passed {}: they "
                                            "must agree to meet",
                                            half.leader, other.leader,
                                            other.tag != half.tag
                                                ? fmt::format("different tags ({} and {})",
                                                              half.tag, other.tag)
                                                : std::string("different peer communicators")));
        const Group common = intersection(half.group, other.group);
        if (!common.empty())
            return fail(&other,
                        fmt::format("the local groups overlap (world rank {} is in both): an "
                                    "intercommunicator's groups must be disjoint (MPI 3.1 "
                                    "§6.6.2)",
                                    common.front()));
        const Half partner = other;
        halves_.erase(halves_.begin() + (&other - halves_.data()));
        // The group with the lower leader first, so that the order of arrival leaves no trace.
        const bool mine_first = half.leader < partner.leader;
        return join(core, queue, rank, call, mine_first ? half : partner,
                    mine_first ? partner : half);
    }
    halves_.push_back(std::move(half));
    return true;
}

bool IntercommBridge::join(WorldCore& core, CollectiveQueue& queue, int rank, const RankCall& call,
                           const Half& first, const Half& second) {
    const int id = core.comms.create_inter(first.group, second.group);
    queue.reset(id);
    bool ok = true;
    for (const Half* half : {&first, &second}) {
        for (const CollectivePart& p : half->op.parts) {
            const MPI_Comm handle = core.comms.attach(p.rank, id, p.site);
            // A new communicator inherits the error handler of the one it came from.
            core.comms.handle(p.rank, handle)->errhandler =
                core.comms.handle(p.rank, p.comm)->errhandler;
            if (ok && !write_out(p.args.newcomm, handle)) {
                core.fail(
                    rank, call, MPI_ERR_ARG, Misuse::InvalidArgument,
                    fmt::format("world rank {}'s newintercomm argument is not writable", p.rank));
                ok = false;
            }
        }
        finish(core, *half);
    }
    return ok;
}

void IntercommBridge::finish(WorldCore& core, const Half& half) {
    for (const CollectivePart& p : half.op.parts) core.requests.finish(p.rank, p.slot);
}

bool IntercommBridge::parked(int world_rank) const {
    return std::any_of(halves_.begin(), halves_.end(), [&](const Half& h) {
        return std::find(h.group.begin(), h.group.end(), world_rank) != h.group.end();
    });
}

void IntercommBridge::feed(StateHasher& h) const {
    // Nothing while no half waits: the digests of programs without intercommunicators stay.
    if (halves_.empty()) return;
    h.value(static_cast<std::uint64_t>(halves_.size()));
    for (const Half& half : halves_) {
        feed_pending(h, half.op);
        h.value(static_cast<std::uint64_t>(half.group.size()));
        h.bytes(half.group.data(), half.group.size() * sizeof(int));
        for (int v : {half.leader, half.remote_leader, half.peer_id, half.tag}) h.value(v);
    }
}

} // namespace rankfold::mpi
