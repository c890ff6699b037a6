// Intercommunicators (MPI 3.1 §6.6): making one from two disjoint groups, merging one into an
// intracommunicator, and asking one about its groups. Both constructions are collective and
// go through the runtime; the queries are local.
#include "simulated-mpi/src/Api.hpp"
#include "simulated-mpi/src/AppAccess.hpp"

#include <fmt/format.h>

using namespace rankfold::mpi;

namespace {

std::optional<CommRegistry::View> live_view(const LocalCall& call, MPI_Comm comm) {
    return call.world.comms().view(call.rank, comm);
}

int invalid(const LocalCall& call, MPI_Comm comm) {
    return call.error(MPI_COMM_WORLD, MPI_ERR_COMM, Misuse::InvalidHandle, invalid_comm_text(comm));
}

int intra_where_inter(const LocalCall& call, MPI_Comm comm) {
    return call.error(comm, MPI_ERR_COMM, Misuse::CommunicatorKind,
                      "the communicator is an intracommunicator: only an intercommunicator has "
                      "a remote group (check MPI_Comm_test_inter first)");
}

} // namespace

RF_EXPORT int MPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm,
                                   int remote_leader, int tag, MPI_Comm* newintercomm) {
    RF_LOCAL_ENTRY("MPI_Intercomm_create", local_comm, local_leader, peer_comm, remote_leader, tag,
                   newintercomm);
    const auto local = live_view(call, local_comm);
    if (!local) return invalid(call, local_comm);
    if (local->inter)
        return call.error(local_comm, MPI_ERR_COMM, Misuse::CommunicatorKind,
                          "local_comm is an intercommunicator: MPI_Intercomm_create joins two "
                          "intracommunicators");
    if (local_leader < 0 || local_leader >= local->size)
        return call.error(
            local_comm, MPI_ERR_RANK, Misuse::InvalidRank,
            fmt::format("invalid local leader {} (local_comm size {})", local_leader, local->size));
    // The peer communicator, the remote leader and the tag count at the local leader only.
    if (local->my_rank == local_leader) {
        const auto peer = live_view(call, peer_comm);
        if (!peer) return invalid(call, peer_comm);
        if (remote_leader < 0 || remote_leader >= peer->remote_size)
            return call.error(peer_comm, MPI_ERR_RANK, Misuse::InvalidRank,
                              fmt::format("invalid remote leader {} (peer_comm size {})",
                                          remote_leader, peer->remote_size));
        if (tag < 0 || tag > RF_TAG_UB)
            return call.error(peer_comm, MPI_ERR_TAG, Misuse::InvalidTag,
                              fmt::format("invalid tag {}", tag));
    }
    RankCall c = make_call(call, CallKind::Collective);
    c.comm = local_comm;
    c.coll.kind = CollectiveKind::IntercommCreate;
    c.coll.root = local_leader;
    c.coll.peer_comm = peer_comm;
    c.coll.remote_leader = remote_leader;
    c.coll.tag = tag;
    c.coll.newcomm = newintercomm;
    return submit(c);
}

RF_EXPORT int MPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm* newintracomm) {
    RF_LOCAL_ENTRY("MPI_Intercomm_merge", intercomm, high, newintracomm);
    const auto v = live_view(call, intercomm);
    if (!v) return invalid(call, intercomm);
    if (!v->inter)
        return call.error(intercomm, MPI_ERR_COMM, Misuse::CommunicatorKind,
                          "the communicator is an intracommunicator: MPI_Intercomm_merge needs "
                          "an intercommunicator");
    RankCall c = make_call(call, CallKind::Collective);
    c.comm = intercomm;
    c.coll.kind = CollectiveKind::IntercommMerge;
    c.coll.high = high != 0;
    c.coll.newcomm = newintracomm;
    return submit(c);
}

RF_EXPORT int MPI_Comm_test_inter(MPI_Comm comm, int* flag) {
    RF_LOCAL_ENTRY("MPI_Comm_test_inter", comm, flag);
    const auto v = live_view(call, comm);
    if (!v) return invalid(call, comm);
    *flag = v->inter ? 1 : 0;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Comm_remote_size(MPI_Comm comm, int* size) {
    RF_LOCAL_ENTRY("MPI_Comm_remote_size", comm, size);
    const auto v = live_view(call, comm);
    if (!v) return invalid(call, comm);
    if (!v->inter) return intra_where_inter(call, comm);
    *size = v->remote_size;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Comm_remote_group(MPI_Comm comm, MPI_Group* group) {
    RF_LOCAL_ENTRY("MPI_Comm_remote_group", comm, group);
    const auto v = live_view(call, comm);
    if (!v) return invalid(call, comm);
    if (!v->inter) return intra_where_inter(call, comm);
    *group = call.world.rank_state(call.rank).groups.add(
        call.world.comms().communicator(v->id).remote_group(call.rank), site);
    return MPI_SUCCESS;
}
