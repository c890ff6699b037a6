// How the search goes back to a state it left (EXPLORATION.md §3). A saved state is a base
// snapshot and the transitions taken since it; going back restores the base and takes them
// again. Restore keeps a snapshot of every saved state (no path), Reexecute only the initial
// one (the whole path), and Auto (the default) decides at every save whether a snapshot or the
// replay from the last one is cheaper, from costs it measures as it goes (BacktrackCost).
// MpiSearchSpace::save/restore/discard are this class's.
//
// RANKFOLD_CHECK_BACKTRACK=1 (a self-test, slow): every saved state also keeps a full capture,
// and every restore compares the state it reached, by restoring its snapshot or by replaying
// the path, with it, and checks that the heap arenas' free space is zero (what is not state
// must still be as a run that never left would have it); each difference is one line on the
// report (what differs, how many transitions were replayed), counted in mismatches().
#pragma once

#include "mc/search/BacktrackCost.hpp"
#include "mc/search/SearchSpace.hpp"
#include "mc/search/Transition.hpp"
#include "mc/system/MpiSystem.hpp"

#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <vector>

namespace rankfold::mc {

enum class Backtrack { Auto, Restore, Reexecute };

class Backtracking {
public:
    using Saved = SearchSpace::Saved;

    // Captures the initial state now: `system` must be at it. `report`: where the
    // RANKFOLD_CHECK_BACKTRACK self-test writes (stderr is the ranks' while they run).
    Backtracking(Backtrack mode, MpiSystem& system, FILE* report = stderr);

    // Takes a transition from the current state (timed: the cost of a step to replay).
    void take(const Transition& t);
    // Keeps a way back to the current state. A snapshot is taken out of `current` (capturing
    // it first if it was not taken yet).
    Saved save(std::optional<SystemSnapshot>& current);
    // Puts the system back in a saved state.
    void restore(Saved saved);
    void discard(Saved saved);
    // Restores whose state differed from the saved one (RANKFOLD_CHECK_BACKTRACK only).
    std::uint64_t mismatches() const { return mismatches_; }

private:
    using Base = std::shared_ptr<const SystemSnapshot>;
    struct Entry {
        Base base;
        std::vector<Transition> path; // from the base to the saved state
        Base expected;                // RANKFOLD_CHECK_BACKTRACK: the saved state itself
    };

    bool keep_snapshot();
    void check_restored(const Entry& entry);

    Backtrack mode_;
    MpiSystem& system_;
    BacktrackCost cost_;
    std::uint64_t takes_ = 0; // transitions taken forward: take() times one in 8
    Base base_;               // the current state is base_ and then path_
    std::vector<Transition> path_;
    std::vector<Entry> entries_; // by slot
    std::vector<Saved> free_slots_;
    FILE* report_;
    bool check_ = false;
    std::uint64_t mismatches_ = 0;
};

} // namespace rankfold::mc
