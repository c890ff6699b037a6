// A synthetic SearchSpace for the explorer's tests: N processes, each a fixed sequence of
// actions on shared integer variables. A process's next action is its only transition; an action
// may be guarded (enabled only while a variable has a value), and a looping process starts over
// after its last action, which gives cycles for the state-matching tests.
//
// Two actions are dependent when they belong to one process or touch a common variable with at
// least one write; a guard counts as a read, so an independent action can neither enable nor
// disable another (what sleep sets need of the relation).
//
// Besides the SearchSpace, the system records what the explorer did to it (states arrived at,
// final states, the path of every complete run, executed edges) and offers the same semantics on
// explicit states for the brute-force references.
#pragma once

#include "mc/search/SearchSpace.hpp"
#include "snapshot/Fingerprint.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace rankfold::mc::synthetic {

struct Action {
    std::vector<int> reads; // variables read
    int write = -1;         // variable written, or -1
    int add = 0;            // the value written: add + the sum of the values read ...
    int modulus = 0;        // ... modulo this when nonzero (keeps looping systems finite)
    int guard = -1;         // enabled only while variable `guard` equals `guard_value`
    int guard_value = 0;

    Action& when(int var, int value) {
        guard = var;
        guard_value = value;
        return *this;
    }
    bool accesses(int var) const {
        return var == guard || var == write || std::ranges::find(reads, var) != reads.end();
    }
};

inline Action local() {
    return {};
}
inline Action read(int var) {
    return {.reads = {var}};
}
inline Action write(int var, int value) {
    return {.reads = {}, .write = var, .add = value};
}
// var := (var + add) mod modulus
inline Action update(int var, int add, int modulus = 0) {
    return {.reads = {var}, .write = var, .add = add, .modulus = modulus};
}
// to := from (+ add)
inline Action copy(int to, int from, int add = 0) {
    return {.reads = {from}, .write = to, .add = add};
}

struct SystemState {
    std::vector<int> pc; // per process; == its length when a non-looping process has finished
    std::vector<int> vars;
    // NOLINTNEXTLINE(modernize-use-nullptr): clang-tidy 14 misreads the defaulted <=> (its 0)
    friend auto operator<=>(const SystemState&, const SystemState&) = default;
    friend bool operator==(const SystemState&, const SystemState&) = default;
};

class SyntheticSystem : public SearchSpace {
public:
    using State = SystemState;
    using Path = std::vector<Transition>;

    int variable(std::string name, int initial = 0) {
        names_.push_back(std::move(name));
        current_.vars.push_back(initial);
        initial_ = current_;
        return static_cast<int>(names_.size()) - 1;
    }
    int var(const std::string& name) const {
        for (std::size_t i = 0; i < names_.size(); ++i)
            if (names_[i] == name) return static_cast<int>(i);
        throw std::invalid_argument("no variable " + name);
    }
    int process(std::vector<Action> actions, bool loops = false) {
        procs_.push_back({std::move(actions), loops});
        current_.pc.push_back(0);
        initial_ = current_;
        return static_cast<int>(procs_.size()) - 1;
    }

    // A violating state; none unless set.
    std::function<bool(const State&)> bad;
    // A state whose steps all count as polls answering "not yet" (SearchSpace::only_polls)
    // when it has any; none unless set.
    std::function<bool(const State&)> polls;
    // Replaces exact_fingerprint (tests force collisions with it).
    std::function<snapshot::Fingerprint(const State&)> fingerprint_fn;
    bool record_edges = false; // fill edges() (costly on big runs)

    // --- semantics on explicit states (also used by the references) ---
    const State& initial() const { return initial_; }
    void enabled_in(const State& s, std::vector<Transition>& out) const {
        out.clear();
        for (std::size_t p = 0; p < procs_.size(); ++p) {
            const Action* a = next_action(s, static_cast<int>(p));
            if (a && (a->guard < 0 || s.vars[a->guard] == a->guard_value))
                out.push_back(label(static_cast<int>(p), s.pc[p]));
        }
    }
    bool is_enabled(const State& s, const Transition& t) const {
        std::vector<Transition> en;
        enabled_in(s, en);
        return std::ranges::find(en, t) != en.end();
    }
    State successor(const State& s, const Transition& t) const {
        State n = s;
        const Process& proc = procs_.at(t.rank);
        const Action& a = proc.actions.at(t.outcome);
        if (a.write >= 0) {
            int v = a.add;
            for (int r : a.reads) v += s.vars[r];
            n.vars[a.write] = a.modulus ? ((v % a.modulus) + a.modulus) % a.modulus : v;
        }
        int& pc = n.pc[t.rank];
        if (++pc == static_cast<int>(proc.actions.size()) && proc.loops) pc = 0;
        return n;
    }
    bool finished(const State& s) const {
        for (std::size_t p = 0; p < procs_.size(); ++p)
            if (next_action(s, static_cast<int>(p))) return false;
        return true;
    }
    // Nothing enabled but some process not at its end: a process waits on a guard forever.
    bool deadlocked(const State& s) const {
        std::vector<Transition> en;
        enabled_in(s, en);
        return en.empty() && !finished(s);
    }
    bool depends(const Transition& a, const Transition& b) const {
        if (a.rank == b.rank) return true;
        const Action& x = procs_.at(a.rank).actions.at(a.outcome);
        const Action& y = procs_.at(b.rank).actions.at(b.outcome);
        return (x.write >= 0 && y.accesses(x.write)) || (y.write >= 0 && x.accesses(y.write));
    }
    // Equal states, equal fingerprints; different ones differ but for XXH3-128 collisions.
    static snapshot::Fingerprint exact_fingerprint(const State& s) {
        snapshot::FingerprintBuilder f;
        f.value(s.pc.size());
        f.bytes(s.pc.data(), s.pc.size() * sizeof(int));
        f.value(s.vars.size());
        f.bytes(s.vars.data(), s.vars.size() * sizeof(int));
        return f.digest();
    }
    static Transition label(int process, int step) {
        return {TransitionKind::TestOutcome, process, -1, step};
    }

