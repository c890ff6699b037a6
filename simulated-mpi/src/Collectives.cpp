// Collectives: issuing collective calls — argument checks, filing each rank's part, checking that
// the parts of one operation belong together, and completing the operation once all are in.
#include "simulated-mpi/src/Collectives.hpp"

#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/CollectiveAliasing.hpp"
#include "simulated-mpi/src/CollectiveRun.hpp"
#include "simulated-mpi/src/CommConstruction.hpp"
#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/IntercommCollectives.hpp"
#include "simulated-mpi/src/PredefinedTypes.hpp"
#include "simulated-mpi/src/ReduceOp.hpp"
#include "simulated-mpi/src/TypePacking.hpp"
#include "simulated-mpi/src/WindowCollectives.hpp"

#include <fmt/format.h>

namespace rankfold::mpi {
namespace {

// Which of its scalar buffer arguments a member uses (the v/w variants' arrays are checked as
// the data moves).
struct SidesUsed {
    bool send = false;
    bool recv = false;
};

SidesUsed sides_used(const CollectiveArgs& a, bool is_root) {
    const bool in_place = a.sendbuf == MPI_IN_PLACE;
    switch (a.kind) {
    case CollectiveKind::Bcast:
        return {false, true};
    case CollectiveKind::Reduce:
        return {!(is_root && in_place), is_root};
    case CollectiveKind::Allreduce:
    case CollectiveKind::Scan:
    case CollectiveKind::Exscan:
    case CollectiveKind::ReduceScatterBlock:
        return {!in_place, true};
    case CollectiveKind::ReduceScatter:
        return {!in_place, false};
    case CollectiveKind::Gather:
        return {!(is_root && in_place), is_root};
    case CollectiveKind::Gatherv:
        return {!(is_root && in_place), false};
    case CollectiveKind::Scatter:
        return {is_root, !(is_root && a.recvbuf == MPI_IN_PLACE)};
    case CollectiveKind::Scatterv:
        return {false, !(is_root && a.recvbuf == MPI_IN_PLACE)};
    case CollectiveKind::Allgather:
        return {!in_place, true};
    case CollectiveKind::Allgatherv:
        return {!in_place, false};
    case CollectiveKind::Alltoall:
        return {!in_place, true};
    default:
        return {};
    }
}

// The rank's part as filed: its arguments, and the datatypes and user operator they name as
// they are now, which the operation uses even if the rank frees them before it completes.
CollectivePart make_part(const RankState& state, int rank, const RankCall& call, int slot) {
    CollectivePart part{rank, call.coll, call.name, call.site, slot, call.comm};
    const CollectiveArgs& a = call.coll;
    if (a.sendtype != MPI_DATATYPE_NULL) part.sendmap = state.datatypes.find(a.sendtype);
    if (a.recvtype != MPI_DATATYPE_NULL) part.recvmap = state.datatypes.find(a.recvtype);
    if (has_op(a.kind) && !predefined_op(a.op))
        if (const UserOp* user = state.ops.find(a.op)) part.user_op = *user;
    return part;
}

std::string describe_part(const CollectivePart& p) {
    std::string s = p.name;
    if (has_root(p.args.kind)) s += fmt::format(" (root {})", p.args.root);
    return s;
}

} // namespace

bool check_collective_buffer(WorldCore& core, int rank, const RankCall& call, const char* what,
                             const void* buf, int count, MPI_Datatype type) {
    if (count < 0)
        return core.fail(rank, call, MPI_ERR_COUNT,
                         fmt::format("negative {} count {}", what, count)),
               false;
    const TypemapRef map = core.usable_datatype(rank, call, type);
    if (!map) return false;
    if (null_buffer_misuse(buf, count, *map))
        return core.fail(rank, call, MPI_ERR_BUFFER, Misuse::NullBuffer,
                         fmt::format("NULL {} buffer with count {}", what, count)),
               false;
    return true;
}

const PendingCollective* Collectives::waiting(const WorldCore& core, int rank,
                                              MPI_Comm comm) const {
    auto v = core.view(rank, comm);
    return v ? queue_.waiting(v->id, v->member_index()) : nullptr;
}

bool Collectives::check(WorldCore& core, int rank, const RankCall& call,
                        const WorldCore::CommView& v) {
    const CollectiveArgs& a = call.coll;
    if (a.kind >= CollectiveKind::WinCreate) return WindowCollectives::check(core, rank, call);
    if (has_root(a.kind) && (a.root < 0 || a.root >= v.size))
        return core.fail(rank, call, MPI_ERR_ROOT,
                         fmt::format("invalid root {} (communicator size {})", a.root, v.size)),
               false;
    if (has_op(a.kind) && ((!predefined_op(a.op) && core.ranks[rank].ops.find(a.op) == nullptr) ||
                           a.op == MPI_REPLACE || a.op == MPI_NO_OP))
        return core.fail(rank, call, MPI_ERR_OP,
                         fmt::format("invalid operator {} for a reduction", op_name(a.op))),
               false;
    const SidesUsed used = sides_used(a, has_root(a.kind) && a.root == v.my_rank);
    auto check_side = [&](const char* what, const void* buf, int count, MPI_Datatype type) {
        return check_collective_buffer(core, rank, call, what, buf, count, type);
    };
    if (used.send && !check_side("send", a.sendbuf, a.sendcount, a.sendtype)) return false;
    if (used.recv && !check_side("receive", a.recvbuf, a.recvcount, a.recvtype)) return false;
    if (collective_buffers_alias(a, core.ranks[rank].datatypes,
                                 has_root(a.kind) && a.root == v.my_rank, v.size))
        return core.fail(rank, call, MPI_ERR_BUFFER, Misuse::BufferAliasing,
                         "the send and receive buffers overlap (MPI forbids it; pass MPI_IN_PLACE "
                         "as the send buffer to reduce or exchange in place)"),
               false;
    if (has_op(a.kind)) {
        const MPI_Datatype type = used.send ? a.sendtype : a.recvtype;
        if (predefined_op(a.op) && predefined_index(type) && !op_defined_for(a.op, type))
            return core.fail(
                       rank, call, MPI_ERR_OP,
                       fmt::format("{} is not defined for {}", op_name(a.op), datatype_name(type))),
                   false;
    }
    return true;
}

bool Collectives::check_parts_agree(WorldCore& core, int rank, const RankCall& call,
                                    const PendingCollective* op, int comm_rank, bool inter) {
    const CollectivePart* other = op != nullptr ? op->other_than(comm_rank) : nullptr;
    if (other == nullptr) return true;
    const CollectiveArgs& mine = call.coll;
    const CollectiveArgs& theirs = other->args;
    const int other_rank = static_cast<int>(other - op->parts.data());
    auto mismatch = [&](const std::string& what) {
        core.fail(rank, call, MPI_ERR_OTHER, Misuse::CollectiveMismatch,
                  fmt::format("{}: this rank called {} where rank {} called {} on the same "
                              "communicator",
                              what, describe_part({rank, mine, call.name, call.site, -1}),
                              other_rank, describe_part(*other)));
        return false;
    };
    if (mine.kind != theirs.kind) return mismatch("collective calls differ");
    if (mine.nonblocking != theirs.nonblocking)
        return mismatch("a blocking and a nonblocking collective do not match");
    // On an intercommunicator the root argument differs by group (MPI_ROOT, MPI_PROC_NULL or
    // the root's rank): the operation checks it once all are in.
    if (has_root(mine.kind) && mine.root != theirs.root && !inter) return mismatch("roots differ");
    if (mine.kind == CollectiveKind::IntercommCreate && mine.root != theirs.root)
        return mismatch(fmt::format("local leaders differ ({} and {})", mine.root, theirs.root));
    if (has_op(mine.kind) && (predefined_op(mine.op) || predefined_op(theirs.op)) &&
        mine.op != theirs.op)
        return mismatch(
            fmt::format("operators differ ({} and {})", op_name(mine.op), op_name(theirs.op)));
    return true;
}

Progress Collectives::issue(WorldCore& core, int rank, RankCall& call) {
    const auto v = core.view(rank, call.comm);
    if (!v)
        return core.fail(rank, call, MPI_ERR_COMM,
                         fmt::format("invalid communicator {:#x}", call.comm));
    if (call.coll.kind == CollectiveKind::CommCreateGroup)
        return create_group(core, rank, call, v->id);
    if (!(v->inter ? intercomm::check(core, rank, call, *v) : check(core, rank, call, *v)))
        return Progress::Failed;
    // Checked before filing: a part that does not fit must not join (under MPI_ERRORS_RETURN
    // the program goes on, and the others must not match it).
    const int member = v->member_index();
    if (!check_parts_agree(core, rank, call, queue_.next(v->id, member), member, v->inter))
        return Progress::Failed;
    const int slot = core.requests.create(rank);
    {
        Request& req = core.requests.at(rank, slot);
        req.kind = Request::Kind::Collective;
        req.active = true;
        req.complete = false;
        req.comm = call.comm;
        req.site = call.site;
        req.peer = MPI_PROC_NULL;
    }
    PendingCollective& op = queue_.arrive(v->id, v->member_count(), member,
                                          make_part(core.ranks[rank], rank, call, slot));
    if (op.complete() && call.coll.kind == CollectiveKind::IntercommCreate) {
        // One group is in: it waits for the other (the bridge finishes the requests).
        PendingCollective half = std::move(op);
        queue_.pop(v->id);
        if (!bridge_.arrive(core, queue_, rank, call, v->id, std::move(half))) {
            core.requests.release(rank, slot);
            return Progress::Failed;
        }
    } else if (op.complete()) {
        // Every member has called: the operation happens now, for all of them at once. The
        // parts are taken out first: executing may create communicators.
        const PendingCollective done = std::move(op);
        queue_.pop(v->id);
        const bool ok = execute(core, rank, call, v->id, done);
        // Even when the parts turn out not to fit, the operation is over for everyone.
        for (const CollectivePart& p : done.parts) core.requests.finish(p.rank, p.slot);
        if (!ok) {
            core.requests.release(rank, slot); // the failed call returns no request
            return Progress::Failed;
        }
    }
    if (!call.coll.nonblocking) {
        call.internal[0] = slot;
        return Progress::Blocked;
    }
    if (!write_out(call.requests, make_handle(RF_KIND_REQUEST, slot)))
        return core.fail(rank, call, MPI_ERR_ARG, "the request argument is not writable");
    return Progress::Done;
}

Progress Collectives::create_group(WorldCore& core, int rank, RankCall& call, int parent_id) {
    const int slot = core.requests.create(rank);
    {
        Request& req = core.requests.at(rank, slot);
        req.kind = Request::Kind::Collective;
        req.active = true;
        req.complete = false;
        req.comm = call.comm;
        req.site = call.site;
        req.peer = MPI_PROC_NULL;
    }
    if (!groups_.arrive(core, queue_, rank, call, parent_id, slot)) {
        core.requests.release(rank, slot);
        return Progress::Failed;
    }
    call.internal[0] = slot;
    return Progress::Blocked;
}

bool Collectives::execute(WorldCore& core, int rank, const RankCall& call, int id,
                          const PendingCollective& op) {
    if (call.coll.kind >= CollectiveKind::WinCreate)
        return WindowCollectives(core, queue_, rank, call).execute(id, op);
    if (call.coll.kind >= CollectiveKind::CommDup)
        return CommConstruction(core, queue_, rank, call).execute(id, op);
    if (const Communicator& c = core.comms.communicator(id); c.is_inter())
        return intercomm::execute(core, rank, op, call, c.first_group_size);
    CollectiveRun run(core, op, call, core.ranks[rank].failure);
    return collective::execute(run);
}

} // namespace rankfold::mpi
