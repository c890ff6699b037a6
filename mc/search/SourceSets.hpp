// Source-set DPOR on top of sleep sets (--reduction source), for the Explorer's depth-first
// stack, made sound together with state matching.
//
// Source sets: Abdulla, Aronis, Jonsson, Sagonas, "Optimal Dynamic Partial Order Reduction"
// (POPL 2014), the source-DPOR algorithm (Algorithm 1, without wakeup trees). A state starts
// with one transition to explore (with the other outcomes of its rank: a rank's outcomes
// disable each other, which no later race would reveal). Each transition executed is checked
// for races against the transitions of the stack, with happens-before computed along the stack
// from SearchSpace::dependent: for a race e ⋖ e', if no initial of notdep(e).e' is in the
// backtrack set of the state e was taken in, one is added there (if none is enabled there, e
// enabled e': that rank's transitions there, or all, by Flanagan and Godefroid's rule). A
// transition an event disables never runs
// after it, so no race shows it: it is added to the state the event was taken in (as
// Flanagan and Godefroid's algorithm does by looking at every process's next transition).
// Sleep sets stay as before.
// This needs a dependency relation under which a transition that enables another is dependent
// with it, and the waiting transitions (SearchSpace::waiting); SearchSpace::source_sets_sound
// says whether a space has both. A space whose transitions act through closures (the MPI
// program: a choice's closure runs ranks, posts messages and so enables choices of other
// ranks) says instead what each executed transition did to the processes
// (SearchSpace::effects): two events are then also dependent when both ran a common process,
// or one completed requests of a process whose step the other observed them in.
//
// State matching: the summaries of Yang, Chen, Gopalakrishnan, Kirby, "Efficient Stateful
// Dynamic Partial Order Reduction" (SPIN 2008). Each visited state keeps the set of transitions
// executed below it, with the waiting transitions seen there (a race with one of those is a
// race too). When a branch stops at a visited state, what lies below it is not executed again;
// the events of the stack independent of the whole summary cannot race with it, and every state
// from the first whose event is dependent with a transition of the summary is fully expanded
// (the simpler sound fallback: their races are not computed one by one, because a summary is a
// set and does not carry the order of its events; adding one transition per race as Flanagan
// and Godefroid's rule does lost final states on random systems). Under the caching rule of
// VisitedStates a state reached again may still expand what its earlier visit left asleep.
//
// Cycles: a branch that reaches a state still on the stack fully expands every state of the
// cycle (the proviso: nothing on the cycle is ignored), and the states of the cycle record the
// cycle's first state as a "head": their summary is their own plus the head's, looked up when
// needed (a head still on the stack then is a cycle again).
//
// Shared search (the parallel search, mc/parallel: shared()): a part of the tree is explored by
// other explorers, whose races and summaries this one never sees. It stays sound by being
// coarser where that matters. Work is given away only from states that are fully expanded, as
// are all the states on the path to them (give_from), so the races the receiver cannot report
// back would add nothing there; the receiver's root keeps every transition it was given. A
// state some of whose subtree is explored elsewhere has an incomplete summary (`incomplete`,
// passed to its parent): it is stored as unknown, and so is a state this explorer did not
// explore (another's, or a leaf: it cannot tell them apart). A branch that stops at an unknown
// state expands every state of the stack (seen_elsewhere), as the summary "everything" would.
// The states' owners (mc/parallel/StateOwner) say when only this explorer explored below a
// state it reached again (revisited: its summary holds), and when another explores below a
// state this one may hold a summary of (forget: unknown from then on).
// Memory: summaries are kept in a SummaryPool (8-byte entries, equal stored summaries shared).
#pragma once

#include "mc/search/SearchSpace.hpp"
#include "mc/search/SummaryPool.hpp"
#include "mc/search/Transition.hpp"
#include "snapshot/Fingerprint.hpp"

#include <cstdint>
#include <functional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace rankfold::mc {

class SourceSets {
public:
    // The explorer's backtrack set (the transitions to try) of the state at a stack level.
    using Backtrack = std::function<std::vector<Transition>&(std::size_t level)>;

    // Without state matching no summary is kept (only cycles on the path are watched).
    SourceSets(const SearchSpace& space, bool state_matching, Backtrack backtrack)
        : space_(space), state_matching_(state_matching), backtrack_(std::move(backtrack)) {}

    // A state is pushed at level = depth(): `candidates` (enabled, not asleep; not empty) are
    // cut to the first and the other outcomes of its rank, unless `revisit` (a state reached
    // again, whose candidates are what its earlier visit left asleep: all of them are tried).
    // `tracked`: `state` is its fingerprint (without state matching, only states that may
    // repeat are fingerprinted).
    void push(const snapshot::Fingerprint& state, bool tracked, bool revisit,
              const std::vector<Transition>& enabled, std::vector<Transition>& candidates);
    // The top state took `t` (the event at level depth()-1): its races with the stack.
    void executed(const Transition& t_taken);
    // The state reached by the top's last event has `enabled`: a transition that event
    // disabled races with it without ever being executed after it, so it is added to the top.
    // `waiting`: the next transitions of waiting processes there, each raced with the stack as
    // if it ran next (Flanagan and Godefroid look at every process's next transition so).
    void arrived(const std::vector<Transition>& enabled, const std::vector<Transition>& waiting);
    // The state reached by the top's last event is a violation (its enabled transitions are
    // not asked): the top is fully expanded, which covers whatever that event disabled.
    void violation_reached(const std::vector<Transition>& waiting);
    // The top state's child (reached by its last event) is done; the event is taken back.
    void child_done();
    // The child reached by the last event stopped at a state seen before: `state` with its
    // summary, or a state of the stack (a cycle).
    void stopped_at(const snapshot::Fingerprint& state);
    // The top state is left: its summary is stored and handed to its parent.
    void pop();
    void clear();

