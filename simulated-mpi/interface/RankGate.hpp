// The door between an MPI function running on a rank's own stack and whatever schedules the
// ranks. The simulated MPI knows only this interface; the model checker implements it.
#pragma once

#include "simulated-mpi/interface/LocalArguments.hpp"
#include "simulated-mpi/interface/Misuse.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/interface/RankCall.hpp"

#include <cstdint>
#include <string>

namespace rankfold::mpi {

class RankGate {
public:
    virtual ~RankGate() = default;
    virtual int current_rank() const = 0;
    virtual MpiWorld& world() = 0;
    // Hands a visible call to the scheduler and returns once it has completed. If the call
    // fails under MPI_ERRORS_ARE_FATAL, or the run ends, it does not return.
    virtual void submit(RankCall& call) = 0;
    // MPI_Abort. Does not return.
    [[noreturn]] virtual void abort_run(int errorcode, std::uintptr_t site) = 0;
    // An error found without the scheduler (a local call with a bad argument), raised on
    // `comm` (MPI_COMM_WORLD for calls without one): under MPI_ERRORS_RETURN it returns `code`
    // for the MPI function to return; otherwise the rank's run ends here.
    virtual int local_error(const char* call, MPI_Comm comm, int code, Misuse misuse,
                            std::string message, std::uintptr_t site) = 0;
    // A local call (one that never reaches the scheduler: MPI_Comm_rank, MPI_Type_commit, ...)
    // is made, for the property monitors; `args` are its C arguments in parameter order, or
    // empty where the runtime does not encode them.
    virtual void local_call(const char* name, std::uintptr_t site, LocalArguments args) {
        (void)name;
        (void)site;
        (void)args;
    }
    // An RMA operation of `origin` landed in `target`'s bytes [begin, end) (world ranks), for
    // the property monitors (a delivery event).
    virtual void delivered(int origin, int target, std::uintptr_t begin, std::uintptr_t end,
                           bool writes, std::uintptr_t site) {
        (void)origin;
        (void)target;
        (void)begin;
        (void)end;
        (void)writes;
        (void)site;
    }
    // An MPI atomic (accumulate, get-accumulate, fetch-and-op, compare-and-swap) of `origin`
    // landed at `target`'s bytes [begin, end) (world ranks): it `reads` them (a fetching one:
    // its origin learns, at its next completing call, what the word carried) and/or `writes`
    // them (the operation itself and what the origin knows reach whoever reads the word
    // later), for the race monitor.
    virtual void atomic_landed(int origin, int target, std::uintptr_t begin, std::uintptr_t end,
                               bool reads, bool writes) {
        (void)origin, (void)target, (void)begin, (void)end, (void)reads, (void)writes;
    }
    // An OpenSHMEM put or non-fetching atomic (`atomic`: of `size`-byte elements) of `origin`
    // on its `context` (0: the default) is on its way to `target`'s bytes [begin, end), for the
    // race monitor.
    virtual void shmem_posted(int origin, int target, std::uintptr_t begin, std::uintptr_t end,
                              bool atomic, std::size_t size, std::uintptr_t site, const char* name,
                              int context) {
        (void)origin, (void)target, (void)begin, (void)end, (void)atomic, (void)size;
        (void)site, (void)name, (void)context;
    }
    // One of them landed at `target`: its data [begin, end) and its signal word at `signal`
    // (0: none). Whoever sees the word it wrote last (a flag or signal a wait_until may be
    // watching) learns that it, and `origin`'s earlier ones to the target on that context that
    // a fence ordered before it, landed.
    virtual void shmem_landed(int origin, int target, std::uintptr_t begin, std::uintptr_t end,
                              std::uintptr_t signal, int context) {
        (void)origin, (void)target, (void)begin, (void)end, (void)signal, (void)context;
    }
    // `pe` called shmem_fence (shmem_ctx_fence on `context`): its puts issued before reach
    // each target before those issued after.
    virtual void shmem_fenced(int pe, int context) { (void)pe, (void)context; }
    // `pe` clears the lock at `lock` (its own address): its puts are complete (the clear is a
    // quiet), and the next PE to set the lock learns so.
    virtual void shmem_lock_cleared(int pe, std::uintptr_t lock) { (void)pe, (void)lock; }
    // Runs program code of `rank` (a user-defined operator) from the runtime: its allocations
    // must go to that rank's heap.
    virtual void run_as_rank(int rank, void (*fn)(void*), void* argument) {
        (void)rank;
        fn(argument);
    }
};

void install_rank_gate(RankGate* gate);
RankGate& rank_gate();
// The installed gate, or nullptr (the runtime driven by unit tests).
RankGate* installed_rank_gate();

} // namespace rankfold::mpi
