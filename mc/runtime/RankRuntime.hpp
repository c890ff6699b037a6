// The ranks as the simulated MPI sees them: one fiber per rank on its own stack, heap and copy
// of the program, and the gate (mpi::RankGate) through which an MPI function running on a
// rank hands its call over. A rank runs until its next visible call and then waits, AtCall,
// until the transition system (mc/system/MpiSystem) issues it; the runtime itself never
// decides what happens next.
//
// What ends a rank on its own side — exit, a crash, a failed assertion, MPI_Abort, a usage
// error found without the scheduler — is turned into a violation here, and the rank is
// abandoned (its fiber is never resumed again).
#pragma once

#include "mc/report/Violations.hpp"
#include "mc/runtime/CrashHandler.hpp"
#include "mc/runtime/OutputRouter.hpp"
#include "mc/runtime/ProgramImage.hpp"
#include "mc/runtime/RankControl.hpp"
#include "mc/runtime/RankFiber.hpp"
#include "properties/EventSink.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/interface/RankGate.hpp"
#include "snapshot/RankMemory.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rankfold::mc {

class SystemMemory;

// What every rank's main is called with.
struct ProgramCommand {
    std::string program;
    std::vector<std::string> arguments;
};

class RankRuntime final : public mpi::RankGate {
public:
    // What ends a rank on its own side goes to `events` as a RankFaultEvent.
    RankRuntime(ProgramCommand command, const ProgramImage& image, snapshot::RankMemory& memory,
                OutputRouter& output, mpi::MpiWorld& world, properties::EventSink& events);
    ~RankRuntime() override;
    RankRuntime(const RankRuntime&) = delete;
    RankRuntime& operator=(const RankRuntime&) = delete;

    // The runtime whose rank is running (or that exists), for the libc hooks.
    static RankRuntime* current() { return current_; }

    // ---- the checker's side ----------------------------------------------------------------
    int size() const { return static_cast<int>(ranks_.size()); }
    RankStatus status(int rank) const { return ranks_[rank].control.status; }
    void set_status(int rank, RankStatus status) { ranks_[rank].control.status = status; }
    // The visible call rank `rank` waits in (AtCall or Blocked): on the rank's own stack.
    mpi::RankCall& call(int rank) const { return *ranks_[rank].control.call; }
    bool all_finished() const;
    // Runs `rank` until its next visible call, its end or its failure; `steps` (visible calls
    // so far) goes to the crash journal.
    void resume(int rank_id, std::uint64_t steps);
    // Marks `rank` failed and reports why.
    void fail(int rank, Violation violation);
    std::optional<CodeLocation> locate_call(std::uintptr_t site) const;
    const ProgramImage& image() const { return image_; }
    const snapshot::RankMemory& memory() const { return memory_; }
    OutputRouter& output() { return output_; }
    // Collects what every rank wrote, also behind stdio's back (at the end of a run).
    void collect_all_output();

    // Snapshots (mc/system): each rank's control state, and the memory tracker told when a
    // rank has run.
    std::vector<RankControl> controls() const;
    void set_controls(const std::vector<RankControl>& controls);
    const RankFiber& fiber(int rank) const { return *ranks_[rank].fiber; }
    void set_memory(SystemMemory* memory) { memory_tracker_ = memory; }

    // ---- RankGate (called on a rank's fiber) -----------------------------------------------
    int current_rank() const override { return running_; }
    void run_as_rank(int rank, void (*fn)(void*), void* argument) override;
    mpi::MpiWorld& world() override { return world_; }
    void submit(mpi::RankCall& call) override;
    [[noreturn]] void abort_run(int errorcode, std::uintptr_t site) override;
    int local_error(const char* call, MPI_Comm comm, int code, mpi::Misuse misuse,
                    std::string message, std::uintptr_t site) override;

    // ---- hooks of the running rank (fiber side) --------------------------------------------
    [[noreturn]] void rank_exit(int code, std::uintptr_t site);
    [[noreturn]] void rank_violation(ViolationKind kind, std::string message, std::uintptr_t site,
                                     std::string subkind = {});
    bool in_rank() const { return running_ >= 0; }
    // std::terminate handler: an exception escaped a rank's main (or noexcept was violated).
    [[noreturn]] static void on_terminate();
    // The innermost frame of the running rank that belongs to the program.
    std::uintptr_t program_frame() const;

private:
    struct Rank {
        int id = 0;
        RankControl control;
        std::unique_ptr<RankFiber> fiber;
        snapshot::RankArena* arena = nullptr;
        const char* last_call = nullptr; // the last visible MPI call, for reports
        std::uintptr_t last_site = 0;
        CrashTarget crash_target;
    };

    static void rank_body(void* argument);
    static void crash_landing();
    [[noreturn]] void leave_forever(Rank& rank);
    void crash_violation(Rank& rank);

    ProgramCommand command_;
    const ProgramImage& image_;
    snapshot::RankMemory& memory_;
    OutputRouter& output_;
    mpi::MpiWorld& world_;
    std::vector<Rank> ranks_;
    int running_ = -1;
    properties::EventSink& events_;
    SystemMemory* memory_tracker_ = nullptr;
    static RankRuntime* current_;
};

} // namespace rankfold::mc