    // Shared search (see the top of this file). Summaries then outlive clear(): the next
    // subtree this explorer is given may stop at states it explored before.
    void share() { shared_ = true; }
    // `given` is given away from `level` (whose todo no longer holds it): it and every level
    // under it are expanded, and their summaries are incomplete; no race adds `given` back.
    void give_from(std::size_t level, const std::vector<Transition>& given);
    // The top level's subtree is partly another explorer's (a given subtree's root).
    void incomplete_top() { levels_.back().incomplete = true; }
    // The top level is a given subtree's root: its giver expanded it, so each enabled
    // transition not in `mine` is explored elsewhere, in the order of the giver's sleep sets.
    // Neither a race nor giving work away adds it here (that ran it twice: issue 20).
    void owned_elsewhere_top(const std::vector<Transition>& mine);
    // A state of the stack at `level` turned out to be seen before (a parallel search's late
    // answer), its summary unknown here: every level under it is expanded.
    void seen_elsewhere(std::size_t level);
    // The state of the stack at `level` turned out to be one this explorer alone explored
    // below before (a parallel search's late answer): the races of the levels under it with its
    // summary, as stopped_at, or seen_elsewhere if the summary is not known here.
    void revisited(std::size_t level, const snapshot::Fingerprint& state);
    // Another explorer explores below `state`: what this one stored of it is not all of it.
    void forget(const snapshot::Fingerprint& state);
    // Every enabled transition of `level` in its backtrack set.
    void expand(std::size_t level);
    const std::vector<Transition>& enabled_at(std::size_t level) const {
        return levels_[level].enabled;
    }

    std::size_t depth() const { return levels_.size(); }
    std::uint64_t races() const { return races_; }
    std::uint64_t full_expansions() const { return full_expansions_; }
    // Bytes held by the stored summaries (the pool and the per-state records).
    std::size_t summary_bytes() const;

private:
    using Bits = std::vector<std::uint64_t>;
    struct Level {
        snapshot::Fingerprint state;
        bool tracked = false;
        std::vector<Transition> enabled;
        Transition event;               // the transition taken from here, while a child is explored
        bool has_event = false;         // `event` is set
        Bits happens_before;            // the levels whose events happen before `event`
        SummaryPool::Set summary;       // executed below
        std::vector<std::size_t> heads; // cycle heads still on the stack (levels)
        bool expanded = false;          // every enabled transition added
        bool incomplete = false;        // shared search: some of the subtree is elsewhere
        std::vector<Transition> given;  // shared search: explored by another explorer
    };
    struct Stored {
        SummaryPool::Id summary = SummaryPool::kEmpty;
        std::vector<snapshot::Fingerprint> heads;
    };

    // Whether `later` (executed, waiting, or in a summary below) must stay after `earlier`:
    // space_.dependent, or what the two did to the processes conflicts (SearchSpace::effects).
    bool dependent(const Transition& earlier, const Transition& later) const;
    void race_waiting(const std::vector<Transition>& waiting);
    // In the backtrack set of `level`, or given away from it (explored elsewhere).
    bool tried(std::size_t level, const Transition& t);
    void add(std::size_t level, const Transition& t);
    void add_rank_or_all(std::size_t level, int rank);
    // The levels of the stack whose events race with `t` executed after the last event, and
    // (before_t) those whose events happen before it.
    void races_with(const Transition& t, Bits& before_t, std::vector<std::size_t>& out);
    // For each race of `t` (after the events below level `end`): an initial of notdep(e).t
    // in the backtrack set of e's state.
    void reverse(const Transition& t, const Bits& before_t, const std::vector<std::size_t>& racing,
                 std::size_t end);
    // False if some of what lies below `state` is not known here (shared search).
    // The first of the levels below `below` whose event is dependent with a transition of
    // another rank in `summary` (`below` if none): where stopped_at and revisited start
    // expanding.
    std::size_t first_racing_level(const SummaryPool::Set& summary, std::size_t below) const;
    bool collect(const snapshot::Fingerprint& state, SummaryPool::Set& summary,
                 std::vector<snapshot::Fingerprint>& seen);

    const SearchSpace& space_;
    bool state_matching_;
    Backtrack backtrack_;
    std::vector<Level> levels_;
    std::unordered_map<snapshot::Fingerprint, std::size_t, snapshot::FingerprintHash> on_stack_;
    SummaryPool pool_;
    std::unordered_map<snapshot::Fingerprint, Stored, snapshot::FingerprintHash> stored_;
    bool shared_ = false;
    // Shared search: states whose summary is incomplete here.
    std::unordered_set<snapshot::Fingerprint, snapshot::FingerprintHash> unknown_;
    std::uint64_t races_ = 0;
    std::uint64_t full_expansions_ = 0;
};

} // namespace rankfold::mc
