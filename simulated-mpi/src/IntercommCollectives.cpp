// The collectives Rankfold runs on intercommunicators: checks, then the data movement, reusing
// the intracommunicator families on the members each direction involves.
#include "simulated-mpi/src/IntercommCollectives.hpp"

#include "simulated-mpi/src/IntercommFamilies.hpp"

#include "simulated-mpi/src/CollectiveRun.hpp"
#include "simulated-mpi/src/Collectives.hpp"
#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/PredefinedTypes.hpp"
#include "simulated-mpi/src/ReduceOp.hpp"
#include "simulated-mpi/src/TypePacking.hpp"

#include <fmt/format.h>

#include <utility>
#include <vector>

namespace rankfold::mpi::intercomm {
namespace {

// Every kind but Scan and Exscan (not defined on intercommunicators), MPI_Comm_split_type,
// MPI_Cart_create and windows; the blocking and the I-forms alike.
bool supported(const CollectiveArgs& a) {
    switch (a.kind) {
    case CollectiveKind::Barrier:
    case CollectiveKind::Bcast:
    case CollectiveKind::Allreduce:
    case CollectiveKind::Reduce:
    case CollectiveKind::Gather:
    case CollectiveKind::Gatherv:
    case CollectiveKind::Scatter:
    case CollectiveKind::Scatterv:
    case CollectiveKind::Allgather:
    case CollectiveKind::Allgatherv:
    case CollectiveKind::Alltoall:
    case CollectiveKind::Alltoallv:
    case CollectiveKind::Alltoallw:
    case CollectiveKind::ReduceScatter:
    case CollectiveKind::ReduceScatterBlock:
    case CollectiveKind::CommDup:
    case CollectiveKind::CommSplit:
    case CollectiveKind::CommCreate:
    case CollectiveKind::IntercommMerge:
        return true;
    default:
        return false;
    }
}

bool rooted(CollectiveKind k) {
    return k == CollectiveKind::Bcast || k == CollectiveKind::Reduce ||
           k == CollectiveKind::Gather || k == CollectiveKind::Gatherv ||
           k == CollectiveKind::Scatter || k == CollectiveKind::Scatterv;
}

bool reduces(CollectiveKind k) {
    return k == CollectiveKind::Allreduce || k == CollectiveKind::Reduce ||
           k == CollectiveKind::ReduceScatter || k == CollectiveKind::ReduceScatterBlock;
}

// The parts of one group: members [first, first + count) of `op`.
std::vector<CollectivePart> slice(const PendingCollective& op, int first, int count) {
    return {op.parts.begin() + first, op.parts.begin() + first + count};
}

bool broadcast(WorldCore& core, int rank, const PendingCollective& op, const RankCall& call,
               int split) {
    std::optional<MpiFailure>& failure = core.ranks[rank].failure;
    const int n = static_cast<int>(op.parts.size());
    const auto found = find_root(op, split, call, failure);
    if (!found) return false;
    const int root = *found;
    const bool root_first = root < split;
    // The root, then the other group, as an intracommunicator broadcast from member 0.
    PendingCollective sub;
    sub.parts.push_back(op.parts[root]);
    const int first = root_first ? split : 0;
    const int count = root_first ? n - split : split;
    for (const CollectivePart& p : slice(op, first, count)) sub.parts.push_back(p);
    for (CollectivePart& p : sub.parts) p.args.root = 0;
    sub.arrived = static_cast<int>(sub.parts.size());
    CollectiveRun run(core, sub, call, failure);
    return collective::broadcast(run);
}

} // namespace

bool check(WorldCore& core, int rank, const RankCall& call, const WorldCore::CommView& v) {
    const CollectiveArgs& a = call.coll;
    if (!supported(a))
        return core.fail(rank, call, MPI_ERR_UNSUPPORTED_OPERATION, Misuse::Unsupported,
                         fmt::format("{} on an intercommunicator is not supported by Rankfold "
                                     "(on intercommunicators it runs the collectives and their "
                                     "I-forms but MPI_Scan and MPI_Exscan, and "
                                     "MPI_Comm_dup, MPI_Comm_split, MPI_Comm_create and "
                                     "MPI_Intercomm_merge)",
                                     call.name)),
               false;
    if (a.kind == CollectiveKind::Barrier || a.kind >= CollectiveKind::CommDup) return true;
    if (a.sendbuf == MPI_IN_PLACE || a.recvbuf == MPI_IN_PLACE)
        return core.fail(rank, call, MPI_ERR_BUFFER, Misuse::InvalidArgument,
                         "MPI_IN_PLACE is not allowed on an intercommunicator (MPI 3.1 §5.2.2)"),
               false;
    if (rooted(a.kind)) {
        if (a.root == MPI_PROC_NULL) return true;
        if (a.root != MPI_ROOT && (a.root < 0 || a.root >= v.remote_size))
            return core.fail(rank, call, MPI_ERR_ROOT,
                             fmt::format("invalid root {} on an intercommunicator: MPI_ROOT at "
                                         "the root, MPI_PROC_NULL in its group, a rank of the "
                                         "remote group (size {}) in the other",
                                         a.root, v.remote_size)),
                   false;
    }
    if (reduces(a.kind) && (((!predefined_op(a.op) && core.ranks[rank].ops.find(a.op) == nullptr) ||
                             a.op == MPI_REPLACE || a.op == MPI_NO_OP)))
        return core.fail(rank, call, MPI_ERR_OP,
                         fmt::format("invalid operator {} for a reduction", op_name(a.op))),
               false;
    if (reduces(a.kind) && predefined_op(a.op) && predefined_index(a.sendtype) &&
        !op_defined_for(a.op, a.sendtype))
        return core.fail(rank, call, MPI_ERR_OP,
                         fmt::format("{} is not defined for {}", op_name(a.op),
                                     datatype_name(a.sendtype))),
               false;
    // The buffers a member's side uses, where one count describes them (the v and w forms'
    // blocks are checked as the data moves).
    const bool root = a.root == MPI_ROOT;
    switch (a.kind) {
    case CollectiveKind::Bcast:
        return check_collective_buffer(core, rank, call, "buffer", a.recvbuf, a.recvcount,
                                       a.recvtype);
    case CollectiveKind::Reduce:
        return root ? check_collective_buffer(core, rank, call, "receive", a.recvbuf, a.recvcount,
                                              a.recvtype)
                    : check_collective_buffer(core, rank, call, "send", a.sendbuf, a.sendcount,
                                              a.sendtype);
    case CollectiveKind::Gather:
    case CollectiveKind::Gatherv:
        return root || check_collective_buffer(core, rank, call, "send", a.sendbuf, a.sendcount,
                                               a.sendtype);
    case CollectiveKind::Scatter:
    case CollectiveKind::Scatterv:
        return root || check_collective_buffer(core, rank, call, "receive", a.recvbuf, a.recvcount,
                                               a.recvtype);
    case CollectiveKind::Allreduce:
    case CollectiveKind::Allgather:
        return check_collective_buffer(core, rank, call, "send", a.sendbuf, a.sendcount,
                                       a.sendtype) &&
               check_collective_buffer(core, rank, call, "receive", a.recvbuf, a.recvcount,
                                       a.recvtype);
    default:
        return true;
    }
}

bool execute(WorldCore& core, int rank, const PendingCollective& op, const RankCall& call,
             int first_group_size) {
    const int n = static_cast<int>(op.parts.size());
    std::optional<MpiFailure>& failure = core.ranks[rank].failure;
    const CollectiveKind kind = op.parts[0].args.kind;
    if (kind == CollectiveKind::Bcast) return broadcast(core, rank, op, call, first_group_size);
    if (rooted(kind)) {
        const auto root = find_root(op, first_group_size, call, failure);
        if (!root) return false;
        switch (kind) {
        case CollectiveKind::Reduce:
            return reduce_to_root(core, op, first_group_size, *root, call, failure);
        case CollectiveKind::Gather:
        case CollectiveKind::Gatherv:
            return gather_to_root(core, op, first_group_size, *root, call, failure);
        default:
            return scatter_from_root(core, op, first_group_size, *root, call, failure);
        }
    }
    switch (kind) {
    case CollectiveKind::Allreduce: {
        const auto first = slice(op, 0, first_group_size);
        const auto second = slice(op, first_group_size, n - first_group_size);
        return reduce_across(core, second, first, call, failure) &&
               reduce_across(core, first, second, call, failure);
    }
    case CollectiveKind::Allgather:
    case CollectiveKind::Allgatherv:
        return allgather_across(core, op, first_group_size, call, failure);
    case CollectiveKind::Alltoall:
    case CollectiveKind::Alltoallv:
    case CollectiveKind::Alltoallw:
        return alltoall_across(core, op, first_group_size, call, failure);
    case CollectiveKind::ReduceScatter:
    case CollectiveKind::ReduceScatterBlock:
        return reduce_scatter_across(core, op, first_group_size, call, failure);
    default: // Barrier: all are in, which is all it asks
        return true;
    }
}

} // namespace rankfold::mpi::intercomm
