// MpiWorld: what a collective operation does once every member has called — the data moves
// between the members' buffers (read and written where each rank passed them), reductions are
// computed, and a member whose counts do not fit the others' is reported.
//
// Reductions combine the members' contributions as a left fold in rank order,
// ((x0 op x1) op x2) ..., for every operator: MPI requires that order for non-commutative
// operators and allows it for commutative ones (MPI 3.1 §5.9.1). MPICH's default algorithms
// may associate floating-point sums differently; integer results are identical.
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/interface/RankGate.hpp"
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/DatatypeTable.hpp"
#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/PredefinedTypes.hpp"
#include "simulated-mpi/src/ReduceOp.hpp"
#include "simulated-mpi/src/TypePacking.hpp"
#include "snapshot/AppContext.hpp"

#include <fmt/format.h>

namespace rankfold::mpi {
namespace {

const std::byte* offset(const void* buf, std::ptrdiff_t bytes) {
    return static_cast<const std::byte*>(buf) + bytes;
}
std::byte* offset(void* buf, std::ptrdiff_t bytes) {
    return static_cast<std::byte*>(buf) + bytes;
}

} // namespace

// ---- datatype access ------------------------------------------------------------------------

std::size_t MpiWorld::type_size(int rank, MPI_Datatype type) const {
    const Typemap* t = datatype(rank, type);
    return t ? static_cast<std::size_t>(t->size()) : 0;
}

std::ptrdiff_t MpiWorld::type_extent(int rank, MPI_Datatype type) const {
    const Typemap* t = datatype(rank, type);
    return t ? static_cast<std::ptrdiff_t>(t->extent()) : 0;
}

bool MpiWorld::pack_data(int rank, const void* buf, int count, MPI_Datatype type,
                         Payload& out) const {
    const Typemap* t = datatype(rank, type);
    return t != nullptr && count >= 0 && pack(buf, static_cast<std::uint64_t>(count), *t, out);
}

bool MpiWorld::unpack_data(int rank, const std::byte* data, std::size_t bytes, MPI_Datatype type,
                           void* buf) const {
    const Typemap* t = datatype(rank, type);
    return t != nullptr && unpack(data, bytes, *t, buf);
}

bool MpiWorld::reduce_local(int rank, MPI_Op op, MPI_Datatype type, const std::byte* in,
                            std::byte* inout, int count) {
    if (predefined_op(op)) {
        apply_predefined(op, type, in, inout, static_cast<std::size_t>(count));
        return true;
    }
    // (`type` is the basic element type; a user function of a derived type gets that too.)
    const UserOp* user = ranks_[rank].ops.find(op);
    if (user == nullptr) return false;
    // The user's function is the program's code (of this rank's copy of the program), run
    // from the runtime on packed copies: packed equals laid out for predefined types.
    struct Call {
        MPI_User_function* fn;
        void* in;
        void* inout;
        int n;
        MPI_Datatype type;
    } c{user->fn, const_cast<std::byte*>(in), inout, count, type};
    const auto invoke = [](void* p) {
        auto* c = static_cast<Call*>(p);
        c->fn(c->in, c->inout, &c->n, &c->type);
    };
    if (RankGate* gate = installed_rank_gate())
        gate->run_as_rank(rank, invoke, &c);
    else
        invoke(&c);
    return true;
}

// ---- moving data ------------------------------------------------------------------------------

bool MpiWorld::execute_collective(int rank, const RankCall& call, int id,
                                  const PendingCollective& op) {
    (void)id;
    const auto& parts = op.parts;
    const int n = static_cast<int>(parts.size());
    const CollectiveArgs& a0 = parts[0].args;
    const int root = a0.root;

    auto mismatch = [&](int from, int to, std::size_t sent, std::size_t expected) {
        fail(rank, call, MPI_ERR_TRUNCATE, Misuse::CollectiveMismatch,
             fmt::format("rank {} sends {} bytes to rank {}, which expects {} bytes (the count "
                         "and type signatures of the members differ)",
                         from, sent, to, expected));
        return false;
    };
    auto unreadable = [&](int who) {
        fail(rank, call, MPI_ERR_BUFFER, Misuse::InvalidArgument,
             fmt::format("a buffer or array of rank {} is not accessible", who));
        return false;
    };
    // Reads element i of an int array of member `who`.
    auto at = [&](int who, const int* array, int i, int& out) {
        return read_app(array + i, out) || unreadable(who);
    };
    // Packs `count` x `type` of member `who` at `buf` + `displ` elements.
    auto get = [&](int who, const void* buf, std::ptrdiff_t byte_offset, int count,
                   MPI_Datatype type, Payload& out) {
        out = Payload{};
        return pack_data(parts[who].rank, offset(buf, byte_offset), count, type, out) ||
               unreadable(who);
    };
    // Unpacks `data` (from member `from`) into member `to`'s buffer, which must expect exactly
    // as many bytes.
    auto put = [&](int from, int to, const Payload& data, void* buf, std::ptrdiff_t byte_offset,
                   int count, MPI_Datatype type) {
        const std::size_t expected =
            type_size(parts[to].rank, type) * static_cast<std::size_t>(std::max(count, 0));
        if (data.size() != expected) return mismatch(from, to, data.size(), expected);
        return unpack_data(parts[to].rank, data.data(), data.size(), type,
                           offset(buf, byte_offset)) ||
               unreadable(to);
    };
    auto ext = [&](int who, MPI_Datatype type) { return type_extent(parts[who].rank, type); };

    switch (a0.kind) {
    case CollectiveKind::Barrier:
        return true;
    case CollectiveKind::Bcast: {
        Payload data;
        const CollectiveArgs& r = parts[root].args;
        if (!get(root, r.recvbuf, 0, r.recvcount, r.recvtype, data)) return false;
        for (int i = 0; i < n; ++i) {
            const CollectiveArgs& a = parts[i].args;
            if (i != root && !put(root, i, data, a.recvbuf, 0, a.recvcount, a.recvtype))
                return false;
        }
        return true;
    }
    case CollectiveKind::Gather:
    case CollectiveKind::Gatherv: {
        const CollectiveArgs& r = parts[root].args;
        const bool v = a0.kind == CollectiveKind::Gatherv;
        for (int i = 0; i < n; ++i) {
            const CollectiveArgs& a = parts[i].args;
            if (i == root && a.sendbuf == MPI_IN_PLACE) continue;
            int count = r.recvcount;
            int displ = i * r.recvcount;
            if (v && !(at(root, r.recvcounts, i, count) && at(root, r.rdispls, i, displ)))
                return false;
            Payload data;
            if (!get(i, a.sendbuf, 0, a.sendcount, a.sendtype, data) ||
                !put(i, root, data, r.recvbuf, displ * ext(root, r.recvtype), count, r.recvtype))
                return false;
        }
        return true;
    }
    case CollectiveKind::Scatter:
    case CollectiveKind::Scatterv: {
        const CollectiveArgs& r = parts[root].args;
        const bool v = a0.kind == CollectiveKind::Scatterv;
        for (int i = 0; i < n; ++i) {
            const CollectiveArgs& a = parts[i].args;
            if (i == root && a.recvbuf == MPI_IN_PLACE) continue;
            int count = r.sendcount;
            int displ = i * r.sendcount;
            if (v && !(at(root, r.sendcounts, i, count) && at(root, r.sdispls, i, displ)))
                return false;
            Payload data;
            if (!get(root, r.sendbuf, displ * ext(root, r.sendtype), count, r.sendtype, data) ||
                !put(root, i, data, a.recvbuf, 0, a.recvcount, a.recvtype))
                return false;
        }
        return true;
    }
    case CollectiveKind::Allgather:
    case CollectiveKind::Allgatherv: {
        const bool v = a0.kind == CollectiveKind::Allgatherv;
        // Everyone's block first, then the writes: with MPI_IN_PLACE the blocks live in the
        // receive buffers being written.
        std::vector<Payload> blocks(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i) {
            const CollectiveArgs& a = parts[i].args;
            if (a.sendbuf != MPI_IN_PLACE) {
                if (!get(i, a.sendbuf, 0, a.sendcount, a.sendtype, blocks[i])) return false;
                continue;
            }
            int count = a.recvcount;
            int displ = i * a.recvcount;
            if (v && !(at(i, a.recvcounts, i, count) && at(i, a.rdispls, i, displ))) return false;
            if (!get(i, a.recvbuf, displ * ext(i, a.recvtype), count, a.recvtype, blocks[i]))
                return false;
        }
        for (int j = 0; j < n; ++j) {
            const CollectiveArgs& r = parts[j].args;
            for (int i = 0; i < n; ++i) {
                if (i == j && r.sendbuf == MPI_IN_PLACE) continue;
                int count = r.recvcount;
                int displ = i * r.recvcount;
                if (v && !(at(j, r.recvcounts, i, count) && at(j, r.rdispls, i, displ)))
                    return false;
                if (!put(i, j, blocks[i], r.recvbuf, displ * ext(j, r.recvtype), count, r.recvtype))
                    return false;
            }
        }
        return true;
    }
    case CollectiveKind::Alltoall:
    case CollectiveKind::Alltoallv:
    case CollectiveKind::Alltoallw: {
        const CollectiveKind k = a0.kind;
        // Where block j of member i's send (or, in place, receive) buffer is.
        struct Spec {
            std::ptrdiff_t bytes;
            int count;
            MPI_Datatype type;
        };
        auto spec = [&](int who, bool send, int j, Spec& s) {
            const CollectiveArgs& a = parts[who].args;
            const bool in_place = a.sendbuf == MPI_IN_PLACE;
            send = send && !in_place;
            s.type = send ? a.sendtype : a.recvtype;
            s.count = send ? a.sendcount : a.recvcount;
            int displ = j * s.count;
            if (k != CollectiveKind::Alltoall) {
                if (!at(who, send ? a.sendcounts : a.recvcounts, j, s.count) ||
                    !at(who, send ? a.sdispls : a.rdispls, j, displ))
                    return false;
                if (k == CollectiveKind::Alltoallw &&
                    !read_app((send ? a.sendtypes : a.recvtypes) + j, s.type))
                    return unreadable(who);
            }
            s.bytes = k == CollectiveKind::Alltoallw ? displ : displ * ext(who, s.type);
            return true;
        };
        std::vector<Payload> blocks(static_cast<std::size_t>(n) * n);
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                Spec s{};
                const CollectiveArgs& a = parts[i].args;
                const void* buf = a.sendbuf == MPI_IN_PLACE ? a.recvbuf : a.sendbuf;
                if (!spec(i, true, j, s) ||
                    !get(i, buf, s.bytes, s.count, s.type, blocks[i * n + j]))
                    return false;
            }
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) {
                Spec s{};
                if (!spec(j, false, i, s) ||
                    !put(i, j, blocks[i * n + j], parts[j].args.recvbuf, s.bytes, s.count, s.type))
                    return false;
            }
        return true;
    }
    default:
        return execute_reduction(rank, call, op);
    }
}

