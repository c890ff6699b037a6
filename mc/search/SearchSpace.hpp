// What the explorer searches: a transition system with a current state that can be saved and
// restored. The MPI program (MpiSearchSpace) is one; unit tests use synthetic ones.
//
// The explorer knows nothing else about the states: their fingerprint, which transitions are
// enabled, which pairs are dependent, and whether a state is a violation all come from here.
#pragma once

#include "mc/search/Transition.hpp"
#include "snapshot/Fingerprint.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rankfold::mc {

class SearchSpace {
public:
    using Saved = std::size_t;
    virtual ~SearchSpace() = default;

    // The transitions enabled in the current state, in a fixed order (the order the explorer
    // tries them in). None: the state is final (every rank finished, or a deadlock).
    virtual void enabled(std::vector<Transition>& out) = 0;
    // The next transitions of processes that wait (disabled now), for source sets: one that an
    // earlier transition disabled races with it without ever running (SourceSets.hpp). A
    // space that cannot list them leaves `out` empty.
    virtual void waiting(std::vector<Transition>& out) { out.clear(); }
    // Whether source sets (SourceSets.hpp) are sound here: `dependent` makes a transition
    // dependent with those it enables, and `waiting` lists every disabled next transition; or
    // `effects` says which processes each executed transition affected.
    virtual bool source_sets_sound() const { return false; }
    // After execute: the processes the transition affected (Effects), its own included. Two
    // transitions of which neither affected the other's process nor a process the other
    // affected commute and do not enable each other. Unknown (both masks 0): the space does not
    // say, and its `dependent` covers enabling.
    virtual Effects effects() const { return {}; }
    // After execute: completes `t` (the transition just executed) with what its execution
    // showed that `dependent` reads (MpiSearchSpace: Transition::passive_targets). Sleep sets
    // keep transitions completed so.
    virtual void annotate(Transition& t) const { (void)t; }
    // Moves to the successor by `t`, which is enabled.
    virtual void execute(const Transition& t) = 0;
    // The current state ends its branch with a violation (reported through the explorer's
    // callback); a final state with unfinished ranks is one.
    virtual bool violated() = 0;
    // The current state's 128-bit fingerprint: equal states give equal fingerprints, and the
    // explorer takes equal fingerprints for equal states (VisitedStates says what that risks).
    virtual snapshot::Fingerprint fingerprint() = 0;
    // Whether the last transition may have led back to a state on the current path (a poll
    // that said "not yet"). Without state matching, the explorer fingerprints only such states,
    // to cut the cycles that would otherwise make a finite program's search endless.
    virtual bool may_repeat() { return false; }
    // Whether every transition enabled in the current state is a poll answering "not yet"
    // (none enabled: no). A region of such states that no run leaves is a polling deadlock,
    // which the explorer finds (PollRegions.hpp) and reports at one of its states after
    // calling polling_deadlock() there.
    virtual bool only_polls() { return false; }
    // The current state lies in a region of polls that no run leaves: from now on, violated()
    // says so (until the next execute or restore).
    virtual void polling_deadlock() {}
    // How many progress marks (rankfold_progress) the system has passed so far, counted up and
    // never rolled back by restore: the explorer compares it around each transition it takes.
    virtual std::uint64_t progress_marks() { return 0; }
    // Whether the order of a and b can matter. Must be symmetric; transitions of one rank are
    // always dependent.
    virtual bool dependent(const Transition& a, const Transition& b) const = 0;

    // Parallel search (Explorer::donate): whether the transitions `todo` of one state may be
    // tried in different processes. A space whose judgement of a state needs all of them tried
    // in one process (MpiSearchSpace: a polling deadlock) says no.
    virtual bool divisible(const std::vector<Transition>& todo) const {
        (void)todo;
        return true;
    }

    virtual Saved save() = 0;
    virtual void restore(Saved saved) = 0;
    virtual void discard(Saved saved) = 0;
};

} // namespace rankfold::mc
