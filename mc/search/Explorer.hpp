// Depth-first search of a SearchSpace: every behaviour, each Mazurkiewicz trace once. The search
// order is this class (nested DFS and SCC searches for liveness come beside it); which
// interleavings it may skip is a separate piece, the Reduction (Reduction.hpp).
//
// Backtracking restores saved states (no re-execution). With sleep sets (SleepSetReduction),
// each class of equivalent interleavings ends in exactly one complete execution. Every enabled
// transition that is not asleep is tried
// (no persistent sets), so none can be ignored around a cycle and no cycle proviso is needed.
// With source sets (options.source_sets, SourceSets.hpp) only a state's source set is tried:
// the races found along the stack and in the summaries of visited states add to it, and a
// cycle expands its states fully.
// State matching stops a branch at a state seen before,
// with Godefroid's sleep-set-aware caching rule (VisitedStates), which keeps the pair sound; a
// state still on the stack (a cycle) is treated the same way, which is what makes server loops
// and polling loops finite. Under state matching (one explorer, not a parallel search) it also
// finds the regions of polls that no run leaves (PollRegions.hpp): the polling deadlocks.
#pragma once

#include "mc/search/PollRegions.hpp"
#include "mc/search/Reduction.hpp"
#include "mc/search/SearchSpace.hpp"
#include "mc/search/SourceSets.hpp"
#include "mc/search/Subtree.hpp"
#include "mc/search/VisitedStates.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace rankfold::mc {

struct ExplorerOptions {
    bool state_matching = true;
    bool reduction = true; // sleep sets, when the explorer is not given a Reduction
    // With reduction: source sets on top of the sleep sets (SourceSets.hpp). Sound only for a
    // space whose dependency relation makes a transition dependent with those it enables.
    bool source_sets = false;
    bool keep_going = false; // continue after a violation
    // 0: no limit. Kept by the caller's LimitCheck, or in a parallel search by the workers'
    // shared budget (mc/parallel/StateBudget): the explorer itself does not look at it.
    std::uint64_t max_states = 0;
    std::uint64_t max_depth = 0; // transitions on one path; 0: no limit
    // Tell the cycle handler of every cycle the search closes on its current path (a state
    // reached again while it is still on the stack): --check-termination, --check-progress.
    bool watch_cycles = false;
};

struct ExplorerStats {
    std::uint64_t states = 0;      // states explored (distinct ones under state matching)
    std::uint64_t transitions = 0; // transitions executed
    // Paths that reached a violating state or a final state (under state matching: a final
    // state not reached before, so distinct final states).
    std::uint64_t executions = 0;
    std::uint64_t revisits = 0;      // visited-state hits that ended (or shortened) a branch
    std::uint64_t sleep_blocked = 0; // paths ended because every enabled transition slept
    std::uint64_t violations = 0;    // violating states reached
    std::uint64_t max_depth = 0;     // longest path seen
    std::size_t store_bytes = 0;     // the visited-state store, approximately
    // That two of the visited states stored are different states with one fingerprint (so
    // that a part of the search was wrongly skipped): VisitedStates::collision_probability.
    double fingerprint_collision_probability = 0;
};

enum class SearchEnd { Exhausted, Violation, Limit };

class Explorer {
public:
    using Path = std::vector<Transition>;
    // Called for each violating state with the path from the initial state; returns false to
    // stop the search (ignored without keep_going, which stops at the first one anyway).
    using ViolationHandler = std::function<bool(const Path&)>;
    // Called at every new state; returning false stops the search with SearchEnd::Limit.
    using LimitCheck = std::function<bool(const ExplorerStats&)>;
    // With watch_cycles: called when the path comes back to a state still on it. path[0,
    // cycle_start) leads to that state and path[cycle_start, end) returns to it; `progress`:
    // some step of the cycle passed a progress mark. Returns true when the cycle is a
    // violation (the branch then ends like at a violating state).
    using CycleHandler =
        std::function<bool(const Path& path, std::size_t cycle_start, bool progress)>;
    void on_cycle(CycleHandler handler) { on_cycle_ = std::move(handler); }

    // `reduction` (if given) must outlive the explorer; otherwise options.reduction chooses.
    Explorer(SearchSpace& space, ExplorerOptions options, const Reduction* reduction = nullptr)
        : space_(space), options_(options),
          own_reduction_(reduction ? nullptr : make_reduction(options.reduction, space)),
          reduction_(reduction ? *reduction : *own_reduction_) {
        if (options.reduction && options.source_sets && !space.source_sets_sound())
            throw std::invalid_argument("source sets are not sound for this search space");
        if (options.reduction && options.source_sets)
            source_.emplace(space, options.state_matching,
                            [this](std::size_t level) -> std::vector<Transition>& {
                                return stack_[level].todo;
                            });
    }

    // Explores everything reachable from the space's current state.
    SearchEnd run(const ViolationHandler& on_violation, const LimitCheck& within_limits = {});
    const ExplorerStats& stats() const { return stats_; }

