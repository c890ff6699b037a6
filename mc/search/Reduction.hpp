// How a search avoids exploring interleavings that are equivalent, apart from the order in
// which it searches (DESIGN.md §4): given what is asleep at a state and the transition taken
// from it, what is asleep at the child, and what stays asleep for the state's later children.
// Sleep sets now; source sets (DPOR) next, behind the same interface.
#pragma once

#include "mc/search/SearchSpace.hpp"
#include "mc/search/VisitedStates.hpp"

#include <memory>

namespace rankfold::mc {

class Reduction {
public:
    virtual ~Reduction() = default;
    // `child` := what stays asleep after taking `taken` at a state whose sleep set is `frame`.
    virtual void child_sleep(const SleepSet& frame, const Transition& taken,
                             SleepSet& child) const = 0;
    // `taken`'s subtree has been explored: record it in the state's sleep set.
    virtual void explored(SleepSet& frame, const Transition& taken) const = 0;
};

// Every interleaving (for comparison and debugging: --no-reduction).
class NoReduction final : public Reduction {
public:
    void child_sleep(const SleepSet&, const Transition&, SleepSet& child) const override {
        child.clear();
    }
    void explored(SleepSet&, const Transition&) const override {}
};

// Godefroid's sleep sets: after t has been explored from a state, t is asleep in its siblings'
// subtrees for as long as only transitions independent of t are taken, so each class of
// equivalent interleavings ends in exactly one complete execution.
class SleepSetReduction final : public Reduction {
public:
    explicit SleepSetReduction(const SearchSpace& space) : space_(space) {}
    void child_sleep(const SleepSet& frame, const Transition& taken,
                     SleepSet& child) const override {
        child.clear();
        for (const Transition& u : frame)
            if (!space_.dependent(u, taken)) child.push_back(u);
    }
    void explored(SleepSet& frame, const Transition& taken) const override {
        frame.push_back(taken);
    }

private:
    const SearchSpace& space_;
};

inline std::unique_ptr<Reduction> make_reduction(bool sleep_sets, const SearchSpace& space) {
    if (sleep_sets) return std::make_unique<SleepSetReduction>(space);
    return std::make_unique<NoReduction>();
}

} // namespace rankfold::mc
