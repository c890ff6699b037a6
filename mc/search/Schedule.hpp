// One execution instead of all of them: a strategy picks one of the open choices at every
// choice point of the same transition system the explorer searches (--single-run, --seed, the
// snapshot self-test). There is no second engine: what a single run does, one path of the
// exploration does too.
#pragma once

#include "mc/search/Transition.hpp"

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace rankfold::mc {

class ScheduleStrategy {
public:
    virtual ~ScheduleStrategy() = default;
    // The index of the choice to take; `choices` is not empty.
    virtual std::size_t pick(const std::vector<Transition>& choices) = 0;
};

// The default schedule: whatever can complete does ("not yet" only when a test can say
// nothing else), and the ranks take turns, so that no rank polling forever starves another.
class RoundRobinSchedule final : public ScheduleStrategy {
public:
    std::size_t pick(const std::vector<Transition>& choices) override;
    // The rank whose choice was taken last (-1: none yet); snapshots of a run keep it.
    int last_rank = -1;
};

// --seed N: every choice uniformly at random, reproducibly.
class RandomSchedule final : public ScheduleStrategy {
public:
    explicit RandomSchedule(std::uint64_t seed) : random_(seed) {}
    std::size_t pick(const std::vector<Transition>& choices) override;

private:
    std::mt19937_64 random_;
};

} // namespace rankfold::mc
