// The intercommunicator collectives' data movement, mostly by the intracommunicator families
// run on the members each direction involves: a rooted operation is the family's operation on
// the other group plus the root, the root's own contribution left out (as MPI_IN_PLACE leaves
// it out).
#include "simulated-mpi/src/IntercommFamilies.hpp"

#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/CollectiveRun.hpp"
#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/PredefinedTypes.hpp"
#include "simulated-mpi/src/ReduceOp.hpp"
#include "simulated-mpi/src/Typemap.hpp"

#include <fmt/format.h>

#include <string>
#include <vector>

namespace rankfold::mpi::intercomm {
namespace {

// The group of member i and the other one, as ranges of `op`'s parts.
struct Sides {
    int first, size;             // i's group
    int other_first, other_size; // the remote group
};

Sides sides(const PendingCollective& op, int split, int i) {
    const int n = static_cast<int>(op.parts.size());
    if (i < split) return {0, split, split, n - split};
    return {split, n - split, 0, split};
}

// The other group's parts, then `last` (the root, or the member being served), which gets index
// `other_size` and the given kind; its own contribution is left out as MPI_IN_PLACE does.
PendingCollective with_other_group(const PendingCollective& op, const Sides& s, int last,
                                   CollectiveKind kind, bool leave_out_send) {
    PendingCollective sub;
    for (int j = 0; j < s.other_size; ++j) sub.parts.push_back(op.parts[s.other_first + j]);
    sub.parts.push_back(op.parts[last]);
    CollectiveArgs& own = sub.parts.back().args;
    if (leave_out_send)
        own.sendbuf = MPI_IN_PLACE;
    else
        own.recvbuf = MPI_IN_PLACE;
    for (CollectivePart& p : sub.parts) {
        p.args.root = s.other_size;
        p.args.kind = kind;
    }
    sub.arrived = static_cast<int>(sub.parts.size());
    return sub;
}

} // namespace

std::optional<int> find_root(const PendingCollective& op, int split, const RankCall& call,
                             std::optional<MpiFailure>& failure) {
    const int n = static_cast<int>(op.parts.size());
    int root = -1;
    for (int i = 0; i < n; ++i)
        if (op.parts[i].args.root == MPI_ROOT) {
            if (root >= 0) {
                failure = MpiFailure{MPI_ERR_ROOT, Misuse::CollectiveMismatch,
                                     fmt::format("{}: world ranks {} and {} both passed MPI_ROOT",
                                                 call.name, op.parts[root].rank, op.parts[i].rank)};
                return std::nullopt;
            }
            root = i;
        }
    const bool root_first = root >= 0 && root < split;
    const int root_rank = root_first ? root : root - split; // in its group
    for (int i = 0; i < n; ++i) {
        const bool same_group = (i < split) == root_first;
        const int root_arg = op.parts[i].args.root;
        const bool fits = root < 0     ? false
                          : i == root  ? true
                          : same_group ? root_arg == MPI_PROC_NULL
                                       : root_arg == root_rank;
        if (fits) continue;
        failure = MpiFailure{
            MPI_ERR_ROOT, Misuse::CollectiveMismatch,
            fmt::format("{}: world rank {} passed root {}, but {}", call.name, op.parts[i].rank,
                        root_arg,
                        root < 0 ? std::string("no member passed MPI_ROOT")
                                 : fmt::format("the root is rank {} of the {} group (world rank "
                                               "{}): its own group passes MPI_PROC_NULL, the "
                                               "other group {}",
                                               root_rank, root_first ? "first" : "second",
                                               op.parts[root].rank, root_rank))};
        return std::nullopt;
    }
    return root;
}

bool gather_to_root(WorldCore& core, const PendingCollective& op, int split, int root,
                    const RankCall& call, std::optional<MpiFailure>& failure) {
    const PendingCollective sub =
        with_other_group(op, sides(op, split, root), root, op.parts[root].args.kind, true);
    CollectiveRun run(core, sub, call, failure);
    return collective::gather(run);
}

bool scatter_from_root(WorldCore& core, const PendingCollective& op, int split, int root,
                       const RankCall& call, std::optional<MpiFailure>& failure) {
    const PendingCollective sub =
        with_other_group(op, sides(op, split, root), root, op.parts[root].args.kind, false);
    CollectiveRun run(core, sub, call, failure);
    return collective::scatter(run);
}

// Each member gathers the other group's blocks, in the other group's rank order.
bool allgather_across(WorldCore& core, const PendingCollective& op, int split, const RankCall& call,
                      std::optional<MpiFailure>& failure) {
    const CollectiveKind kind = op.parts[0].args.kind == CollectiveKind::Allgatherv
                                    ? CollectiveKind::Gatherv
                                    : CollectiveKind::Gather;
    for (int i = 0; i < static_cast<int>(op.parts.size()); ++i) {
        const PendingCollective sub = with_other_group(op, sides(op, split, i), i, kind, true);
        CollectiveRun run(core, sub, call, failure);
        if (!collective::gather(run)) return false;
    }
    return true;
}

// Block j of member i's send buffer goes to member j of the other group, into its block for
// i's rank in i's group.
bool alltoall_across(WorldCore& core, const PendingCollective& op, int split, const RankCall& call,
                     std::optional<MpiFailure>& failure) {
    CollectiveRun run(core, op, call, failure);
    for (int i = 0; i < run.members(); ++i) {
        const Sides s = sides(op, split, i);
        for (int j = 0; j < s.other_size; ++j) {
            const int to = s.other_first + j;
            collective::BlockSpec from{}, into{};
            Payload block;
            if (!collective::block_spec(run, i, true, j, from) ||
                !collective::block_spec(run, to, false, i - s.first, into) ||
                !run.get(i, run.args(i).sendbuf, from.bytes, from.count, from.type, block) ||
                !run.put(i, to, block, run.args(to).recvbuf, into.bytes, into.count, into.type))
                return false;
        }
    }
    return true;
}

namespace {

// The left fold, in rank order, of `count` x `type` from each of the sub-run's first `senders`
// members' send buffers; false after fail().
bool fold(CollectiveRun& run, int senders, int count, Payload& acc) {
    const CollectiveArgs& a0 = run.args(0);
    const Typemap* map0 = run.datatype(0, a0.sendtype);
    if (map0 == nullptr)
        return run.fail(MPI_ERR_TYPE, Misuse::InvalidHandle,
                        fmt::format("the datatype {} of world rank {} is not valid",
                                    datatype_name(a0.sendtype), run.part(0).rank));
    if (predefined_op(a0.op) && !reduction_elements(a0.op, map0->signature()))
        return run.fail(MPI_ERR_TYPE, Misuse::InvalidArgument,
                        fmt::format("{} is not one predefined type repeated: a reduction cannot "
                                    "combine it",
                                    datatype_name(a0.sendtype)));
    for (int i = 0; i < senders; ++i) {
        const CollectiveArgs& a = run.args(i);
        const Typemap* map = run.datatype(i, a.sendtype);
        if (map == nullptr || !(map->signature() == map0->signature()))
            return run.fail(MPI_ERR_OTHER, Misuse::CollectiveMismatch,
                            fmt::format("world rank {} contributes {} but world rank {} {}",
                                        run.part(0).rank, datatype_name(a0.sendtype),
                                        run.part(i).rank, datatype_name(a.sendtype)));
        Payload next;
        if (!run.pack_data(i, a.sendbuf, count, a.sendtype, next))
            return run.fail(
                MPI_ERR_BUFFER, Misuse::InvalidArgument,
                fmt::format("the send buffer of world rank {} is not readable", run.part(i).rank));
        if (i > 0 && !run.reduce_local(0, a0.op, a0.sendtype, acc.data(), next.data(), count))
            return false;
        acc = std::move(next);
    }
    return true;
}

} // namespace

bool reduce_across(WorldCore& core, const std::vector<CollectivePart>& from,
                   const std::vector<CollectivePart>& to, const RankCall& call,
                   std::optional<MpiFailure>& failure) {
    PendingCollective sub;
    sub.parts = from;
    sub.parts.insert(sub.parts.end(), to.begin(), to.end());
    sub.arrived = static_cast<int>(sub.parts.size());
    CollectiveRun run(core, sub, call, failure);
    const int senders = static_cast<int>(from.size());
    const CollectiveArgs& a0 = run.args(0);
    // (An invalid first datatype is fold's to report.)
    const Typemap* map0 = run.datatype(0, a0.sendtype);
    for (int i = 0; map0 != nullptr && i < run.members(); ++i) {
        const CollectiveArgs& a = run.args(i);
        const int count = i < senders ? a.sendcount : a.recvcount;
        const MPI_Datatype type = i < senders ? a.sendtype : a.recvtype;
        const Typemap* map = run.datatype(i, type);
        if (map != nullptr && count == a0.sendcount && map->signature() == map0->signature())
            continue;
        return run.fail(MPI_ERR_OTHER, Misuse::CollectiveMismatch,
                        fmt::format("world rank {} contributes {} x {} but world rank {} {} {} x "
                                    "{}",
                                    from[0].rank, a0.sendcount, datatype_name(a0.sendtype),
                                    sub.parts[i].rank, i < senders ? "contributes" : "expects",
                                    count, datatype_name(type)));
    }
    Payload acc;
    if (!fold(run, senders, a0.sendcount, acc)) return false;
    for (int j = senders; j < run.members(); ++j) {
        const CollectiveArgs& a = run.args(j);
        if (!run.unpack_data(j, acc.data(), acc.size(), a.recvtype, a.recvbuf))
            return run.fail(MPI_ERR_BUFFER, Misuse::InvalidArgument,
                            fmt::format("the receive buffer of world rank {} is not writable",
                                        sub.parts[j].rank));
    }
    return true;
}

bool reduce_to_root(WorldCore& core, const PendingCollective& op, int split, int root,
                    const RankCall& call, std::optional<MpiFailure>& failure) {
    const Sides s = sides(op, split, root);
    const PendingCollective sub = with_other_group(op, s, root, CollectiveKind::Reduce, true);
    CollectiveRun run(core, sub, call, failure);
    const int count = run.args(0).sendcount;
    for (int i = 0; i <= s.other_size; ++i) {
        const CollectiveArgs& a = run.args(i);
        const int c = i < s.other_size ? a.sendcount : a.recvcount;
        if (c != count)
            return run.fail(MPI_ERR_OTHER, Misuse::CollectiveMismatch,
                            fmt::format("world rank {} reduces {} elements but world rank {} {}",
                                        run.part(0).rank, count, run.part(i).rank, c));
    }
    Payload acc;
    if (!fold(run, s.other_size, count, acc)) return false;
    const CollectiveArgs& r = run.args(s.other_size);
    return run.unpack_data(s.other_size, acc.data(), acc.size(), r.recvtype, r.recvbuf) ||
           run.unreadable(s.other_size);
}

// Group A's members receive, each its segment, the fold of group B's vectors, whose length is
// the sum of A's segments (recvcount each for the block form, A's recvcounts otherwise).
bool reduce_scatter_across(WorldCore& core, const PendingCollective& op, int split,
                           const RankCall& call, std::optional<MpiFailure>& failure) {
    const bool block = op.parts[0].args.kind == CollectiveKind::ReduceScatterBlock;
    // What each group's members contribute: as many elements as its own segments hold (MPI
    // 3.1 §5.10: n x recvcount, n the size of the group), which must be what the other group's
    // segments hold.
    std::vector<int> totals;
    for (int first : {0, split}) {
        const Sides s = sides(op, split, first);
        const CollectiveArgs& a = op.parts[first].args;
        int total = 0;
        for (int k = 0; k < s.size; ++k) {
            int c = a.recvcount;
            if (!block && !read_app(a.recvcounts + k, c)) {
                failure = MpiFailure{MPI_ERR_ARG, Misuse::InvalidArgument,
                                     fmt::format("{}: recvcounts of world rank {} is not readable",
                                                 call.name, op.parts[first].rank)};
                return false;
            }
            total += c;
        }
        totals.push_back(total);
    }
    if (split < static_cast<int>(op.parts.size()) && totals[0] != totals[1]) {
        failure = MpiFailure{
            MPI_ERR_OTHER, Misuse::CollectiveMismatch,
            fmt::format("{}: the group of world rank {} reduces vectors of {} elements, the group "
                        "of world rank {} of {}: on an intercommunicator each group's vectors are "
                        "what the other group's segments hold",
                        call.name, op.parts[0].rank, totals[0], op.parts[split].rank, totals[1])};
        return false;
    }
    for (int receiving_first : {0, split}) {
        const Sides s = sides(op, split, receiving_first);
        // The sub-run: the senders (the other group), then the receiving group.
        PendingCollective sub;
        for (int j = 0; j < s.other_size; ++j) sub.parts.push_back(op.parts[s.other_first + j]);
        for (int k = 0; k < s.size; ++k) sub.parts.push_back(op.parts[s.first + k]);
        sub.arrived = static_cast<int>(sub.parts.size());
        CollectiveRun run(core, sub, call, failure);
        std::vector<int> start(static_cast<std::size_t>(s.size)),
            count(static_cast<std::size_t>(s.size));
        int total = 0;
        for (int k = 0; k < s.size; ++k) {
            const CollectiveArgs& a = run.args(s.other_size + k);
            int c = a.recvcount;
            if (!block && !run.at(s.other_size, run.args(s.other_size).recvcounts, k, c))
                return false;
            start[k] = total;
            count[k] = c;
            total += c;
        }
        if (s.other_size == 0 || total == 0) continue;
        Payload acc;
        if (!fold(run, s.other_size, total, acc)) return false;
        const std::size_t element = run.size_of(0, run.args(0).sendtype);
        for (int k = 0; k < s.size; ++k) {
            const CollectiveArgs& a = run.args(s.other_size + k);
            const std::size_t bytes = element * static_cast<std::size_t>(count[k]);
            if (run.size_of(s.other_size + k, a.recvtype) * static_cast<std::size_t>(count[k]) !=
                bytes)
                return run.mismatch(0, s.other_size + k, bytes,
                                    run.size_of(s.other_size + k, a.recvtype) *
                                        static_cast<std::size_t>(count[k]));
            if (!run.unpack_data(s.other_size + k,
                                 acc.data() + element * static_cast<std::size_t>(start[k]), bytes,
                                 a.recvtype, a.recvbuf))
                return run.unreadable(s.other_size + k);
        }
    }
    return true;
}

} // namespace rankfold::mpi::intercomm