// ---- reductions ---------------------------------------------------------------------------------

bool MpiWorld::execute_reduction(int rank, const RankCall& call, const PendingCollective& op) {
    const auto& parts = op.parts;
    const int n = static_cast<int>(parts.size());
    const CollectiveArgs& a0 = parts[0].args;
    const CollectiveKind kind = a0.kind;
    const bool scatter =
        kind == CollectiveKind::ReduceScatter || kind == CollectiveKind::ReduceScatterBlock;

    // Elements each member contributes, and where its result segment starts.
    std::vector<int> seg_count(static_cast<std::size_t>(n)), seg_start(static_cast<std::size_t>(n));
    int total = 0;
    for (int i = 0; i < n; ++i) {
        const CollectiveArgs& a = parts[i].args;
        int c = a.recvcount;
        if (kind == CollectiveKind::ReduceScatter && !read_app(parts[0].args.recvcounts + i, c)) {
            fail(rank, call, MPI_ERR_ARG, Misuse::InvalidArgument,
                 "recvcounts of rank 0 is not readable");
            return false;
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
    for (int i = 0; i < n; ++i) {
        const CollectiveArgs& a = parts[i].args;
        const MPI_Datatype t = contribution_type(a);
        const int c = contribution_count(a);
        if (t != type0 || c != count0) {
            fail(rank, call, MPI_ERR_OTHER, Misuse::CollectiveMismatch,
                 fmt::format("rank 0 contributes {} x {} but rank {} contributes {} x {}", count0,
                             datatype_name(type0), i, c, datatype_name(t)));
            return false;
        }
        const void* buf = a.sendbuf == MPI_IN_PLACE ? a.recvbuf : a.sendbuf;
        if (!pack_data(parts[i].rank, buf, c, t, in[i])) {
            fail(rank, call, MPI_ERR_BUFFER, Misuse::InvalidArgument,
                 fmt::format("the send buffer of rank {} is not readable", i));
            return false;
        }
    }
    // Reductions work element by element on the basic type the datatype repeats (MPI 3.1
    // §5.9.1 allows derived types made of one predefined type, or of MINLOC/MAXLOC pairs).
    const TypeSignature signature = datatype(parts[0].rank, type0)->signature();
    auto run = signature.uniform();
    if (!run ||
        predefined_op(a0.op) && !op_defined_for(a0.op, make_handle(RF_KIND_DATATYPE, run->basic)))
        run = signature.uniform_pairs();
    if (!run) {
        fail(rank, call, MPI_ERR_TYPE, Misuse::InvalidArgument,
             fmt::format("{} is not one predefined type repeated: a reduction cannot combine it",
                         datatype_name(type0)));
        return false;
    }
    const MPI_Datatype basic = make_handle(RF_KIND_DATATYPE, run->basic);
    const int elements = static_cast<int>(run->count) * count0;
    if (predefined_op(a0.op) && !op_defined_for(a0.op, basic)) {
        fail(rank, call, MPI_ERR_OP, Misuse::InvalidArgument,
             fmt::format("{} is not defined for {}", op_name(a0.op), datatype_name(basic)));
        return false;
    }
    // Left fold of contributions first..last with `who`'s operator.
    auto fold = [&](int who, int last, Payload& acc) {
        acc = in[0];
        for (int i = 1; i <= last; ++i) {
            Payload next = in[i];
            if (!reduce_local(parts[who].rank, parts[who].args.op,
                              predefined_index(type0) ? type0 : basic, acc.data(), next.data(),
                              predefined_index(type0) ? count0 : elements))
                return false;
            acc = std::move(next);
        }
        return true;
    };
    auto deliver_to = [&](int who, const Payload& result, int first, int count) {
        const CollectiveArgs& a = parts[who].args;
        const std::size_t elem = type_size(parts[who].rank, type0);
        if (!unpack_data(parts[who].rank, result.data() + elem * first, elem * count, type0,
                         a.recvbuf)) {
            fail(rank, call, MPI_ERR_BUFFER, Misuse::InvalidArgument,
                 fmt::format("the receive buffer of rank {} is not writable", who));
            return false;
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

} // namespace rankfold::mpi
