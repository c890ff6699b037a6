// The MPI program as a transition system (EXPLORATION.md §1-2): its states are the closed
// states between choices, its transitions the choices MPI leaves open. Every way of running a
// program goes through here — exhaustive exploration, one execution under a fixed or random
// schedule, the replay of a trace — so there is one road from a choice to its effect.
//
// Closure: every rank runs to its next call; calls are issued and completed, and messages
// matched to source-specific receives, as soon as possible, because no choice can change them.
// What stays open: which sender an ANY_SOURCE receive or probe takes, which requests
// Waitany/Waitsome return, whether a test succeeds yet (and how), whether a pending MPI_Cancel
// succeeds or its operation still matches, and under --buffering both whether a standard send
// is buffered. A wildcard match is never made in the closure, so by
// the time it stops every sender that could reach it without another choice has.
// A blocking MPI_Send or MPI_Recv whose partner is posted already is matched at its issue and
// returns at once (mpi::DirectMatch), instead of waiting for the next matching round: the same
// match, a round sooner. Closed states do not depend on the closure's order; what the order
// changes (which of two violations in one closure is met first, the order of the ranks' output,
// the order in which messages of different senders reach a queue, which a state's digest
// leaves out) is no behaviour of the program.
#pragma once

#include "mc/report/Report.hpp"
#include "mc/report/TraceFile.hpp"
#include "mc/runtime/RankRuntime.hpp"
#include "mc/runtime/SystemMemory.hpp"
#include "mc/search/Transition.hpp"
#include "mc/system/ClosureEffects.hpp"
#include "mc/system/LeakCheck.hpp"
#include "mc/system/OpenChoices.hpp"
#include "mc/system/PathLog.hpp"
#include "mc/system/RemoteOrder.hpp"
#include "mc/system/SystemState.hpp"
#include "properties/MonitorSet.hpp"
#include "properties/races/RaceMonitor.hpp"

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace rankfold::mc {

class MpiSystem {
public:
    // What happens is reported to `monitors` as events; their verdict ends a path.
    MpiSystem(SystemOptions options, RankRuntime& runtime, mpi::MpiWorld& world,
              properties::MonitorSet& monitors);

    // Starts every rank (runs each to its first visible call) and closes.
    void start() {
        launch();
        close();
    }
    // Runs each rank to its first visible call, which it does not issue yet: a state the
    // closure can be run from again (the searches capture it to tell a counterexample's story
    // from the start, instead of recording every step of the closure to the first choice).
    void launch();
    // Runs the deterministic closure. `at_step` (if set) is called before every step of it
    // (the snapshot self-test captures there).
    void close();
    void set_step_hook(std::function<void()> at_step) { at_step_ = std::move(at_step); }
    // `after_step` (if set) is called each time a rank has run to its next visible call (the
    // liveness search evaluates its propositions there).
    void set_after_step(std::function<void()> after_step) { after_step_ = std::move(after_step); }
    // The choices open in the current, closed state, in the order to try them. None while
    // ranks remain unfinished means a deadlock (see end_state()).
    void choices(std::vector<Transition>& out);
    // Takes one of choices() (as listed there, or read from a trace), then closes.
    void take(const Transition& t);
    // In a closed state without choices: the execution ends here. The monitors hear of it
    // (a deadlock if any rank is unfinished; a contract's POST still open is violated). Also
    // where choices remain but MpiSearchSpace found that the ranks poll forever.
    void end_state();
    // Ends a path replayed from a trace or a counterexample: a closed state without choices is
    // final (a deadlock if ranks remain); one whose choices remain ends in the polling deadlock
    // the search found there when `polling_deadlock` says it did.
    void finish_path(bool polling_deadlock);

    const std::optional<Violation>& violation() const { return monitors_.violation(); }
    RankRuntime& runtime() { return runtime_; }
    // While set, every issued call, match and choice is appended here (counterexamples).
    // Callers record into a local story and set nullptr before it goes out of scope.
    // cppcheck-suppress danglingLifetime
    void record_steps(std::vector<TraceStep>* steps) { log_.recording = steps; }
    // Steps and matches so far, the warnings seen on every path (executions = 1).
    RunResult result() const;

    // Makes the system's state capturable (SystemState.hpp: capture, restore, compare).
    SystemState& enable_snapshots(bool page_sharing, StateEquality equality = StateEquality::Exact);
    SystemState* state() { return state_.get(); }
    // After each step of a rank, tell the monitors the buffers of its pending operations
    // (PendingBuffersEvent; `races` listens, and keeps those of nonblocking collectives, which
    // only the starting call knows). Off (nullptr) unless races are checked.
    void publish_pending_buffers(const properties::races::RaceMonitor* races) { races_ = races; }
    // The ranks the last take()'s closure affected (ClosureEffects.hpp), once enabled (for
    // source sets).
    void track_effects() { effects_.enable(); }
    bool effects_on() const { return effects_.on(); }
    Effects effects() const { return effects_.effects(); }
    // The world ranks the last take()'s closure addressed RMA operations of passive target
    // epochs to (process_bit): what the dependency relation reads (transitions/PassiveTargets).
    std::uint64_t passive_issues() const { return passive_issues_; }
    // The ranks whose code the last take()'s closure ran (process_bit).
    std::uint64_t ranks_run() const { return ranks_run_; }

private:
    void publish_buffers(int rank, bool issued);
    // Issues or completes a rank's call, then resumes the rank if the call returns now. Inline,
    // with the resume (and the fiber switch) inline too: after the switch back the return lands
    // in the caller, the closure, and not in one more frame between, whose return the processor
    // would mispredict (RankRuntime::resume).
    void issue(int rank) {
        if (issue_call(rank)) resume(rank);
    }
    void complete(int rank) {
        if (complete_call(rank)) resume(rank);
    }
    // The work of each: true when the rank is to run on.
    bool issue_call(int rank);
    bool complete_call(int rank);
    void match_deterministic();
    void apply_match(const mpi::Match& match);
    // A blocking send or receive the world matched at its issue (mpi::DirectMatch): reported
    // as the matching round reports its matches, right after the call's step (`issued`).
    void note_direct_match(const mpi::DirectMatch& direct, TraceStep* issued);
    // What a match does besides the world's part: the ranks it affects (`known`: the message
    // was found, with its `buffered` bytes and whether it completes a `sender_request`), the
    // memory it may write; then the race monitor's order and the count; the story's step.
    void note_match(const mpi::Match& match, bool known, std::size_t buffered, bool sender_request);
    void matched(const mpi::Match& match);
    void log_match(const mpi::Match& match);
    // The fast path of blocking point-to-point (PointToPointDirect.cpp) completes the call at
    // its issue: the caller runs on at once, a round of the closure sooner. Not where the
    // completion would be a step of its own to watch:
    // - when the rank, waiting in the call, could see an open RMA or OpenSHMEM landing: its
    //   completion is then the explorer's choice (landed first or not), which the fast path
    //   would skip;
    // - under the liveness search, which evaluates its propositions after every step of a
    //   closure (its steps stay as they were).
    bool direct_allowed(int rank, const mpi::RankCall& call) const {
        return !after_step_ &&
               !(world_.landings_possible() && world_.observes_open_landing(rank, call, true));
    }
    // Takes a RemoteLanding: the operation lands at its target (a failure ends the path).
    void land(const Transition& t);
    void mpi_failure(int rank);
    // After a successful MPI_Finalize or shmem_finalize: what the rank still holds (`leaks`)
    // goes to the monitors; false if that ended the path.
    bool check_finalize(const std::vector<Leak>& leaks, int rank);
    // Once shmem_finalize returns (every PE entered it: a PE stuck before it is a deadlock,
    // reported as such rather than as its leaks): the teams the PE never destroyed.
    bool check_shmem_finalize(int rank) {
        const mpi::RankCall& call = runtime_.ranks().call(rank);
        if (call.kind != mpi::CallKind::Shmem || call.shmem.op != shmem::ShmemOp::Finalize)
            return true;
        return check_shmem_finalize_leaks(rank);
    }
    bool check_shmem_finalize_leaks(int rank);
    // MPI_Request_free of an active request: a hazard (warning, or violation under --strict).
    void note_request_free(int rank, const mpi::RankCall& call);
    // monitors_.watches_call(name), remembered per name. A call's name is a string literal of
    // the MPI interface (static storage), so its address identifies it: one pointer lookup per
    // call instead of hashing the name.
    bool watched(const char* name);
    void resume(int rank) {
        effects_.ran_code(rank);
        ranks_run_ |= process_bit(rank);
        runtime_.resume(rank, log_.steps);
        if (after_step_) {
            after_step_();
            may_write();
        }
    }
    // What follows may write `rank`'s memory, or (no rank) any rank's (SystemMemory::may_write):
    // wherever the closure writes on a rank's behalf, and after each hook (which may capture or
    // restore) before the work after it. A rank's own code is reported by RankRuntime::resume.
    void may_write(int rank) {
        if (memory_ != nullptr) memory_->may_write(rank);
    }
    void may_write() {
        if (memory_ != nullptr) memory_->may_write();
    }
    // issue(): the call's own rank, and every rank for a call that acts on objects all ranks
    // share (touches_every_rank) or sends: a send's data reaches another rank's memory when it
    // is matched, which apply_match reports, but reporting every rank here too keeps a send
    // sound should its issue ever deliver.
    void may_write_for_call(int rank, mpi::CallKind kind);

    RankRuntime& runtime_;
    mpi::MpiWorld& world_;
    properties::MonitorSet& monitors_;
    OpenChoices open_;
    std::unique_ptr<SystemState> state_;
    SystemMemory* memory_ = nullptr; // state_'s, for may_write (a step's cost, not a lookup)
    bool unmatched_posts_ = false;   // something was posted since the last matching round
    PathLog log_;
    std::function<void()> at_step_;
    std::function<void()> after_step_;
    std::unordered_map<const char*, bool> watched_;
    // The names asked last, each in a slot chosen by its address (names are string literals):
    // the calls of a loop are answered without hashing.
    std::array<std::pair<const char*, bool>, 16> watched_recent_{};
    const properties::races::RaceMonitor* races_ = nullptr;
    std::vector<properties::PendingBuffer> buffers_; // scratch for publish_buffers
    RemoteOrder remote_order_{world_, monitors_};    // for the remote races, when races_
    ClosureEffects effects_;
    std::uint64_t passive_issues_ = 0;
    std::uint64_t ranks_run_ = 0;
};

} // namespace rankfold::mc
