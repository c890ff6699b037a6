#include "mc/cli/IndependenceSelfTest.hpp"

#include "mc/search/MpiSearchSpace.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace rankfold::mc {
namespace {

constexpr int kFailuresShown = 20;
constexpr std::size_t kPathStepsShown = 12;

std::string describe(const Transition& t) {
    return fmt::format("{} of rank {} (object {}, outcome {})", kind_name(t.kind), t.rank, t.object,
                       t.outcome);
}

// `t` as if it addressed nothing to a passive target (what only its execution tells).
Transition unannotated(Transition t) {
    t.passive_targets = 0;
    t.ran = 0;
    return t;
}

std::string describe(const Violation& v) {
    return fmt::format("{} of rank {}: {}", kind_name(v.kind), v.rank, v.message);
}

// One order of a pair, taken from the state's snapshot.
struct Order {
    bool first_violated = false; // the first step alone ended the path in a violation
    bool disabled = false;       // the second step was no longer enabled after the first
    Transition first;            // the first step as executed (SearchSpace::annotate)
    std::optional<Violation> violation;
    SystemSnapshot end;
    std::vector<std::string> outputs; // what each rank wrote after the state
};

class Checker {
public:
    Checker(MpiSystem& system, OutputRouter& output, const IndependenceCheckOptions& options,
            FILE* report)
        : system_(system), output_(output), options_(options), report_(report),
          space_(system, output, options.ranks) {}

    int run() {
        system_.start();
        visit(std::nullopt);
        while (!stack_.empty() && !stopped_) {
            Frame& f = stack_.back();
            if (f.next == f.open.size()) {
                stack_.pop_back();
                continue;
            }
            const Transition t = f.open[f.next++];
            system_.state()->restore(f.state);
            system_.take(t);
            visit(t); // may push: `f` is not used after this
        }
        fmt::print(report_,
                   "rankfold: independence check: {} states, {} pairs checked in both orders, {} "
                   "differ; {} pairs of the same rank or dependent not checked{}{}\n",
                   states_, checked_, differ_, dependent_,
                   both_violate_ == 0
                       ? std::string()
                       : fmt::format(", {} pairs not checked (each step alone ends in a violation)",
                                     both_violate_),
                   stop_reason_.empty() ? std::string("; search complete")
                                        : "; stopped: " + stop_reason_);
        std::fflush(report_);
        return differ_ == 0 ? 0 : 1;
    }

private:
    struct Frame {
        SystemSnapshot state;
        std::vector<Transition> open;
        std::size_t next = 0;
        std::optional<Transition> via; // the choice that led here from the frame below
    };

    // The current (closed) state, reached by `via` from the top frame (none: the initial state).
    void visit(std::optional<Transition> via) {
        if (system_.violation()) return; // a path's end, not a state of the search
        SystemSnapshot state = system_.state()->capture();
        if (!seen_.insert(state.fingerprint()).second) return;
        ++states_;
        std::vector<Transition> open;
        system_.choices(open);
        via_ = via;
        check_pairs(state, open);
        if (options_.max_states != 0 && states_ >= options_.max_states) {
            stopped_ = true;
            stop_reason_ = fmt::format("--max-states {}", options_.max_states);
        } else if (options_.memory_limit != 0 &&
                   system_.state()->memory().store().stats().total_bytes() >
                       options_.memory_limit) {
            stopped_ = true;
            stop_reason_ =
                fmt::format("--memory-limit: the snapshot store holds {} MiB",
                            system_.state()->memory().store().stats().total_bytes() >> 20);
        }
        if (!open.empty() && !stopped_)
            stack_.push_back({std::move(state), std::move(open), 0, via});
    }

    void check_pairs(const SystemSnapshot& state, const std::vector<Transition>& open) {
        for (std::size_t i = 0; i < open.size(); ++i)
            for (std::size_t j = i + 1; j < open.size(); ++j) {
                const Transition& a = open[i];
                const Transition& b = open[j];
                // Dependent whatever they do; else, as the explorer decides, by what each did
                // when executed (SearchSpace::annotate: the passive targets it addressed).
                if (space_.dependent(unannotated(a), unannotated(b))) {
                    ++dependent_;
                    continue;
                }
                const Order ab = take_in_order(state, a, b);
                const Order ba = take_in_order(state, b, a);
                if (space_.dependent(ab.first, ba.first)) {
                    ++dependent_;
                    continue;
                }
                compare(a, b, ab, ba);
            }
    }

