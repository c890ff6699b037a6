// User-defined reduction operators (MPI 3.1 §5.9.5): one table per rank, since each process
// registers its own function (and each rank runs its own copy of the program).
#include "simulated-mpi/src/Api.hpp"
#include "simulated-mpi/src/ReduceOp.hpp"

#include <fmt/format.h>

using namespace rankfold::mpi;

RF_EXPORT int MPI_Op_create(MPI_User_function* user_fn, int commute, MPI_Op* op) {
    RF_LOCAL_ENTRY("MPI_Op_create");
    if (user_fn == nullptr)
        return call.error(MPI_COMM_WORLD, MPI_ERR_ARG, Misuse::InvalidArgument,
                          "the user function is NULL");
    *op = call.world.rank_state(call.rank).ops.create(user_fn, commute != 0, site);
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Op_free(MPI_Op* op) {
    RF_LOCAL_ENTRY("MPI_Op_free");
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
    RF_LOCAL_ENTRY("MPI_Op_commutative");
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
