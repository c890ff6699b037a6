// CollectiveRun: the members' buffers of one collective operation, through their datatypes.
#include "simulated-mpi/src/CollectiveRun.hpp"

#include "simulated-mpi/interface/RankGate.hpp"
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/ReduceOp.hpp"
#include "simulated-mpi/src/TypePacking.hpp"

#include <fmt/format.h>

#include <algorithm>

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
    return pack_data(member, offset(buf, byte_offset), count, type, out) || unreadable(member);
}

bool CollectiveRun::put(int from, int to, const Payload& data, void* buf,
                        std::ptrdiff_t byte_offset, int count, MPI_Datatype type) {
    const std::size_t expected = size_of(to, type) * static_cast<std::size_t>(std::max(count, 0));
    if (data.size() != expected) return mismatch(from, to, data.size(), expected);
    return unpack_data(to, data.data(), data.size(), type, offset(buf, byte_offset)) ||
           unreadable(to);
}

const Typemap* CollectiveRun::datatype(int member, MPI_Datatype type) const {
    return core_.ranks[part(member).rank].datatypes.find(type).get();
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
                                 std::byte* inout, int count) const {
    if (predefined_op(op)) {
        apply_predefined(op, type, in, inout, static_cast<std::size_t>(count));
        return true;
    }
    // (`type` is the basic element type; a user function of a derived type gets that too.)
    const int rank = part(member).rank;
    const UserOp* user = core_.ranks[rank].ops.find(op);
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

} // namespace rankfold::mpi