    // --- SearchSpace ---
    void enabled(std::vector<Transition>& out) override {
        enabled_in(current_, out);
        if (out.empty()) {
            finals_.insert(current_);
            runs_.push_back(trail_);
        }
    }
    bool source_sets_sound() const override { return true; } // guards count as reads
    void waiting(std::vector<Transition>& out) override {
        out.clear();
        for (std::size_t p = 0; p < procs_.size(); ++p) {
            const Action* a = next_action(current_, static_cast<int>(p));
            if (a && a->guard >= 0 && current_.vars[a->guard] != a->guard_value)
                out.push_back(label(static_cast<int>(p), current_.pc[p]));
        }
    }
    bool only_polls() override {
        std::vector<Transition> en;
        enabled_in(current_, en);
        return polls && !en.empty() && polls(current_);
    }
    void polling_deadlock() override {
        stuck_ = true;
        polling_deadlocks_.insert(current_);
    }
    void execute(const Transition& t) override {
        stuck_ = false;
        if (!is_enabled(current_, t)) throw std::logic_error("executed a disabled transition");
        if (record_edges) edges_.emplace_back(current_, t);
        current_ = successor(current_, t);
        trail_.push_back(t);
        ++executed_;
    }
    bool violated() override {
        arrived_.insert(current_); // the explorer asks this first at every state it reaches
        return stuck_ || (bad && bad(current_));
    }
    snapshot::Fingerprint fingerprint() override {
        return fingerprint_fn ? fingerprint_fn(current_) : exact_fingerprint(current_);
    }
    bool dependent(const Transition& a, const Transition& b) const override {
        return depends(a, b);
    }
    Saved save() override {
        slots_.emplace_back(Snapshot{current_, trail_});
        ++live_saves_;
        return slots_.size() - 1;
    }
    void restore(Saved saved) override {
        const auto& slot = slots_.at(saved);
        if (!slot) throw std::logic_error("restore of a discarded snapshot");
        current_ = slot->state;
        trail_ = slot->trail;
        stuck_ = false;
    }
    void discard(Saved saved) override {
        auto& slot = slots_.at(saved);
        if (!slot) throw std::logic_error("snapshot discarded twice");
        slot.reset();
        --live_saves_;
    }

    // --- what the explorer did ---
    // Back to the initial state with nothing recorded, for another run.
    void reset() {
        current_ = initial_;
        trail_.clear();
        arrived_.clear();
        finals_.clear();
        runs_.clear();
        edges_.clear();
        polling_deadlocks_.clear();
        stuck_ = false;
        executed_ = 0;
    }
    const State& current() const { return current_; }
    const Path& trail() const { return trail_; } // the path from the initial state
    const std::set<State>& arrived() const { return arrived_; }
    const std::set<State>& finals() const { return finals_; }
    const std::vector<Path>& runs() const { return runs_; } // the path of each final arrival
    const std::vector<std::pair<State, Transition>>& edges() const { return edges_; }
    // The states the explorer called polling deadlocks (polling_deadlock).
    const std::set<State>& polling_deadlocks() const { return polling_deadlocks_; }
    std::uint64_t executed() const { return executed_; }
    long live_saves() const { return live_saves_; }
    std::size_t process_count() const { return procs_.size(); }
    // The same system with its processes numbered backwards: the same behaviours, which a
    // depth-first search (trying the lowest process first) meets in another order.
    SyntheticSystem reversed() const {
        SyntheticSystem r;
        // By index: cppcheck takes r.variable for a change of this->names_ inside a range loop.
        for (std::size_t v = 0; v < names_.size(); ++v) r.variable(names_[v], initial_.vars[v]);
        for (std::size_t p = procs_.size(); p-- > 0;) r.process(procs_[p].actions, procs_[p].loops);
        return r;
    }

private:
    struct Process {
        std::vector<Action> actions;
        bool loops = false;
    };
    struct Snapshot {
        State state;
        Path trail;
    };
    const Action* next_action(const State& s, int p) const {
        const Process& proc = procs_[p];
        if (s.pc[p] >= static_cast<int>(proc.actions.size())) return nullptr;
        return &proc.actions[s.pc[p]];
    }

    std::vector<std::string> names_;
    std::vector<Process> procs_;
    State current_, initial_;
    Path trail_; // not part of the state: how the explorer got here
    std::vector<std::optional<Snapshot>> slots_;
    long live_saves_ = 0;
    std::set<State> arrived_, finals_, polling_deadlocks_;
    bool stuck_ = false; // polling_deadlock() was called in the current state
    std::vector<Path> runs_;
    std::vector<std::pair<State, Transition>> edges_;
    std::uint64_t executed_ = 0;
};

} // namespace rankfold::mc::synthetic
