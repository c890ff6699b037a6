// Runs the ranks of one program under one schedule: each rank a fiber that runs until its next
// visible MPI call, the scheduler picking which rank's call happens next and performing the
// message matches. It is the RankGate the simulated MPI talks to.
//
// Default schedule: round-robin over the ranks that can move, one visible call per turn, every
// possible match performed as soon as it is possible; --seed N picks ranks, matches and
// completion choices at random instead (reproducibly).
#pragma once

#include "mc/CrashHandler.hpp"
#include "mc/OutputRouter.hpp"
#include "mc/ProgramImage.hpp"
#include "mc/RankFiber.hpp"
#include "mc/Report.hpp"
#include "mc/RunOptions.hpp"
#include "mc/Story.hpp"
#include "mc/SystemMemory.hpp"
#include "mc/SystemSnapshot.hpp"
#include "mc/explorer/Transition.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/interface/RankGate.hpp"
#include "snapshot/RankMemory.hpp"

#include <functional>
#include <memory>
#include <random>
#include <vector>

namespace rankfold::mc {

class Scheduler final : public mpi::RankGate {
public:
    Scheduler(const RunOptions& options, const ProgramImage& image, snapshot::RankMemory& memory,
              OutputRouter& output);
    ~Scheduler() override;

    RunResult run();
    static Scheduler* current() { return current_; }

    // ---- the run in phases, for snapshot-based searches ----------------------------------
    // Starts every rank (runs each to its first visible call).
    void start();
    // Runs the schedule until the end or a violation; `at_choice` (if set) is called at every
    // scheduling point, before the scheduler picks the next step, and stops the run by
    // returning false (a resource limit). Returns false if it was stopped so.
    bool advance(const std::function<bool()>& at_choice = {});
    RunResult result() const;

    // ---- exploration (SchedulerClosure.cpp) ------------------------------------------------
    // The run as a transition system of choices (EXPLORATION.md §1-2). `both_buffering` makes
    // every standard-mode send a choice between buffered and waiting for its match.
    void set_exploring(bool both_buffering);
    // Runs the deterministic closure: every step and match no choice can change.
    void close();
    // The choices open in the current, closed state, in the order to try them. None while
    // ranks remain unfinished means a deadlock (see end_state()).
    void choices(std::vector<Transition>& out);
    // Takes one of choices(), then closes.
    void take(const Transition& t);
    // In a closed state without choices: records the deadlock, if any rank is unfinished.
    void end_state();
    // Records a deadlock in which some ranks poll forever (MpiSearchSpace finds these).
    void declare_deadlock() {
        if (!violation_) violation_ = deadlock();
    }
    // Ends a path replayed from a trace or a counterexample: a closed state without choices is
    // final (a deadlock if ranks remain); one whose choices remain ends in the polling deadlock
    // the search found there when `polling_deadlock` says it did.
    void finish_path(bool polling_deadlock);
    const std::optional<Violation>& violation() const { return violation_; }
    bool all_finished() const;
    // While set, every issued call, match and choice is appended here (counterexamples).
    void record_story(std::vector<StoryEvent>* story) { story_ = story; }
    void add_stats(const RunStats& more);

    // ---- snapshots -------------------------------------------------------------------------
    void enable_snapshots(bool page_sharing);
    SystemSnapshot capture();
    void restore(const SystemSnapshot& snapshot);
    SystemMemory* memory() { return system_memory_.get(); }

    // ---- RankGate (called on a rank's fiber) ---------------------------------------------
    int current_rank() const override { return running_; }
    void run_as_rank(int rank, void (*fn)(void*), void* argument) override;
    mpi::MpiWorld& world() override { return world_; }
    void submit(mpi::RankCall& call) override;
    [[noreturn]] void abort_run(int errorcode, std::uintptr_t site) override;
    int local_error(const char* call, MPI_Comm comm, int code, mpi::Misuse misuse,
                    std::string message, std::uintptr_t site) override;

    // ---- hooks of the running rank (fiber side) ------------------------------------------
    [[noreturn]] void rank_exit(int code, std::uintptr_t site);
    [[noreturn]] void rank_violation(ViolationKind kind, std::string message, std::uintptr_t site,
                                     std::string subkind = {});
    bool in_rank() const { return running_ >= 0; }
    // std::terminate handler: an exception escaped a rank's main (or noexcept was violated).
    [[noreturn]] static void on_terminate();
    // The innermost frame of the running rank that belongs to the program.
    std::uintptr_t program_frame() const;

private:
    using Status = RankStatus;
    struct Rank {
        int id = 0;
        Status status = Status::Running;
        std::unique_ptr<RankFiber> fiber;
        snapshot::RankArena* arena = nullptr;
        mpi::RankCall* call = nullptr;   // lives on the rank's stack while it waits
        const char* last_call = nullptr; // the last visible MPI call, for reports
        std::uintptr_t last_site = 0;
        CrashTarget crash_target;
        bool crashed = false;
    };

    static void rank_body(void* argument);
    static void crash_landing();
    [[noreturn]] void leave_forever(Rank& rank);

    void resume(Rank& rank);
    bool enabled(const Rank& rank) const;
    void step(Rank& rank);
    void match_ready_messages();
    Rank* next_rank();
    int pick(int choices);
    void fail_rank(Rank& rank, Violation violation);
    void mpi_failure(Rank& rank);
    void crash_violation(Rank& rank);
    // After a successful MPI_Finalize: leaks become a violation (false: the rank failed) or,
    // under --allow-leaks, warnings.
    bool check_finalize(Rank& rank);
    Violation deadlock() const;
    // Exploration helpers (SchedulerClosure.cpp).
    bool buffering_choice(const Rank& rank) const;
    // The outcome keys of an AtCall test or a ready Waitany/Waitsome/Probe; false if the call
    // proceeds without a choice (and then call.outcome holds the key to use, or -1).
    bool open_choice(Rank& rank, std::vector<int>& keys);
    void issue_explored(Rank& rank);
    void complete_explored(Rank& rank);
    void match_deterministic();
    void note(int rank, const char* call, std::uintptr_t site, std::string detail);
    std::optional<CodeLocation> locate_call(std::uintptr_t site) const;

    const RunOptions& options_;
    const ProgramImage& image_;
    snapshot::RankMemory& memory_;
    OutputRouter& output_;
    mpi::MpiWorld world_;
    std::vector<Rank> ranks_;
    std::vector<mpi::Match> match_buffer_;
    bool unmatched_posts_ = false; // something was posted since the last matching round
    int running_ = -1;
    int last_stepped_ = -1;
    std::optional<std::mt19937_64> random_;
    std::optional<Violation> violation_;
    std::vector<Violation> warnings_; // distinct, over every execution explored
    RunStats stats_;
    double seconds_ = 0;
    std::unique_ptr<SystemMemory> system_memory_;
    bool exploring_ = false;
    bool both_buffering_ = false;
    std::vector<StoryEvent>* story_ = nullptr;
    mpi::MpiWorld::OpenOutcomes outcomes_;
    static Scheduler* current_;
};

} // namespace rankfold::mc
