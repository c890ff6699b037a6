// Shared by the files that define the MPI functions: the entry boilerplate every one of them
// needs (leave application context, note the call site) and the submission of a visible call.
#pragma once

#include "simulated-mpi/interface/RankCall.hpp"
#include "simulated-mpi/interface/RankGate.hpp"
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

// Hands a visible call to the scheduler. The rank's stack is snapshot and restored while it
// waits, the checker's heap is not: no object owning checker-heap memory (std::vector,
// std::string, ...) may be alive in the caller across this call, or a restored branch frees it
// a second time.
inline int submit(RankCall& call) {
    rank_gate().submit(call);
    return call.result;
}

} // namespace rankfold::mpi

namespace rankfold::mpi {

// A local MPI call (one that needs no other rank): where it runs, and how it reports errors.
struct LocalCall {
    const char* name;
    std::uintptr_t site;
    const snapshot::RuntimeSection* section; // to run application callbacks
    MpiWorld& world = rank_gate().world();
    int rank = rank_gate().current_rank();

    // Raises an error on `comm`: returns the code under MPI_ERRORS_RETURN, else ends the rank.
    int error(MPI_Comm comm, int code, Misuse misuse, std::string message) const {
        return rank_gate().local_error(name, comm, code, misuse, std::move(message), site);
    }
    // MPI_SUCCESS between MPI_Init and MPI_Finalize, else the error raised.
    int check_state() const {
        if (!world.rank_state(rank).initialized)
            return error(MPI_COMM_WORLD, MPI_ERR_OTHER, Misuse::CallBeforeInit,
                         "called before MPI_Init");
        if (world.rank_state(rank).finalized)
            return error(MPI_COMM_WORLD, MPI_ERR_OTHER, Misuse::CallAfterFinalize,
                         "called after MPI_Finalize");
        return MPI_SUCCESS;
    }
};

} // namespace rankfold::mpi

namespace rankfold::mpi {

// A visible call made by a local entry, which already reported it with its arguments.
inline RankCall make_call(const LocalCall& call, CallKind kind) {
    RankCall c = make_call(kind, call.name, call.site);
    c.announced = true;
    return c;
}

} // namespace rankfold::mpi

// Opens a local MPI function: `call` describes it; returns early outside MPI_Init..Finalize.
// The arguments after the name are the function's C arguments, in parameter order, for the
// property monitors (contracts): pointers, integers and handles as they are, buffers as
// `BufferArgument{address, bytes}`; none where no contract needs them.
#define RF_LOCAL_ENTRY(fname, ...)                                                                 \
    RF_MPI_ENTRY;                                                                                  \
    const ::rankfold::mpi::LocalCall call{fname, site, &rf_section_};                              \
    ::rankfold::mpi::rank_gate().local_call(fname, site,                                           \
                                            ::rankfold::mpi::local_arguments(__VA_ARGS__));        \
    if (const int rf_state_ = call.check_state(); rf_state_ != MPI_SUCCESS) return rf_state_
