#include "mc/runtime/RankFaults.hpp"

#include "mc/runtime/RankRuntime.hpp"
#include "mc/runtime/Watchdog.hpp"
#include "simulated-mpi/interface/ErrorStrings.hpp"
#include "snapshot/AppContext.hpp"

#define UNW_LOCAL_ONLY
#include <fmt/format.h>
#include <libunwind.h>

#include <csignal>
#include <cstdlib>
#include <exception>
#include <typeinfo>

#include <cxxabi.h>

namespace rankfold::mc {

void RankFaults::fail(int rank, Violation violation) {
    ranks_.set_status(rank, RankStatus::Failed);
    events_.on_rank_fault({std::move(violation)});
}

void RankFaults::leave_forever(RankSlot& rank) {
    rank.fiber->suspend();
    std::abort(); // a finished or failed rank is never resumed
}

void RankFaults::rank_exit(int code, std::uintptr_t site) {
    RankSlot& rank = ranks_.running_slot();
    // The rank's atexit handlers and static destructors, as at the end of a process.
    snapshot::g_app_arena = rank.arena;
    if (auto run_handlers = image_.copy(rank.id).run_exit_handlers) run_handlers();
    snapshot::g_app_arena = nullptr;
    if (code != 0)
        rank_violation(ViolationKind::Exit,
                       fmt::format("rank {} exited with status {}", rank.id, code), site);
    const mpi::RankState& mpi_state = world_.rank_state(rank.id);
    if (mpi_state.initialized && !mpi_state.finalized) {
        // Returning from main leaves no frame to name: the rank's last MPI call stands in.
        const bool returned = site == 0;
        rank_violation(
            ViolationKind::Usage,
            returned ? fmt::format("rank {} returned from main without calling "
                                   "MPI_Finalize; its last MPI call was {}",
                                   rank.id, rank.last_call)
                     : fmt::format("rank {} exited without calling MPI_Finalize", rank.id),
            returned ? rank.last_site : site, mpi::misuse_name(mpi::Misuse::MissingFinalize));
    }
    const shmem::PeState& pe = world_.shmem().pe(rank.id);
    if (pe.initialized && !pe.finalized)
        rank_violation(
            ViolationKind::Usage,
            site == 0 ? fmt::format("PE {} returned from main without calling "
                                    "shmem_finalize; its last call was {}",
                                    rank.id, rank.last_call)
                      : fmt::format("PE {} exited without calling shmem_finalize", rank.id),
            site == 0 ? rank.last_site : site, mpi::misuse_name(mpi::Misuse::MissingFinalize));
    rank.control.status = RankStatus::Finished;
    leave_forever(rank);
}

void RankFaults::rank_violation(ViolationKind kind, std::string message, std::uintptr_t site,
                                std::string subkind) {
    snapshot::g_app_arena = nullptr;
    RankSlot& rank = ranks_.running_slot();
    Violation v;
    v.kind = kind;
    v.subkind = std::move(subkind);
    v.rank = rank.id;
    v.message = std::move(message);
    v.location = image_.locate_call(site);
    if (!v.location) v.location = image_.locate_call(program_frame()); // e.g. free() in libstdc++
    fail(rank.id, std::move(v));
    leave_forever(rank);
}

void RankFaults::abort_run(int errorcode, std::uintptr_t site) {
    rank_violation(ViolationKind::Abort,
                   fmt::format("MPI_Abort called with error code {}", errorcode), site);
}

int RankFaults::local_error(const char* call, MPI_Comm comm, int code, mpi::Misuse misuse,
                            std::string message, std::uintptr_t site) {
    if (world_.errors_return(ranks_.running(), comm)) return code;
    // An error without a class (MPI_SUCCESS: OpenSHMEM's) names none.
    std::string text = code == MPI_SUCCESS
                           ? fmt::format("{}: {}", call, message)
                           : fmt::format("{}: {} ({})", call, message, mpi::error_name(code));
    // The rank's fiber is abandoned below with this frame on it: nothing here may still own
    // heap memory, or it leaks (LeakSanitizer reports it).
    std::string().swap(message);
    rank_violation(ViolationKind::Usage, std::move(text), site, mpi::misuse_name(misuse));
}

void RankFaults::on_terminate() {
    RankRuntime* runtime = RankRuntime::current();
    if (runtime == nullptr || !runtime->in_rank()) std::abort();
    std::string what = "uncaught C++ exception";
    if (std::exception_ptr e = std::current_exception()) {
        try {
            std::rethrow_exception(e);
        } catch (const std::exception& x) {
            int status = 0;
            char* name = abi::__cxa_demangle(typeid(x).name(), nullptr, nullptr, &status);
            what += fmt::format(" {}: {}", name != nullptr ? name : typeid(x).name(), x.what());
            std::free(name);
        } catch (...) {
        }
    } else {
        what = "std::terminate called";
    }
    runtime->faults().rank_violation(ViolationKind::Crash, std::move(what), 0);
}

void RankFaults::crash_landing() {
    snapshot::g_app_arena = nullptr;
    RankSlot& rank = RankRuntime::current()->ranks().running_slot();
    rank.control.crashed = true; // described by the runtime, on the checker's stack
    leave_forever(rank);
}

std::uintptr_t RankFaults::program_frame() const {
    unw_context_t context;
    unw_cursor_t cursor;
    unw_getcontext(&context);
    unw_init_local(&cursor, &context);
    while (unw_step(&cursor) > 0) {
        unw_word_t ip = 0;
        unw_get_reg(&cursor, UNW_REG_IP, &ip);
        if (image_.copy_containing(ip) >= 0) return ip;
    }
    return 0;
}

void RankFaults::crash_violation(RankSlot& rank) {
    const CrashRecord& record = g_crash_record;
    Violation v;
    v.kind = ViolationKind::Crash;
    v.rank = rank.id;
    v.message = describe_crash(record);
    if (record.signal == SIGVTALRM) {
        v.kind = ViolationKind::NonProgress;
        v.message = fmt::format("rank {} ran for {} s of CPU time without a visible call (an "
                                "endless loop?); raise the limit with --watchdog",
                                rank.id, watchdog_seconds());
    }
    for (int i = 0; i < record.frame_count; ++i) {
        // Frame 0 is the faulting instruction itself; the others are return addresses.
        if (auto loc = image_.locate(record.frames[i], i > 0)) {
            if (!v.location) v.location = loc;
            v.backtrace.push_back(*loc);
        }
    }
    fail(rank.id, std::move(v));
}

} // namespace rankfold::mc
