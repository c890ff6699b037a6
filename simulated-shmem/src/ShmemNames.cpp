#include "simulated-shmem/src/ShmemNames.hpp"

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

} // namespace rankfold::shmem
