// The MPI transition system (MpiSystem) as a SearchSpace: states are the closed states between
// choices, transitions the choices (MpiSystem::choices), saving a state is a SystemSnapshot.
// Saving a state and going back to it is Backtracking's (a snapshot, or the path from an
// earlier one taken again: --backtrack).
//
// It also finds the deadlocks hidden in polling loops: when every open choice is a test's
// "not yet" and taking each of them leads back to the very same state, nothing can ever happen
// again, which is a deadlock although no rank is formally blocked. Loops that change their
// state at each poll go round a region of such states instead: the explorer finds those
// (PollRegions.hpp) from only_polls, and polling_deadlock ends the state there.
#pragma once

#include "mc/runtime/OutputRouter.hpp"
#include "mc/runtime/ProgressMarks.hpp"
#include "mc/search/Backtracking.hpp"
#include "mc/search/SearchSpace.hpp"
#include "mc/system/MpiSystem.hpp"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <vector>

namespace rankfold::mc {

class MpiSearchSpace final : public SearchSpace {
public:
    MpiSearchSpace(MpiSystem& system, OutputRouter& output, int ranks,
                   Backtrack backtrack = Backtrack::Auto);

    void enabled(std::vector<Transition>& out) override;
    void execute(const Transition& t) override;
    bool violated() override;
    snapshot::Fingerprint fingerprint() override;
    bool may_repeat() override { return polled_; }
    bool only_polls() override;
    void polling_deadlock() override;
    std::uint64_t progress_marks() override { return ProgressMarks::passed(); }
    bool dependent(const Transition& a, const Transition& b) const override;
    void annotate(Transition& t) const override {
        t.passive_targets = system_.passive_issues();
        t.ran = system_.ranks_run() | process_bit(t.rank); // never 0 once executed
    }
    // Source sets are sound with the ranks each closure affected (ClosureEffects.hpp), which
    // MpiSystem notes once asked to (MpiSystem::track_effects).
    bool source_sets_sound() const override { return system_.effects_on(); }
    Effects effects() const override { return system_.effects(); }
    // A state where only polls' "not yet" are open stays in one worker: execute finds the
    // polling deadlock there by seeing every one of them lead back to it.
    bool divisible(const std::vector<Transition>& todo) const override {
        return !std::all_of(todo.begin(), todo.end(), is_not_yet);
    }
    Saved save() override;
    void restore(Saved saved) override;
    void discard(Saved saved) override;

    // What each rank printed in the first execution that ended with every rank finished.
    const std::optional<std::vector<std::string>>& first_output() const { return first_output_; }

private:
    void refresh();
    SystemSnapshot& current();

    MpiSystem& system_;
    OutputRouter& output_;
    int ranks_;
    std::vector<Transition> choices_;
    bool fresh_ = false;
    bool polled_ = false;                   // the last transition was a test's "not yet"
    std::optional<SystemSnapshot> current_; // capture of the current state, once taken
    Backtracking back_;
    // State fingerprint -> ranks whose "not yet" was seen to lead back to that very state.
    std::unordered_map<snapshot::Fingerprint, std::vector<int>, snapshot::FingerprintHash>
        idle_pollers_;
    std::optional<std::vector<std::string>> first_output_;
};

} // namespace rankfold::mc
