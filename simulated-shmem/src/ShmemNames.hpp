// The OpenSHMEM names of the visible calls, for reports.
#pragma once

#include "simulated-shmem/interface/ShmemCall.hpp"

#include <rankfold_shmem_types.h>

#include <cstdint>
#include <string>

namespace rankfold::shmem {

const char* op_name(ShmemOp op);

// The reduction operators, in the order of their names in shmem.h.
enum class ReduceOp : std::uint8_t { And, Or, Xor, Max, Min, Sum, Prod };

// The element types of the typed collectives, in the order of RF_SHMEM_RMA_TYPES.
enum class ElementType : std::uint8_t {
#define RF_SHMEM_ELEMENT(T, N) t_##N,
    RF_SHMEM_RMA_TYPES(RF_SHMEM_ELEMENT)
#undef RF_SHMEM_ELEMENT
};

// ShmemCall::kind of a reduction, and its name ("sum on int").
constexpr std::uint32_t reduction_kind(ReduceOp op, ElementType type) {
    return static_cast<std::uint32_t>(op) << 8 | static_cast<std::uint32_t>(type);
}
std::string reduction_name(std::uint32_t kind);
// ShmemCall::kind of a typed data-moving collective (shmem_int_broadcast), and its type's name.
constexpr std::uint32_t typed_kind(ElementType type) {
    return 1u << 16 | static_cast<std::uint32_t>(type);
}
std::string element_name(std::uint32_t kind);

} // namespace rankfold::shmem
