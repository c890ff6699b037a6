// Deadlocks hidden in polling loops: a state whose every enabled transition is a poll answering
// "not yet" (SearchSpace::only_polls), from which only such states can be reached. The ranks
// then poll forever and nothing else can ever happen, although none is formally blocked. A
// loop that flips a flag at each poll goes round a cycle of such states instead of coming back
// to the one it polled in, so the region, not one state, is what must be closed.
//
// Found on the explorer's depth-first search by Tarjan's strongly connected components: every
// expanded state is a node (an index, a lowlink); a state that is not poll-only, a violation, a
// final state or a leaf of any other kind "escapes", and so does every state that reaches one.
// When a component's root is left, all it reaches is known: a component that does not escape
// is a closed region of poll-only states, the deadlock. What this needs of the search: every
// enabled transition of a poll-only state is tried (the explorer ignores sleep sets and source
// sets there), and every poll-only state seen again is one this search expanded (state
// matching, one explorer). States that are not poll-only need none of it: a state that reaches
// one escapes whatever else it reaches, so the edges sleep sets leave out there do not matter.
//
// Cost without polls: an index per expanded state, no lookup.
#pragma once

#include "snapshot/Fingerprint.hpp"

#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace rankfold::mc {

class PollRegions {
public:
    // One expanded state of the search stack.
    struct Node {
        std::uint64_t index = 0;
        std::uint64_t low = 0; // the lowest index of an open component it reaches
        bool escapes = false;  // it reaches (or is) a state that is not poll-only
    };

    // A state expanded for the first time. Poll-only states are remembered, since the search
    // may come back to them; any other state escapes by itself.
    Node enter(const snapshot::Fingerprint& state, bool poll_only);
    // The parent's child was a leaf other than a poll-only state seen before.
    static void leaf(Node& parent) { parent.escapes = true; }
    // The parent's child was the poll-only `state`, seen before: in a component still open, it
    // joins it; in a complete one, or unknown here, it escapes.
    void seen(Node& parent, const snapshot::Fingerprint& state);
    // `node` is left, every child done. True when it closes a component that does not escape:
    // a polling deadlock, with `node`'s state in it. `parent` (null for the root) learns what
    // it reaches.
    bool leave(const Node& node, Node* parent);

    // Poll-only states remembered.
    std::size_t polls() const { return polls_.size(); }
    void clear();

private:
    enum class Status : std::uint8_t { Open, Escapes, Stuck };
    struct Entry {
        std::uint64_t index = 0;
        Status status = Status::Open;
    };
    std::unordered_map<snapshot::Fingerprint, Entry, snapshot::FingerprintHash> polls_;
    // Tarjan's stack, poll-only states only: those of components not yet complete, in index
    // order (a state that is not poll-only escapes and is looked up by no one).
    std::vector<std::pair<std::uint64_t, snapshot::Fingerprint>> open_;
    std::uint64_t next_ = 0;
};

} // namespace rankfold::mc
