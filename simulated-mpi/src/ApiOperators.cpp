// User-defined reduction operators (MPI 3.1 §5.9.5): one table per rank, since each process
// registers its own function (and each rank runs its own copy of the program).
#include "simulated-mpi/src/Api.hpp"
#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/PredefinedTypes.hpp"
#include "simulated-mpi/src/ReduceOp.hpp"
#include "simulated-mpi/src/TypePacking.hpp"

#include <fmt/format.h>

using namespace rankfold::mpi;

RF_EXPORT int MPI_Op_create(MPI_User_function* user_fn, int commute, MPI_Op* op) {
    RF_LOCAL_ENTRY("MPI_Op_create", user_fn, commute, op);
    if (user_fn == nullptr)
        return call.error(MPI_COMM_WORLD, MPI_ERR_ARG, Misuse::InvalidArgument,
                          "the user function is NULL");
    *op = call.world.rank_state(call.rank).ops.create(user_fn, commute != 0, site);
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Op_free(MPI_Op* op) {
    RF_LOCAL_ENTRY("MPI_Op_free", op);
    if (predefined_op(*op))
        return call.error(MPI_COMM_WORLD, MPI_ERR_OP, Misuse::InvalidArgument,
                          fmt::format("{} is predefined and cannot be freed", op_name(*op)));
    if (!call.world.rank_state(call.rank).ops.free(*op))
        return call.error(MPI_COMM_WORLD, MPI_ERR_OP, Misuse::InvalidHandle,
                          fmt::format("invalid operator {:#x}", *op));
    *op = MPI_OP_NULL;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Op_commutative(MPI_Op op, int* commute) {
    RF_LOCAL_ENTRY("MPI_Op_commutative", op, commute);
    if (predefined_op(op)) {
        *commute = 1;
        return MPI_SUCCESS;
    }
    const UserOp* user = call.world.rank_state(call.rank).ops.find(op);
    if (user == nullptr)
        return call.error(MPI_COMM_WORLD, MPI_ERR_OP, Misuse::InvalidHandle,
                          fmt::format("invalid operator {:#x}", op));
    *commute = user->commute ? 1 : 0;
    return MPI_SUCCESS;
}

// A reduction of two local buffers (MPI 3.1 §5.9.7): inoutbuf = inbuf op inoutbuf.
RF_EXPORT int MPI_Reduce_local(const void* inbuf, void* inoutbuf, int count, MPI_Datatype datatype,
                               MPI_Op op) {
    RF_LOCAL_ENTRY("MPI_Reduce_local", inbuf, inoutbuf, count, datatype, op);
    RankState& state = call.world.rank_state(call.rank);
    if (count < 0)
        return call.error(MPI_COMM_WORLD, MPI_ERR_COUNT, Misuse::InvalidCount,
                          fmt::format("negative count {}", count));
    const TypemapRef map = state.datatypes.find(datatype);
    if (!map)
        return call.error(MPI_COMM_WORLD, MPI_ERR_TYPE, Misuse::InvalidHandle,
                          fmt::format("invalid datatype handle {:#x}", datatype));
    if (!state.datatypes.committed(datatype))
        return call.error(MPI_COMM_WORLD, MPI_ERR_TYPE, Misuse::UncommittedDatatype,
                          fmt::format("datatype {:#x} is used before MPI_Type_commit", datatype));
    const UserOp* user = predefined_op(op) ? nullptr : state.ops.find(op);
    if (!predefined_op(op) && user == nullptr)
        return call.error(MPI_COMM_WORLD, MPI_ERR_OP, Misuse::InvalidHandle,
                          fmt::format("invalid operator {:#x}", op));
    if (null_buffer_misuse(inbuf, count, *map) || null_buffer_misuse(inoutbuf, count, *map))
        return call.error(MPI_COMM_WORLD, MPI_ERR_BUFFER, Misuse::NullBuffer,
                          fmt::format("NULL buffer with count {}", count));
    if (count == 0) return MPI_SUCCESS;
    if (user != nullptr) {
        // The program's own function on its own buffers, as it would be called by a reduction.
        rankfold::snapshot::CallbackScope app(*call.section);
        user->fn(const_cast<void*>(inbuf), inoutbuf, &count, &datatype);
        return MPI_SUCCESS;
    }
    const auto repeat = reduction_elements(op, map->signature());
    const MPI_Datatype basic =
        repeat ? make_handle(RF_KIND_DATATYPE, repeat->basic) : MPI_DATATYPE_NULL;
    if (!repeat || !op_defined_for(op, basic))
        return call.error(MPI_COMM_WORLD, MPI_ERR_OP, Misuse::InvalidArgument,
                          fmt::format("{} is not defined for {}", op_name(op),
                                      datatype_name(repeat ? basic : datatype)));
    Payload in, inout;
    const auto n = static_cast<std::uint64_t>(count);
    if (!pack(inbuf, n, *map, in) || !pack(inoutbuf, n, *map, inout))
        return call.error(MPI_COMM_WORLD, MPI_ERR_BUFFER, Misuse::InvalidArgument,
                          "a buffer is not readable");
    apply_predefined(op, basic, in.data(), inout.data(), repeat->count * n);
    if (!unpack(inout.data(), inout.size(), *map, inoutbuf))
        return call.error(MPI_COMM_WORLD, MPI_ERR_BUFFER, Misuse::InvalidArgument,
                          "inoutbuf is not writable");
    return MPI_SUCCESS;
}
