// Shorter counterexamples. A depth-first search reports the first path it finds to a violation,
// often with choices the violation does not need (a test's "not yet" taken a dozen times, an
// order of messages that does not matter). Two ways to a shorter one, both checked by running
// the candidate from the initial state and comparing the violation (properties::same_finding):
//
// - prune(): drop each choice in turn; where the rest of the path no longer says what to do,
//   take the first choice listed. Kept if the same violation comes with no more steps. Always
//   done, within a budget.
// - shortest(): breadth-first over the choices, with state matching: a path with the fewest
//   choices to the same violation (--shortest).
//
// Length is the number of steps of the counterexample's story (calls, matches, choices), what
// the report prints and the HTML report draws.
#pragma once

#include "mc/report/Violations.hpp"
#include "mc/search/Transition.hpp"
#include "mc/system/MpiSystem.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

namespace rankfold::mc {

class PathShortener {
public:
    // `initial` is the closed state every path starts from (the steps before it are the same
    // for every path, so lengths are counted from it).
    PathShortener(MpiSystem& system, const SystemSnapshot& initial)
        : system_(system), initial_(initial) {}

    struct Replay {
        bool same = false;            // it ends in the target violation
        std::size_t steps = 0;        // story steps from the initial state
        std::vector<Transition> path; // the choices actually taken (completed if needed)
    };
    // Runs `candidate` from the initial state; if it ends with choices open, goes on taking
    // the first one listed (a bounded number of times).
    Replay replay(const std::vector<Transition>& candidate, const Violation& target);

    std::vector<Transition> prune(std::vector<Transition> path, const Violation& target);
    // nullopt if the search stopped at `max_states` states, or when `in_time` said so, without
    // reaching the violation.
    std::optional<std::vector<Transition>> shortest(const Violation& target, std::size_t max_states,
                                                    const std::function<bool()>& in_time);

    // Candidates run so far (for the report).
    std::size_t replays() const { return replays_; }

private:
    MpiSystem& system_;
    const SystemSnapshot& initial_;
    std::size_t replays_ = 0;
};

} // namespace rankfold::mc
