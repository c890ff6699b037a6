// OneSided: issuing the RMA communication calls (MPI 3.1 §11.3): checks, then the operation
// waits at its origin for the synchronisation that lands it.
#include "simulated-mpi/src/OneSided.hpp"

#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/PredefinedTypes.hpp"
#include "simulated-mpi/src/ReduceOp.hpp"
#include "simulated-mpi/src/TypePacking.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rankfold::mpi {
namespace {

bool has_access(const WindowMember& me, int target) {
    if (me.fence_epoch || me.lock_all) return true;
    if (me.locks[static_cast<std::size_t>(target)] != LockHeld::None) return true;
    return me.access_started &&
           std::find(me.start_group.begin(), me.start_group.end(), target) != me.start_group.end();
}

// Whether bytes [lo, hi) at a dynamic window's target lie in one region it attached.
bool attached_at(const WindowMember& target, std::int64_t lo, std::int64_t hi) {
    return std::any_of(target.attached.begin(), target.attached.end(), [&](const auto& region) {
        const auto first = static_cast<std::int64_t>(region.first);
        return lo >= first && hi <= first + static_cast<std::int64_t>(region.second);
    });
}

std::uint64_t bytes_of(const Typemap& map, int count) {
    return map.size() * static_cast<std::uint64_t>(count);
}

} // namespace

Progress OneSided::completed_request(Site s) {
    const int slot = core_.requests.create(s.rank);
    Request& req = core_.requests.at(s.rank, slot);
    req.kind = Request::Kind::Rma;
    req.active = true;
    req.complete = true;
    req.site = s.call.site;
    req.peer = MPI_PROC_NULL;
    if (write_out(s.call.rma.request, make_handle(RF_KIND_REQUEST, slot))) return Progress::Done;
    core_.requests.release(s.rank, slot);
    return fail(s, MPI_ERR_ARG, Misuse::InvalidArgument, "the request argument is not writable");
}

