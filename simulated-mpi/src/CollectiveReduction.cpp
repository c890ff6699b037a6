// The reduction family of collectives: Reduce, Allreduce, Scan, Exscan, ReduceScatter and
// ReduceScatterBlock.
//
// Reductions combine the members' contributions as a left fold in rank order,
// ((x0 op x1) op x2) ..., for every operator: MPI requires that order for non-commutative
// operators and allows it for commutative ones (MPI 3.1 §5.9.1). MPICH's default algorithms
// may associate floating-point sums differently; integer results are identical.
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/CollectiveRun.hpp"
#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/PredefinedTypes.hpp"
#include "simulated-mpi/src/ReduceOp.hpp"
#include "simulated-mpi/src/Typemap.hpp"

#include <fmt/format.h>

#include <vector>

namespace rankfold::mpi::collective {

bool reduction(CollectiveRun& run) {
    const int n = run.members();
    const CollectiveArgs& a0 = run.args(0);
    const CollectiveKind kind = a0.kind;
    const bool scatter =
        kind == CollectiveKind::ReduceScatter || kind == CollectiveKind::ReduceScatterBlock;

    // Elements each member contributes, and where its result segment starts.
    std::vector<int> seg_count(static_cast<std::size_t>(n)), seg_start(static_cast<std::size_t>(n));
    int total = 0;
    for (int i = 0; i < n; ++i) {
        const CollectiveArgs& a = run.args(i);
        int c = a.recvcount;
        if (kind == CollectiveKind::ReduceScatter && !read_app(run.args(0).recvcounts + i, c)) {
            return run.fail(MPI_ERR_ARG, Misuse::InvalidArgument,
                            "recvcounts of rank 0 is not readable");
        }
        seg_start[i] = total;
        seg_count[i] = c;
        total += c;
    }
    auto contribution_count = [&](const CollectiveArgs& a) {
        if (scatter) return total;
        return a.sendbuf == MPI_IN_PLACE ? a.recvcount : a.sendcount;
    };
    auto contribution_type = [&](const CollectiveArgs& a) {
        return a.sendbuf == MPI_IN_PLACE ? a.recvtype : a.sendtype;
    };

    std::vector<Payload> in(static_cast<std::size_t>(n));
    const MPI_Datatype type0 = contribution_type(a0);
    const int count0 = contribution_count(a0);
    const Typemap* map0 = run.datatype(0, type0);
    if (map0 == nullptr)
        return run.fail(MPI_ERR_TYPE, Misuse::InvalidHandle,
                        fmt::format("rank 0's datatype {} is not valid", datatype_name(type0)));
    for (int i = 0; i < n; ++i) {
        const CollectiveArgs& a = run.args(i);
        const MPI_Datatype t = contribution_type(a);
        const int c = contribution_count(a);
        // Handles are per process: compare what they describe (the type signature).
        const Typemap* map = run.datatype(i, t);
        if (map == nullptr || c != count0 || !(map->signature() == map0->signature())) {
            return run.fail(
                MPI_ERR_OTHER, Misuse::CollectiveMismatch,
                fmt::format("rank 0 contributes {} x {} but rank {} contributes {} x {}", count0,
                            datatype_name(type0), i, c, datatype_name(t)));
        }
        const void* buf = a.sendbuf == MPI_IN_PLACE ? a.recvbuf : a.sendbuf;
        if (!run.pack_data(i, buf, c, t, in[i])) {
            return run.fail(MPI_ERR_BUFFER, Misuse::InvalidArgument,
                            fmt::format("the send buffer of rank {} is not readable", i));
        }
    }
    // A predefined operator works element by element on the basic type the datatype repeats
    // (MPI 3.1 §5.9.1 allows derived types made of one predefined type, or of MINLOC/MAXLOC
    // pairs); a user-defined one takes any datatype.
    if (predefined_op(a0.op)) {
        const auto repeat = reduction_elements(a0.op, map0->signature());
        if (!repeat) {
            return run.fail(
                MPI_ERR_TYPE, Misuse::InvalidArgument,
                fmt::format("{} is not one predefined type repeated: a reduction cannot combine it",
                            datatype_name(type0)));
        }
        const MPI_Datatype basic = make_handle(RF_KIND_DATATYPE, repeat->basic);
        if (!op_defined_for(a0.op, basic)) {
            return run.fail(
                MPI_ERR_OP, Misuse::InvalidArgument,
                fmt::format("{} is not defined for {}", op_name(a0.op), datatype_name(basic)));
        }
    }
    // Left fold of contributions first..last with `who`'s operator and datatype: the partial
    // result of the lower ranks is the function's `in`, the next contribution its `inout`.
    auto fold = [&](int who, int last, Payload& acc) {
        const CollectiveArgs& a = run.args(who);
        acc = in[0];
        for (int i = 1; i <= last; ++i) {
            Payload next = in[i];
            if (!run.reduce_local(who, a.op, contribution_type(a), acc.data(), next.data(),
                                  contribution_count(a)))
                return false;
            acc = std::move(next);
        }
        return true;
    };
    auto deliver_to = [&](int who, const Payload& result, int first, int count) {
        const CollectiveArgs& a = run.args(who);
        const MPI_Datatype type = contribution_type(a); // the member's own handle
        const std::size_t elem = run.size_of(who, type);
        if (!run.unpack_data(who, result.data() + elem * first, elem * count, type, a.recvbuf)) {
            return run.fail(MPI_ERR_BUFFER, Misuse::InvalidArgument,
                            fmt::format("the receive buffer of rank {} is not writable", who));
        }
        return true;
    };
    // A user operator may differ between processes; a predefined one gives one result for all.
    const bool shared = predefined_op(a0.op);
    Payload result;
    bool have_result = false;
    for (int i = 0; i < n; ++i) {
        int last = n - 1;
        if (kind == CollectiveKind::Reduce && i != a0.root) continue;
        if (kind == CollectiveKind::Scan) last = i;
        if (kind == CollectiveKind::Exscan) {
            if (i == 0) continue; // its receive buffer is undefined (MPI 3.1 §5.11.2)
            last = i - 1;
        }
        const bool prefix = kind == CollectiveKind::Scan || kind == CollectiveKind::Exscan;
        if (!have_result || !shared || prefix) {
            if (!fold(i, last, result)) return false;
            have_result = true;
        }
        const bool ok = scatter ? deliver_to(i, result, seg_start[i], seg_count[i])
                                : deliver_to(i, result, 0, count0);
        if (!ok) return false;
    }
    return true;
}

} // namespace rankfold::mpi::collective
