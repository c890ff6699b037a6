// The summaries of source sets under state matching (SourceSets.hpp), kept small.
//
// A summary is the set of transitions executed below a state, each with every effect it had
// (effects of one transition executed several times are or-ed). Kept as plain Transitions
// (72 bytes each) for every visited state, they cost about 1 GiB on the client/server
// workload at 20 requests: the states are many, and the summaries near the root hold nearly
// every transition of the program. Two things make them small:
//   - an entry is 8 bytes: the transition's identity (every field but the effects) and its
//     effects are each interned once for the whole search, and an entry is the pair of ids;
//   - a stored summary is shared: equal summaries (sibling and ancestor states mostly have
//     the same) are kept once, with a count of the states that use them, and freed when no
//     state does any more.
// The set semantics are those of the plain vectors before: one entry per identity, effects
// or-ed, so dependency checks against a summary answer exactly as they did.
#pragma once

#include "mc/search/Transition.hpp"

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace rankfold::mc {

class SummaryPool {
public:
    // (identity id << 32) | effects id; a set is sorted, so by identity, one entry for each.
    using Entry = std::uint64_t;
    using Set = std::vector<Entry>;
    // A shared stored set; 0 is the empty set (never stored).
    using Id = std::uint32_t;
    static constexpr Id kEmpty = 0;

    // `t` in `set`, its effects or-ed into those of the same identity if already there.
    void insert(Set& set, const Transition& t);
    void unite(Set& into, const Set& from);
    // Whether uniting `part` into `whole` would leave `whole` as it is (every entry of `part`
    // is in `whole`, its effects among those there): the common case, checked without a copy.
    bool covers(const Set& whole, const Set& part) const;
    // The transition an entry stands for, with its effects.
    Transition transition(Entry e) const;

    // A stored set for `set` (one more user of it); equal sets get the same id.
    Id share(const Set& set);
    // One user fewer: the set is freed when none is left.
    void release(Id id);
    const Set& set(Id id) const { return slots_[id].set; }

    // Bytes held by the tables and the stored sets (for the statistics and the tests).
    std::size_t bytes() const;
    std::size_t stored_sets() const { return slots_.size() - 1 - free_.size(); }
    void clear();

private:
    struct IdentityHash {
        std::size_t operator()(const Transition& t) const noexcept;
    };
    struct IdentityEqual {
        bool operator()(const Transition& a, const Transition& b) const noexcept;
    };
    struct EffectsHash {
        std::size_t operator()(const Effects& e) const noexcept;
    };
    struct EffectsEqual {
        bool operator()(const Effects& a, const Effects& b) const noexcept;
    };
    struct Slot {
        Set set;
        std::uint64_t hash = 0;
        std::uint32_t users = 0;
    };

    Entry entry(const Transition& t);
    std::uint32_t effects_id(const Effects& e);
    Entry merged(Entry a, Entry b); // same identity: the effects or-ed

    std::unordered_map<Transition, std::uint32_t, IdentityHash, IdentityEqual> identity_ids_;
    std::vector<Transition> identities_; // effects zero
    std::unordered_map<Effects, std::uint32_t, EffectsHash, EffectsEqual> effects_ids_;
    std::vector<Effects> effects_;
    std::vector<Slot> slots_{Slot{}}; // slot 0: the empty set
    std::vector<Id> free_;
    std::unordered_multimap<std::uint64_t, Id> by_hash_;
};

} // namespace rankfold::mc
