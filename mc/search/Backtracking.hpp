// How the search goes back to a state it left (EXPLORATION.md §3): by restoring a snapshot of
// it (Restore, the default), or by restoring the initial state and taking the path to it again
// (Reexecute: slower, but holds no snapshot per open state). MpiSearchSpace::save/restore/
// discard are this class's.
#pragma once

#include "mc/search/SearchSpace.hpp"
#include "mc/search/Transition.hpp"
#include "mc/system/MpiSystem.hpp"

#include <optional>
#include <vector>

namespace rankfold::mc {

enum class Backtrack { Restore, Reexecute };

class Backtracking {
public:
    using Saved = SearchSpace::Saved;

    // Reexecute captures the initial state now: `system` must be at it.
    Backtracking(Backtrack mode, MpiSystem& system);

    // A transition was taken from the current state (Reexecute records the path).
    void taken(const Transition& t) {
        if (mode_ == Backtrack::Reexecute) path_.push_back(t);
    }
    // Keeps a way back to the current state. Restore takes the capture out of `current`
    // (capturing it first if it was not taken yet).
    Saved save(std::optional<SystemSnapshot>& current);
    // Puts the system back in a saved state.
    void restore(Saved saved);
    void discard(Saved saved);

private:
    Backtrack mode_;
    MpiSystem& system_;
    std::vector<std::optional<SystemSnapshot>> snapshots_; // Restore: by slot
    std::vector<Saved> free_slots_;
    std::optional<SystemSnapshot> initial_;      // Reexecute: where every path starts
    std::vector<Transition> path_;               // Reexecute: from the initial state to here
    std::vector<std::vector<Transition>> paths_; // Reexecute: the saved states
};

} // namespace rankfold::mc