    // --- Parallel search (mc/parallel; ExplorerSharing.cpp). None of it is used, and nothing
    // of it costs, in a search of one explorer. Not with watch_cycles. ---
    // Other explorers search parts of the same tree: source sets become coarser where they
    // would need those parts' races and summaries (SourceSets.hpp, "Shared search").
    void share_search() {
        if (source_) source_->share();
    }
    // Visits go to `store` (which must outlive the explorer) instead of the explorer's own.
    void use_store(StateStore* store) { store_ = store; }
    // Called between two transitions (no child open in the top frame): the place to answer
    // other explorers and to donate(). Returning false stops the search (SearchEnd::Limit).
    void between_steps(std::function<bool()> hook) { between_steps_ = std::move(hook); }
    // Restores `initial` (the space's initial state), takes subtree.prefix and explores the
    // subtree. Its root is not visited again: the explorer that gave it did.
    SearchEnd run_subtree(const Subtree& subtree, SearchSpace::Saved initial,
                          const ViolationHandler& on_violation,
                          const LimitCheck& within_limits = {});
    // From between_steps: gives away the later half of the untried transitions of the
    // shallowest frame that has some and that the space calls divisible. With source sets the
    // frames down to it are fully expanded first (SourceSets::give_from).
    std::optional<Subtree> donate();
    // The store's answer to a Pending visit: the state is counted (or is a revisit), and if it
    // is still on the stack, its children not yet started are trimmed to `needed`. From
    // between_steps, or after the search (the frame is gone: only counted). `elsewhere`:
    // another explorer explored below the state (with source sets, this one's summary of it
    // is then not all of it).
    void settle(std::uint64_t ticket, bool fresh, const SleepSet& needed, bool elsewhere = true);
    // Source sets: another explorer explores below `state`, so what this one stored of it is
    // not all of it.
    void summary_unknown(const snapshot::Fingerprint& state) {
        if (source_) source_->forget(state);
    }

private:
    struct Frame {
        SearchSpace::Saved saved = 0;
        bool has_saved = false;
        std::vector<Transition> todo; // enabled, minus the initial sleep set, in order (source
                                      // sets: the backtrack set, which grows; asleep ones skipped)
        std::size_t next = 0;
        bool child_open = false; // todo[next - 1] is being explored
        bool started = false;    // a child was explored (the state must be restored)
        SleepSet sleep;          // grows with each explored child
        snapshot::Fingerprint fingerprint;
        bool on_path = false;     // its fingerprint is in path_fingerprints_
        std::uint64_t ticket = 0; // a pending visit (parallel search): its store's ticket
        PollRegions::Node node;   // with regions_on_: the state as a node of PollRegions
    };
    enum class Arrival { Expand, Leaf, Stop };
    // Looks at the current state (reached with `sleep`): a leaf, or a frame to expand.
    Arrival arrive(SleepSet sleep);
    // A cycle on the path back to `state` (on it): the handler's verdict.
    bool cycle_violates(const snapshot::Fingerprint& state);
    // The top frame closed a region of polls that no run leaves: its state, gone back to, is
    // the deadlock. Returns false to stop the search.
    bool report_polling_deadlock();
    // The top frame is done (regions_on_): whether it closed such a region.
    bool leave_region(const Frame& top);
    // The depth-first loop over stack_ (after the root's arrival).
    // `stop`: the root's arrival already stopped the search.
    SearchEnd explore(const ViolationHandler& on_violation, const LimitCheck& within_limits,
                      bool stop);
    // Fresh or Seen (needed_: what is still to do); Pending only with a store (ticket_).
    StateStore::Answer visit(const snapshot::Fingerprint& state, const SleepSet& sleep) {
        if (store_) return store_->visit(state, sleep, needed_, ticket_);
        return visited_.visit(state, sleep, needed_) ? StateStore::Answer::Fresh
                                                     : StateStore::Answer::Seen;
    }
    // The branch stopped at a state seen before (source sets: its summary's races).
    void stopped_at(const snapshot::Fingerprint& state) {
        if (source_ && !stack_.empty()) source_->stopped_at(state);
    }

    SearchSpace& space_;
    ExplorerOptions options_;
    std::unique_ptr<Reduction> own_reduction_;
    const Reduction& reduction_;
    std::optional<SourceSets> source_;
    ExplorerStats stats_;
    VisitedStates visited_;
    std::vector<Frame> stack_;
    // Without state matching: the states on the path that may repeat (SearchSpace::may_repeat);
    // with watch_cycles: every state on the path.
    std::unordered_multiset<snapshot::Fingerprint, snapshot::FingerprintHash> path_fingerprints_;
    Path path_;
    std::vector<bool> path_progress_; // for each transition of path_: it passed a progress mark
    CycleHandler on_cycle_;
    std::vector<Transition> enabled_;
    std::vector<Transition> waiting_; // source sets: SearchSpace::waiting
    SleepSet needed_;
    const ViolationHandler* on_violation_ = nullptr;
    const LimitCheck* within_limits_ = nullptr;
    bool limit_hit_ = false;
    // Polling deadlocks (PollRegions.hpp): under state matching in a search of one explorer.
    PollRegions regions_;
    bool regions_on_ = false;
    bool leaf_linked_ = false; // the last leaf was a poll-only state seen before, linked by arrive
    // Parallel search: see use_store, between_steps, run_subtree.
    StateStore* store_ = nullptr;
    std::function<bool()> between_steps_;
    std::size_t base_ = 0; // path_[0, base_) leads to stack_[0] (a subtree's prefix)
    std::uint64_t ticket_ = 0;
    // Pending visits that ended their branch: ticket -> whether the state is final (an
    // execution when fresh) rather than one whose every transition slept.
    std::unordered_map<std::uint64_t, bool> pending_leaves_;
};

} // namespace rankfold::mc
