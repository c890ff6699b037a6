// CollectiveRun: the members' buffers of one collective operation, through their datatypes.
#include "simulated-mpi/src/CollectiveRun.hpp"

#include "simulated-mpi/interface/RankGate.hpp"
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/LaidOutBuffer.hpp"
#include "simulated-mpi/src/PredefinedTypes.hpp"
#include "simulated-mpi/src/ReduceOp.hpp"
#include "simulated-mpi/src/TypePacking.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace rankfold::mpi {
namespace {

const std::byte* offset(const void* buf, std::ptrdiff_t bytes) {
    return static_cast<const std::byte*>(buf) + bytes;
}
std::byte* offset(void* buf, std::ptrdiff_t bytes) {
    return static_cast<std::byte*>(buf) + bytes;
}

} // namespace

bool CollectiveRun::fail(int code, Misuse misuse, const std::string& message) {
    failure_ = MpiFailure{code, misuse, fmt::format("{}: {}", call_.name, message)};
    return false;
}

bool CollectiveRun::unreadable(int member) {
    return fail(MPI_ERR_BUFFER, Misuse::InvalidArgument,
                fmt::format("a buffer or array of rank {} is not accessible", member));
}

bool CollectiveRun::mismatch(int from, int to, std::size_t sent, std::size_t expected) {
    return fail(MPI_ERR_TRUNCATE, Misuse::CollectiveMismatch,
                fmt::format("rank {} sends {} bytes to rank {}, which expects {} bytes (the "
                            "count and type signatures of the members differ)",
                            from, sent, to, expected));
}

bool CollectiveRun::at(int member, const int* array, int i, int& out) {
    return read_app(array + i, out) || unreadable(member);
}

bool CollectiveRun::get(int member, const void* buf, std::ptrdiff_t byte_offset, int count,
                        MPI_Datatype type, Payload& out) {
    out = Payload{};
    if (!pack_data(member, offset(buf, byte_offset), count, type, out)) return unreadable(member);
    packed_.insert_or_assign(&out,
                             Packed{count, type,
                                    datatype(member, type)
                                        ->signature()
                                        .times(static_cast<std::uint64_t>(std::max(count, 0)))});
    return true;
}

bool CollectiveRun::put(int from, int to, const Payload& data, void* buf,
                        std::ptrdiff_t byte_offset, int count, MPI_Datatype type) {
    const std::size_t expected = size_of(to, type) * static_cast<std::size_t>(std::max(count, 0));
    if (data.size() != expected) return mismatch(from, to, data.size(), expected);
    const auto sent = packed_.find(&data);
    const Typemap* receiving = datatype(to, type);
    if (sent != packed_.end() && receiving != nullptr &&
        !signatures_agree(sent->second.signature,
                          receiving->signature().times(static_cast<std::uint64_t>(count))))
        return fail(MPI_ERR_TYPE, Misuse::TypeMismatch,
                    fmt::format("rank {} sends {} x {} to rank {}, which receives {} x {}: as many "
                                "bytes, but the type signatures differ",
                                from, sent->second.count, datatype_name(sent->second.type), to,
                                count, datatype_name(type)));
    return unpack_data(to, data.data(), data.size(), type, offset(buf, byte_offset)) ||
           unreadable(to);
}

const Typemap* CollectiveRun::datatype(int member, MPI_Datatype type) const {
    // The types the member named when it called, even if it has freed them since.
    const CollectivePart& p = part(member);
    if (type == p.args.sendtype && p.sendmap) return p.sendmap.get();
    if (type == p.args.recvtype && p.recvmap) return p.recvmap.get();
    return core_.ranks[p.rank].datatypes.find(type).get();
}

std::ptrdiff_t CollectiveRun::extent(int member, MPI_Datatype type) const {
    const Typemap* t = datatype(member, type);
    return t ? static_cast<std::ptrdiff_t>(t->extent()) : 0;
}

std::size_t CollectiveRun::size_of(int member, MPI_Datatype type) const {
    const Typemap* t = datatype(member, type);
    return t ? static_cast<std::size_t>(t->size()) : 0;
}

bool CollectiveRun::pack_data(int member, const void* buf, int count, MPI_Datatype type,
                              Payload& out) const {
    const Typemap* t = datatype(member, type);
    return t != nullptr && count >= 0 && pack(buf, static_cast<std::uint64_t>(count), *t, out);
}

bool CollectiveRun::unpack_data(int member, const std::byte* data, std::size_t bytes,
                                MPI_Datatype type, void* buf) const {
    const Typemap* t = datatype(member, type);
    return t != nullptr && unpack(data, bytes, *t, buf);
}

bool CollectiveRun::reduce_local(int member, MPI_Op op, MPI_Datatype type, const std::byte* in,
                                 std::byte* inout, int count) {
    const Typemap* map = datatype(member, type);
    if (map == nullptr)
        return fail(MPI_ERR_TYPE, Misuse::InvalidHandle,
                    fmt::format("rank {}'s datatype {} is not valid", member, datatype_name(type)));
    if (predefined_op(op)) {
        // Element-wise on the one basic type (or MINLOC/MAXLOC pair) the datatype repeats.
        const auto repeat = reduction_elements(op, map->signature());
        if (!repeat) return false; // checked by the caller
        const MPI_Datatype basic = make_handle(RF_KIND_DATATYPE, static_cast<int>(repeat->basic));
        apply_predefined(op, basic, in, inout, repeat->count * static_cast<std::size_t>(count));
        return true;
    }
    const CollectivePart& p = part(member);
    if (!p.user_op)
        return fail(MPI_ERR_OP, Misuse::InvalidHandle,
                    fmt::format("rank {}'s operator {:#x} is not valid", member, op));
    // The user's function is the program's code (of this rank's copy of the program). It gets
    // the datatype and count the rank passed, on buffers laid out as that datatype describes.
    LaidOutBuffer left(*map, count), right(*map, count);
    const std::size_t bytes = map->size() * static_cast<std::size_t>(count);
    if (!left.ok() || !right.ok() || !left.fill(in, bytes) || !right.fill(inout, bytes))
        return fail(MPI_ERR_TYPE, Misuse::InvalidArgument,
                    fmt::format("{} x {} spans more than {} bytes: too large for a user-defined "
                                "operator in Rankfold",
                                count, datatype_name(type), LaidOutBuffer::kMaxSpan));
    struct Call {
        MPI_User_function* fn;
        void* in;
        void* inout;
        int n;
        MPI_Datatype type;
    } c{p.user_op->fn, left.base(), right.base(), count, type};
    const auto invoke = [](void* arg) {
        auto* c = static_cast<Call*>(arg);
        c->fn(c->in, c->inout, &c->n, &c->type);
    };
    if (RankGate* gate = installed_rank_gate())
        gate->run_as_rank(p.rank, invoke, &c);
    else
        invoke(&c);
    Payload result;
    if (!right.read(result) || result.size() != bytes)
        return fail(MPI_ERR_INTERN, Misuse::InvalidArgument,
                    "the user operator's result is unreadable");
    std::memcpy(inout, result.data(), bytes);
    return true;
}

} // namespace rankfold::mpi
