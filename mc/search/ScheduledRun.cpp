#include "mc/search/ScheduledRun.hpp"

#include "mc/search/ClosureDeadline.hpp"
#include "mc/search/PollLoopWatch.hpp"
#include "mc/search/PollRegionCheck.hpp"
#include "mc/search/SearchSpace.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace rankfold::mc {
namespace {

using Clock = std::chrono::steady_clock;

// The search's bounds for one run, named as the search names them in its report.
class RunBounds {
public:
    RunBounds(const ScheduledRunOptions& options, Clock::time_point begin)
        : options_(options), begin_(begin) {}

    // At a choice point of the run, after `depth` choices, with `states` states passed in all.
    std::optional<std::string> reached(std::uint64_t depth, std::uint64_t states) {
        if (options_.max_depth != 0 && depth >= options_.max_depth)
            return fmt::format("--max-depth {}", options_.max_depth);
        if (options_.max_states != 0 && states >= options_.max_states)
            return fmt::format("--max-states {}", options_.max_states);
        if ((++checks_ & 15u) == 0 && out_of_time()) return time_limit();
        return std::nullopt;
    }
    // At a new state of a polling check (each costs a capture: the clock is cheap beside it).
    std::optional<std::string> reached_in_check(std::uint64_t states, std::size_t store_bytes) {
        if (options_.max_states != 0 && states >= options_.max_states)
            return fmt::format("--max-states {}", options_.max_states);
        if (options_.memory_limit != 0 && store_bytes > options_.memory_limit)
            return fmt::format("--memory-limit: the snapshot store holds {} MiB",
                               store_bytes >> 20);
        if (out_of_time()) return time_limit();
        return std::nullopt;
    }
    bool out_of_time() const {
        return options_.time_limit > 0 &&
               std::chrono::duration<double>(Clock::now() - begin_).count() > options_.time_limit;
    }
    std::string time_limit() const { return fmt::format("--time-limit {}", options_.time_limit); }

private:
    const ScheduledRunOptions& options_;
    Clock::time_point begin_;
    std::uint64_t checks_ = 0;
};

// The run's system as a SearchSpace, for PollRegionCheck: its states saved as snapshots.
class RunStateSpace final : public SearchSpace {
public:
    RunStateSpace(MpiSystem& system, SystemState& state) : system_(system), state_(state) {}

    void enabled(std::vector<Transition>& out) override { system_.choices(out); }
    void execute(const Transition& t) override {
        current_.reset();
        system_.take(t);
    }
    bool violated() override { return system_.violation().has_value(); }
    bool only_polls() override {
        system_.choices(open_);
        return !open_.empty() && std::all_of(open_.begin(), open_.end(), is_not_yet);
    }
    snapshot::Fingerprint fingerprint() override {
        if (!current_) current_ = state_.capture_deferred();
        return current_->fingerprint();
    }
    bool dependent(const Transition& /*a*/, const Transition& /*b*/) const override {
        return true; // not asked: the check tries every transition
    }
    Saved save() override {
        if (!current_)
            current_ = state_.capture();
        else if (current_->deferred())
            state_.complete(*current_);
        saved_.push_back(std::move(current_));
        current_.reset();
        return saved_.size() - 1;
    }
    void restore(Saved saved) override {
        current_.reset();
        state_.restore(*saved_.at(saved));
    }
    void discard(Saved saved) override { saved_.at(saved).reset(); }

private:
    MpiSystem& system_;
    SystemState& state_;
    std::optional<SystemSnapshot> current_; // the current state's capture, once taken
    std::vector<std::optional<SystemSnapshot>> saved_;
    std::vector<Transition> open_;
};

// While a polling check runs ranks, what they write is captured (and dropped with the state
// the check started from), not printed; also when the time limit ends the check.
class OutputHeld {
public:
    explicit OutputHeld(OutputRouter& output) : output_(output), mode_(output.mode()) {
        output_.set_mode(OutputRouter::Mode::Capture);
    }
    ~OutputHeld() { output_.set_mode(mode_); }
    OutputHeld(const OutputHeld&) = delete;
    OutputHeld& operator=(const OutputHeld&) = delete;

private:
    OutputRouter& output_;
    OutputRouter::Mode mode_;
};

// The region of polls around the run's current state (poll-only, seen before in this stretch):
// Stuck when nothing but polling can happen from here on. The run's state is put back after.
PollRegionVerdict judge_region(MpiSystem& system, SystemState& state, RunBounds& bounds,
                               std::uint64_t& states, std::optional<std::string>& limit) {
    const SystemSnapshot start = state.capture();
    PollRegionVerdict verdict = PollRegionVerdict::Unknown;
    {
        const OutputHeld held(system.runtime().output());
        RunStateSpace space(system, state);
        const std::uint64_t before = states;
        verdict = check_poll_region(space, [&](std::uint64_t seen) {
            states = before + seen;
            limit = bounds.reached_in_check(states, state.memory().store().stats().total_bytes());
            return !limit;
        });
    }
    state.restore(start);
    return verdict;
}

// The run from the current state on; the limit that stopped it, if one did.
std::optional<std::string> follow_schedule(MpiSystem& system, ScheduleStrategy& strategy,
                                           const ScheduledRunOptions& options, RunBounds& bounds,
                                           std::vector<Transition>* taken) {
    std::vector<Transition> open;
    PollLoopWatch watch;
    std::uint64_t depth = 0, states = 0;
    for (;;) {
        system.choices(open);
        if (open.empty()) break;
        if (std::optional<std::string> limit = bounds.reached(depth, ++states)) return limit;
        if (!std::all_of(open.begin(), open.end(), is_not_yet)) {
            watch.progress();
        } else if (watch.wants_fingerprint()) {
            SystemState& state =
                system.state() != nullptr
                    ? *system.state()
                    : system.enable_snapshots(options.page_sharing, options.state_equality);
            if (watch.repeats(state.capture_deferred().fingerprint())) {
                watch.judged();
                std::optional<std::string> limit;
                if (judge_region(system, state, bounds, states, limit) == PollRegionVerdict::Stuck)
                    break; // the ranks poll forever: end_state reports them
                if (limit) return limit;
            }
        }
        const Transition& chosen = open[strategy.pick(open)];
        if (taken != nullptr) taken->push_back(chosen);
        system.take(chosen);
        ++depth;
    }
    system.end_state();
    return std::nullopt;
}

} // namespace

void finish_schedule(MpiSystem& system, ScheduleStrategy& strategy) {
    std::vector<Transition> open;
    for (;;) {
        system.choices(open);
        if (open.empty()) break;
        system.take(open[strategy.pick(open)]);
    }
    system.end_state();
    system.runtime().collect_all_output();
}

RunResult run_schedule(MpiSystem& system, ScheduleStrategy& strategy,
                       const ScheduledRunOptions& options, std::vector<Transition>* taken) {
    const auto begin = Clock::now();
    RunBounds bounds(options, begin);
    // A closure can run long without reaching a choice point: the time limit stops it too.
    ClosureDeadline deadline(system, options.time_limit, begin);
    std::optional<std::string> limit;
    try {
        system.start();
        limit = follow_schedule(system, strategy, options, bounds, taken);
    } catch (const ClosureTimeLimit&) {
        limit = bounds.time_limit();
    }
    deadline.disarm();
    system.runtime().collect_all_output();
    RunResult result = system.result();
    if (result.violations.empty()) result.limit = limit;
    result.stats.seconds = std::chrono::duration<double>(Clock::now() - begin).count();
    result.stats.peak_rss_bytes = peak_rss_bytes();
    return result;
}

} // namespace rankfold::mc
