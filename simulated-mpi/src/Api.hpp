// Shared by the files that define the MPI functions: the entry boilerplate every one of them
// needs (leave application context, note the call site) and the submission of a visible call.
#pragma once

#include "simulated-mpi/src/RankCall.hpp"
#include "simulated-mpi/src/RankGate.hpp"
#include "snapshot/AppContext.hpp"

#include <cstdint>

// Opens the function body of an MPI entry point: `site` is where the application called from.
#define RF_MPI_ENTRY                                                                               \
    ::rankfold::snapshot::RuntimeSection rf_section_;                                              \
    const std::uintptr_t site = reinterpret_cast<std::uintptr_t>(__builtin_return_address(0))

#define RF_EXPORT extern "C" __attribute__((visibility("default")))

namespace rankfold::mpi {

inline RankCall make_call(CallKind kind, const char* name, std::uintptr_t site) {
    RankCall c;
    c.kind = kind;
    c.name = name;
    c.site = site;
    return c;
}

inline int submit(RankCall& call) {
    rank_gate().submit(call);
    return call.result;
}

} // namespace rankfold::mpi