    Order take_in_order(const SystemSnapshot& state, const Transition& first,
                        const Transition& second) {
        Order o;
        system_.state()->restore(state);
        system_.take(first);
        o.first = first;
        space_.annotate(o.first);
        if (system_.violation()) {
            o.first_violated = true;
            o.violation = *system_.violation();
            return o;
        }
        system_.choices(after_);
        // Take `second` as it is listed now (a wildcard match carries the ids found there).
        const auto listed = std::find(after_.begin(), after_.end(), second);
        if (listed == after_.end()) {
            o.disabled = true;
            return o;
        }
        system_.take(*listed);
        if (system_.violation()) o.violation = *system_.violation();
        o.end = system_.state()->capture();
        for (int r = 0; r < options_.ranks; ++r)
            o.outputs.push_back(output_.captured(r).substr(state.value<std::vector<std::size_t>>(
                SystemState::Output)[static_cast<std::size_t>(r)]));
        return o;
    }

    void compare(const Transition& a, const Transition& b, const Order& ab, const Order& ba) {
        if (ab.first_violated && ba.first_violated) {
            ++both_violate_;
            return;
        }
        ++checked_;
        std::string why;
        if (ab.first_violated || ba.first_violated) {
            // One step ends the path on its own: after the other step it must still do so.
            const Order& alone = ab.first_violated ? ab : ba;
            const Order& after = ab.first_violated ? ba : ab;
            const Transition& x = ab.first_violated ? a : b;
            const Transition& y = ab.first_violated ? b : a;
            if (after.disabled)
                why = fmt::format("[{}] disables [{}]", describe(y), describe(x));
            else if (!after.violation)
                why = fmt::format("[{}] alone ends in a violation ({}), but not after [{}]",
                                  describe(x), describe(*alone.violation), describe(y));
            else if (!properties::same_finding(*after.violation, *alone.violation))
                why = fmt::format("[{}] alone ends in a violation ({}), after [{}] in another ({})",
                                  describe(x), describe(*alone.violation), describe(y),
                                  describe(*after.violation));
        } else if (ab.disabled || ba.disabled) {
            if (ab.disabled) why = fmt::format("[{}] disables [{}]", describe(a), describe(b));
            if (ba.disabled)
                why += fmt::format("{}[{}] disables [{}]", why.empty() ? "" : "; ", describe(b),
                                   describe(a));
        } else if (ab.end.fingerprint() != ba.end.fingerprint()) {
            const std::string what = system_.state()->describe_difference(ab.end, ba.end);
            why = "the states differ: " + (what.empty() ? "only the fingerprint" : what);
        } else {
            for (int r = 0; r < options_.ranks && why.empty(); ++r)
                if (ab.outputs[r] != ba.outputs[r])
                    why = fmt::format("equal states, but rank {}'s output differs", r);
        }
        if (why.empty()) return;
        if (++differ_ > kFailuresShown) return;
        const std::vector<Transition> path = path_here();
        fmt::print(report_, "rankfold: independence: state {} ({} choices from the start{}):\n",
                   states_, path.size(), path_summary(path));
        fmt::print(report_, "  a = {}\n  b = {}\n  a then b vs b then a: {}\n", describe(a),
                   describe(b), why);
        if (differ_ == kFailuresShown)
            fmt::print(report_, "rankfold: independence: further differences are only counted\n");
    }

    // The choices from the initial state to the state being checked (the stack does not hold
    // that state yet).
    std::vector<Transition> path_here() const {
        std::vector<Transition> path;
        for (const Frame& f : stack_)
            if (f.via) path.push_back(*f.via);
        if (via_) path.push_back(*via_);
        return path;
    }

    static std::string path_summary(const std::vector<Transition>& path) {
        if (path.empty()) return "";
        std::string s = ": ";
        const std::size_t skip = path.size() > kPathStepsShown ? path.size() - kPathStepsShown : 0;
        if (skip > 0) s += fmt::format("... {} earlier, ", skip);
        for (std::size_t i = skip; i < path.size(); ++i)
            s += fmt::format("{}{} r{} {}", i > skip ? ", " : "", kind_name(path[i].kind),
                             path[i].rank, path[i].outcome);
        return s;
    }

    MpiSystem& system_;
    OutputRouter& output_;
    IndependenceCheckOptions options_;
    FILE* report_;
    MpiSearchSpace space_; // the relation the explorer uses
    std::vector<Frame> stack_;
    std::unordered_set<snapshot::Fingerprint, snapshot::FingerprintHash> seen_;
    std::vector<Transition> after_;
    std::optional<Transition> via_; // the last choice to the state being checked
    std::uint64_t states_ = 0, checked_ = 0, differ_ = 0, dependent_ = 0, both_violate_ = 0;
    bool stopped_ = false;
    std::string stop_reason_;
};

} // namespace

int check_independence(MpiSystem& system, OutputRouter& output,
                       const IndependenceCheckOptions& options, FILE* report) {
    return Checker(system, output, options, report).run();
}

} // namespace rankfold::mc
