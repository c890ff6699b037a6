// What ends a rank on its own side: exit (with its atexit handlers), a crash, a failed
// assertion, an uncaught exception, MPI_Abort, a usage error found by a local MPI call. Each
// becomes a violation with the program's source location and goes to the monitors as a
// RankFaultEvent; the rank is then abandoned (its fiber is never resumed again).
//
// Most of this runs on the failing rank's fiber; crash_violation() runs on the checker's stack
// after a crash landed (CrashHandler.hpp), where describing it is safe.
#pragma once

#include "mc/report/Violations.hpp"
#include "mc/runtime/ProgramImage.hpp"
#include "mc/runtime/RankTable.hpp"
#include "properties/EventSink.hpp"
#include "simulated-mpi/interface/Misuse.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"

#include <cstdint>
#include <string>

namespace rankfold::mc {

class RankFaults {
public:
    RankFaults(RankTable& ranks, const ProgramImage& image, const mpi::MpiWorld& world,
               properties::EventSink& events)
        : ranks_(ranks), image_(image), world_(world), events_(events) {}

    // Marks `rank` failed and reports why.
    void fail(int rank, Violation violation);

    // ---- on the running rank's fiber -------------------------------------------------------
    [[noreturn]] void rank_exit(int code, std::uintptr_t site);
    [[noreturn]] void rank_violation(ViolationKind kind, std::string message, std::uintptr_t site,
                                     std::string subkind = {});
    [[noreturn]] void abort_run(int errorcode, std::uintptr_t site);
    // A local MPI call's usage error: returned to the program under MPI_ERRORS_RETURN, else it
    // ends the rank.
    int local_error(const char* call, MPI_Comm comm, int code, mpi::Misuse misuse,
                    std::string message, std::uintptr_t site);
    // std::terminate handler: an exception escaped a rank's main (or noexcept was violated).
    [[noreturn]] static void on_terminate();
    // Where a crashed rank's fiber continues (CrashTarget::landing).
    static void crash_landing();

    // ---- on the checker's stack ------------------------------------------------------------
    // After a crash landed: the signal, the faulting instruction and the backtrace.
    void crash_violation(RankSlot& rank);

private:
    [[noreturn]] static void leave_forever(RankSlot& rank);
    // The innermost frame of the running rank that belongs to the program.
    std::uintptr_t program_frame() const;

    RankTable& ranks_;
    const ProgramImage& image_;
    const mpi::MpiWorld& world_;
    properties::EventSink& events_;
};

} // namespace rankfold::mc
