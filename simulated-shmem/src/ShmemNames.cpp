#include "simulated-shmem/src/ShmemNames.hpp"

#include <iterator>

namespace rankfold::shmem {

const char* op_name(ShmemOp op) {
    switch (op) {
    case ShmemOp::None:
        return "nothing";
    case ShmemOp::Init:
        return "shmem_init";
    case ShmemOp::Finalize:
        return "shmem_finalize";
    case ShmemOp::BarrierAll:
        return "shmem_barrier_all";
    case ShmemOp::Malloc:
        return "shmem_malloc";
    case ShmemOp::Free:
        return "shmem_free";
    case ShmemOp::Realloc:
        return "shmem_realloc";
    case ShmemOp::WaitUntil:
        return "shmem_wait_until";
    case ShmemOp::SetLock:
        return "shmem_set_lock";
    case ShmemOp::Quiet:
        return "shmem_quiet";
    case ShmemOp::Fetch:
        return "a get";
    case ShmemOp::TeamSync:
        return "shmem_team_sync";
    case ShmemOp::TeamSplit:
        return "shmem_team_split_strided";
    case ShmemOp::TeamSplit2d:
        return "shmem_team_split_2d";
    case ShmemOp::Broadcast:
        return "shmem_broadcast";
    case ShmemOp::Collect:
        return "shmem_collect";
    case ShmemOp::Fcollect:
        return "shmem_fcollect";
    case ShmemOp::Alltoall:
        return "shmem_alltoall";
    case ShmemOp::Alltoalls:
        return "shmem_alltoalls";
    case ShmemOp::Reduce:
        return "a reduction";
    }
    return "?";
}

const char* compare_name(Compare cmp) {
    switch (cmp) {
    case Compare::Eq:
        return "SHMEM_CMP_EQ";
    case Compare::Ne:
        return "SHMEM_CMP_NE";
    case Compare::Gt:
        return "SHMEM_CMP_GT";
    case Compare::Ge:
        return "SHMEM_CMP_GE";
    case Compare::Lt:
        return "SHMEM_CMP_LT";
    case Compare::Le:
        return "SHMEM_CMP_LE";
    }
    return "?";
}

namespace {
const char* const types[] = {
#define RF_SHMEM_ELEMENT(T, N) #T,
    RF_SHMEM_RMA_TYPES(RF_SHMEM_ELEMENT)
#undef RF_SHMEM_ELEMENT
};
} // namespace

std::string element_name(std::uint32_t kind) {
    const std::uint32_t type = kind & 0xff;
    if (kind == 0) return "bytes (a mem or sized form)";
    return type < std::size(types) ? types[type] : "?";
}

std::string reduction_name(std::uint32_t kind) {
    static const char* const operators[] = {"and", "or", "xor", "max", "min", "sum", "prod"};
    const std::uint32_t op = kind >> 8;
    const std::uint32_t type = kind & 0xff;
    if (op >= std::size(operators) || type >= std::size(types)) return "?";
    return std::string(operators[op]) + " on " + types[type];
}

} // namespace rankfold::shmem
