// The visited-state set of a parallel search, partitioned by fingerprint: each state has one
// owner worker, whose store alone decides whether the state is new, with the sleep-set-aware
// caching rule of VisitedStates (EXPLORATION.md §4). So exactly one worker is told "new" per
// distinct state, and the sum of the workers' state counts is the sequential count.
//
// A worker asks the owner of every state it reaches (a Visit message, answered with the
// transitions still needed) without waiting: the explorer goes on as if the state were new and
// is told the answer later (Explorer::settle; StateStore::Answer::Pending), so that a worker
// never idles for a round trip. Where its own cache already answers, it does not ask: it remembers,
// per foreign state it visited, a superset of the sleep set the owner holds (the owner keeps the
// intersection of all the visits' sleep sets, so each visit's own set is a bound). Reached again
// with a sleep set containing that bound, nothing is needed and the owner's set would not
// change: a leaf, without a message.
//
// Under source sets (track_explorers) the owner also remembers which workers were told to
// explore below each state (a first visit, or one that still needed something), so that a
// revisit's summary can be trusted where only the asker explored there (Reply::elsewhere,
// SourceSets::revisited), and a state of its own another worker is told to explore below has
// its summary here forgotten (the explored_elsewhere handler).
#pragma once

#include "mc/parallel/Message.hpp"
#include "mc/parallel/Transport.hpp"
#include "mc/search/Subtree.hpp"
#include "mc/search/VisitedStates.hpp"

#include <functional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace rankfold::mc::parallel {

struct OwnerCounters {
    std::uint64_t asked = 0;      // Visit messages sent
    std::uint64_t cache_hits = 0; // visits of foreign states answered by the cache
    std::uint64_t answered = 0;   // Visit messages answered for others
    std::uint64_t owned = 0;      // states this worker's store holds
};

class StateOwner final : public StateStore {
public:
    struct Reply {
        std::uint64_t request = 0;
        bool fresh = false;
        SleepSet needed;
        // Some worker other than the asker was told to explore below the state before.
        bool elsewhere = true;
        snapshot::Fingerprint state;
    };
    explicit StateOwner(Transport& transport) : transport_(transport) {}
    // Remember who explored below each state; `handler` hears of each state another worker
    // is told to explore below, where this worker explored before (it owns the state, or a
    // Forget message came from the owner).
    void track_explorers(std::function<void(const snapshot::Fingerprint&)> handler) {
        tracking_ = true;
        explored_elsewhere_ = std::move(handler);
    }

    static int owner_of(const snapshot::Fingerprint& state, int workers) {
        return static_cast<int>(state.high % static_cast<std::uint64_t>(workers));
    }

    Answer visit(const snapshot::Fingerprint& state, const SleepSet& sleep, SleepSet& still_needed,
                 std::uint64_t& ticket) override;
    // A Visit message (after its kind byte): answered.
    void answer(int from, MessageReader& message);
    // A VisitReply message: kept until take_replies.
    void on_reply(MessageReader& message);
    // The answers that have come, for Explorer::settle.
    std::vector<Reply> take_replies() { return std::exchange(replies_, {}); }
    // Visits asked about and not answered yet.
    std::uint64_t outstanding() const { return outstanding_; }

    const OwnerCounters& counters() const { return counters_; }
    std::size_t store_bytes() const;

private:
    // With tracking: records that `worker` visited `state` and is told to explore below it (if
    // `explores`: then every other worker that may hold a summary of it is told to forget it);
    // returns whether a worker other than `worker` was told to explore below it before.
    bool explorers(const snapshot::Fingerprint& state, int worker, bool explores);

    Transport& transport_;
    VisitedStates local_; // the states this worker owns
    bool tracking_ = false;
    // Per owned state, a bit per worker (all bits past 63): told to explore below it, and
    // visited it (a worker goes on below a state before the answer comes, so it may hold a
    // summary of it either way).
    struct Workers {
        std::uint64_t explored = 0;
        std::uint64_t visited = 0;
    };
    std::unordered_map<snapshot::Fingerprint, Workers, snapshot::FingerprintHash> explorers_;
    std::function<void(const snapshot::Fingerprint&)> explored_elsewhere_;
    // Foreign states visited: a superset of the owner's sleep set for each.
    std::unordered_map<snapshot::Fingerprint, SleepSet, snapshot::FingerprintHash> cache_;
    std::vector<Reply> replies_;
    std::uint64_t outstanding_ = 0;
    std::uint64_t next_request_ = 1;
    OwnerCounters counters_;
};

} // namespace rankfold::mc::parallel