Progress OneSided::communicate(Site s) {
    const RmaArgs& a = s.call.rma;
    const int n = static_cast<int>(s.window.members.size());
    if (a.target == MPI_PROC_NULL) return a.request ? completed_request(s) : Progress::Done;
    if (a.target < 0 || a.target >= n)
        return fail(
            s, MPI_ERR_RANK, Misuse::RmaTargetRange,
            fmt::format("target rank {} is outside the window's group of {} ranks", a.target, n));
    if (!has_access(s.member(), a.target) && s.member().after_nosucceed)
        return fail(s, MPI_ERR_RMA_SYNC, Misuse::FenceAssertion,
                    fmt::format("no access epoch is open to target {}: this rank's last "
                                "MPI_Win_fence asserted MPI_MODE_NOSUCCEED (it starts no epoch; "
                                "MPI 4.0 §12.5.5)",
                                a.target));
    if (!has_access(s.member(), a.target))
        return fail(s, MPI_ERR_RMA_SYNC, Misuse::RmaOutsideEpoch,
                    fmt::format("no access epoch is open to target {} (call MPI_Win_fence, "
                                "MPI_Win_lock or MPI_Win_start first)",
                                a.target));
    const WindowMember& origin = s.member();
    if (a.request != nullptr && !origin.lock_all &&
        origin.locks[static_cast<std::size_t>(a.target)] == LockHeld::None)
        return fail(s, MPI_ERR_RMA_SYNC, Misuse::RmaOutsideEpoch,
                    fmt::format("{} outside a passive target epoch on target {}: request-based "
                                "operations need MPI_Win_lock or MPI_Win_lock_all (MPI 3.1 "
                                "§11.3.5)",
                                s.call.name, a.target));
    for (int c : {a.origin_count, a.result_count, a.target_count})
        if (c < 0) return fail(s, MPI_ERR_COUNT, Misuse::InvalidCount, "negative count");

    const bool sends = a.kind != RmaKind::Get && !(a.op == MPI_NO_OP && accumulates(a.kind));
    PendingRma op;
    op.kind = a.kind;
    op.target = a.target;
    op.target_count = a.target_count;
    op.op = a.op;
    op.site = s.call.site;
    op.target_map = core_.usable_datatype(s.rank, s.call, a.target_type);
    if (!op.target_map) return Progress::Failed;
    const Typemap& target = *op.target_map;
    TypemapRef origin_map;
    if (sends) {
        origin_map = core_.usable_datatype(s.rank, s.call, a.origin_type);
        if (!origin_map) return Progress::Failed;
        if (!signatures_agree(
                origin_map->signature().times(static_cast<std::uint64_t>(a.origin_count)),
                target.signature().times(static_cast<std::uint64_t>(a.target_count))) ||
            bytes_of(*origin_map, a.origin_count) != bytes_of(target, a.target_count)) {
            const bool acc = accumulates(a.kind);
            return fail(s, MPI_ERR_TYPE,
                        acc ? Misuse::AccumulateTypeMismatch : Misuse::TypeMismatch,
                        fmt::format("the origin's {} x {} and the target's {} x {} differ in type "
                                    "signature",
                                    a.origin_count, datatype_name(a.origin_type), a.target_count,
                                    datatype_name(a.target_type)));
        }
    }
    if (fetches(a.kind)) {
        op.result_map = core_.usable_datatype(s.rank, s.call, a.result_type);
        if (!op.result_map) return Progress::Failed;
        op.result = a.result;
        op.result_count = a.result_count;
        if (bytes_of(*op.result_map, a.result_count) != bytes_of(target, a.target_count))
            return fail(
                s, MPI_ERR_TYPE,
                accumulates(a.kind) ? Misuse::AccumulateTypeMismatch : Misuse::TypeMismatch,
                fmt::format("the result buffer's {} x {} does not hold the target's {} x {}",
                            a.result_count, datatype_name(a.result_type), a.target_count,
                            datatype_name(a.target_type)));
    }
    // An operation that moves no data (a zero count or a zero-size type) is legal with any
    // datatypes and does nothing (MPICH's badrma tests it); the operator must still be valid.
    const bool moves_nothing = bytes_of(target, a.target_count) == 0;
    if (accumulates(a.kind) && a.kind != RmaKind::CompareAndSwap) {
        if (!predefined_op(a.op) || a.op == MPI_OP_NULL)
            return fail(s, MPI_ERR_OP, Misuse::InvalidHandle,
                        fmt::format("{} is not a predefined operator: accumulate operations take "
                                    "only those (MPI 3.1 §11.3.4)",
                                    op_name(a.op)));
        const auto run = moves_nothing ? std::optional<SignatureRun>(SignatureRun{})
                                       : reduction_elements(a.op, target.signature());
        const MPI_Datatype basic =
            run ? make_handle(RF_KIND_DATATYPE, static_cast<int>(run->basic)) : MPI_DATATYPE_NULL;
        if (!moves_nothing && (!run || (a.op != MPI_NO_OP && !op_defined_for(a.op, basic))))
            return fail(s, MPI_ERR_OP, Misuse::AccumulateTypeMismatch,
                        fmt::format("{} is not defined on the target datatype {}", op_name(a.op),
                                    datatype_name(a.target_type)));
    }

    // MPI 3.1 §11.5.5: the target's fence asserted that no put or accumulate updates its
    // window until the next fence.
    const bool updates =
        a.kind == RmaKind::Put ||
        (accumulates(a.kind) && (a.kind == RmaKind::CompareAndSwap || a.op != MPI_NO_OP));
    // The same for a target's MPI_Win_post (its exposure epoch, to an origin of its start).
    if (updates && s.member().access_started &&
        s.window.members[static_cast<std::size_t>(a.target)].no_put)
        return fail(s, MPI_ERR_RMA_SYNC, Misuse::PostAssertion,
                    fmt::format("target {} posted this exposure epoch with MPI_MODE_NOPUT: no "
                                "put or accumulate may update its window until its "
                                "MPI_Win_wait (MPI 4.0 §12.5.5)",
                                a.target));
    if (updates && s.member().fence_epoch &&
        s.window.members[static_cast<std::size_t>(a.target)].no_put)
        return fail(s, MPI_ERR_RMA_SYNC, Misuse::FenceAssertion,
                    fmt::format("target {} opened this fence epoch with MPI_MODE_NOPUT: no put "
                                "or accumulate may update its window until the next fence "
                                "(MPI 3.1 §11.5.5)",
                                a.target));
    // The bytes the operation touches must lie inside the target's window: for a dynamic
    // window, the displacement is an address and the bytes lie in one region it attached.
    const WindowMember& t = s.window.members[static_cast<std::size_t>(a.target)];
    const std::int64_t offset = static_cast<std::int64_t>(a.target_disp) * t.disp_unit;
    if (a.target_count > 0) {
        const std::int64_t lo = offset + target.true_lb();
        const std::int64_t hi = offset + (a.target_count - 1) * target.extent() + target.true_ub();
        if (s.window.flavor == MPI_WIN_FLAVOR_DYNAMIC) {
            if (!attached_at(t, lo, hi))
                return fail(s, MPI_ERR_RMA_RANGE, Misuse::RmaTargetRange,
                            fmt::format("bytes [{:#x}, {:#x}) are not memory target {} attached "
                                        "to the dynamic window (MPI_Win_attach; MPI 3.1 "
                                        "§11.2.4)",
                                        lo, hi, a.target));
        } else if (a.target_disp < 0 || lo < 0 || hi > static_cast<std::int64_t>(t.size))
            return fail(s, MPI_ERR_RMA_RANGE, Misuse::RmaTargetRange,
                        fmt::format("bytes [{}, {}) of target {}'s window, which has {} bytes "
                                    "(displacement {} x unit {})",
                                    lo, hi, a.target, t.size, a.target_disp, t.disp_unit));
    }
    op.target_offset = offset;
    if (sends &&
        !pack(a.origin, static_cast<std::uint64_t>(a.origin_count), *origin_map, op.origin_data))
        return fail(s, MPI_ERR_BUFFER, Misuse::InvalidArgument,
                    "the origin buffer is not readable");
    if (a.kind == RmaKind::CompareAndSwap &&
        !pack(a.compare, static_cast<std::uint64_t>(a.target_count), target, op.compare_data))
        return fail(s, MPI_ERR_BUFFER, Misuse::InvalidArgument,
                    "the compare buffer is not readable");
    const auto target_index = static_cast<std::size_t>(a.target);
    op.passive = s.member().lock_all || (target_index < s.member().locks.size() &&
                                         s.member().locks[target_index] != LockHeld::None);
    s.member().pending.push_back(std::move(op));
    if (a.request == nullptr) return Progress::Done;
    // Request-based: the operation (and those this origin issued to the target before it, in
    // order) lands now, which a passive target epoch allows, and its request is complete.
    if (land(s, a.target) == Progress::Failed) return Progress::Failed;
    return completed_request(s);
}

} // namespace rankfold::mpi
