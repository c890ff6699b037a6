// Remote races (sub-kind remote): a one-sided operation occupies its target bytes from its
// issue until the target, or whoever touches the bytes next, knows it is complete. An access
// of the target rank to those bytes, or another operation on them, where one of the two
// writes and they are not compatible atomics, that does not know of the completion is a race:
// it is ordered neither before the issue (it came later in the trace, so it cannot be) nor
// after the completion.
//
// Happens-before is a vector clock projected on the events that still matter: a past event
// can only order a future one if it is the completion of an operation still live, so the state
// keeps, per live operation, which ranks know of its completion and which synchronisation
// tokens (messages in flight, collectives, locks) carry that knowledge. Joining a clock is
// or-ing those sets. An operation every rank knows complete orders everything to come and is
// dropped, so that a program between epochs has no race state at all (nothing in the
// fingerprint, no new states).
#pragma once

#include "properties/RemoteOrderEvents.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rankfold::properties::races {

// A rank's own loads and stores of its exposed (window) memory between two of its
// synchronisations: a later one-sided operation on those bytes races with them unless its
// origin knows of them (the same knowledge as an operation's completion: knowers, carriers).
//
// `shared`: direct stores of a rank into a shared-memory window (any member's segment),
// against the direct loads and stores of every other rank: a race unless
// ordered by the unified model's rule (MPI 3.1 §11.7): the accessing rank's memory sync after
// them (MPI_Win_sync or a call implying one: `published`), then synchronisation to the other
// rank (a message, barrier, lock, an atomic it reads), then a memory sync of that rank (until
// then it is `learning`). The same accesses, and the rank's loads there, are also in a plain
// record (shared false), which one-sided operations and other ranks' later stores (for its
// loads) are checked against as for any window (MPICH's shared-window tests order a store and
// a later put, or a load and a later store, by a barrier alone).
// The bit of a join's token that tells its odd instances from its even ones (RemoteRaces::sync).
constexpr std::uint64_t kJoinInstanceBit = 1ULL << 55U;

struct TargetAccesses {
    int rank = -1;
    std::vector<ByteRange> reads;  // ascending, disjoint
    std::vector<ByteRange> writes; // ascending, disjoint
    std::uintptr_t read_site = 0;  // the first load's line
    std::uintptr_t write_site = 0; // the first store's line
    const char* read_routine = ""; // "memcpy" when a library routine read, "" for a load
    const char* write_routine = "";
    std::uint64_t knowers = 0;
    std::vector<std::uint64_t> carriers;
    bool shared = false;
    bool published = false;     // shared: its rank made a memory sync since
    std::uint64_t learning = 0; // shared: ranks that acquired it, before their memory sync
    friend bool operator==(const TargetAccesses&, const TargetAccesses&) = default;
};

struct RemoteOp {
    int origin = -1;
    int target = -1;
    std::uint64_t window = 0;
    ByteRange bytes;
    bool writes = false;
    bool atomic = false;
    std::uint64_t atomic_op = 0;
    std::uint64_t atomic_type = 0;
    bool no_op = false;
    std::uintptr_t site = 0;
    std::string name;
    bool completed = false;
    // OpenSHMEM (ShmemOrder.cpp): whether this operation itself landed, and how many fences
    // of its origin on its window came after its issue, densely ranked among the live
    // operations of one origin, target and window (only their order matters: an operation
    // with more is fence-ordered before one with fewer).
    bool landed = false;
    std::uint32_t fences = 0;
    std::uint64_t knowers = 0;           // ranks that know it complete (bit r: rank r)
    std::vector<std::uint64_t> carriers; // tokens carrying that knowledge, ascending
    friend bool operator==(const RemoteOp&, const RemoteOp&) = default;
};

// Whether two accesses to the same bytes conflict (Schwitanski, Table 2.2): one writes, and
// they are not two atomics of the same type with the same operator or MPI_NO_OP.
bool remote_conflict(const RemoteOp& a, const RemoteOp& b);

// Whether live OpenSHMEM operation `earlier` is fence-ordered before a new operation `later`
// of the same origin, target and window (a fence of the origin came between them): two such
// puts to the same bytes do not race (Schwitanski, Fig. 2.9b and R6).
bool fence_ordered(const RemoteOp& earlier, const RemoteOp& later);

// A conflict found: the live operation (or the target's earlier accesses) and the bytes both
// touch.
struct RemoteConflict {
    const RemoteOp* op = nullptr;
    const TargetAccesses* earlier = nullptr; // set instead of op: the access came first
    bool earlier_write = false;
    ByteRange bytes;
};

class RemoteRaces {
public:
    RemoteRaces() = default;
    explicit RemoteRaces(int ranks)
        : ranks_(ranks), exposed_(static_cast<std::size_t>(ranks)),
          shared_(static_cast<std::size_t>(ranks)), inside_(static_cast<std::size_t>(ranks), 0) {}

    // A new operation: the live one it races with, if any (then it is not recorded).
    std::optional<RemoteConflict> issue(const RemoteOpEvent& e);
    void complete(const RemoteCompletionEvent& e);
    void sync(const SyncEvent& raw);
    // A load or store of `rank` on its own bytes: the live operation it races with, if any.
    std::optional<RemoteConflict> access(int rank, ByteRange bytes, bool write) const;
    // The memory `rank` exposes to one-sided operations (its windows), in full, and the
    // shared-memory windows' bytes it may load and store directly.
    void expose(int rank, std::vector<ByteRange> bytes, std::vector<ByteRange> shared = {});
    // Remembers a load or store of exposed memory until every rank is ordered after it.
    void record(int rank, ByteRange bytes, bool write, std::uintptr_t site, const char* routine);
    // record, then access: the race monitor's path for every access of exposed memory, which
    // looks the bytes up among the shared-memory windows once for both.
    std::optional<RemoteConflict> record_and_check(int rank, ByteRange bytes, bool write,
                                                   std::uintptr_t site, const char* routine);

    // The fast path of a rank walking its own exposed memory (RaceMonitor's access run,
    // RemoteRacesRecord.cpp). The index of the record a load or store of `rank` outside
    // shared-memory windows grows now (its open one), if any.
    std::optional<std::size_t> open_record(int rank) const;
    // The bytes around `bytes` (an access of `rank` that raced with nothing) where a load, or
    // a store with `write`, of `rank` can race with no live operation and goes into the plain
    // record only: within one exposed range, outside every shared-memory window, clear of each
    // live operation it would conflict with. Empty when `bytes` are not such bytes.
    ByteRange quiet_around(int rank, ByteRange bytes, bool write) const;
    // Grows open record `record` by `bytes` when they start within its last range of their
    // kind (add_range's fast path) and returns true; false, changing nothing, otherwise.
    // `record` follows the record if covered ones before it are dropped.
    bool extend_open(std::size_t& record, ByteRange bytes, bool write);

    // The smallest range holding the bytes live operations occupy at `rank` ({0,0}: none).
    ByteRange hull(int rank) const;
    bool empty() const { return ops_.empty() && accesses_.empty(); }
    bool exposes_nothing() const;
    const std::vector<RemoteOp>& live() const { return ops_; }
    const std::vector<TargetAccesses>& accesses() const { return accesses_; }
    const std::vector<std::vector<ByteRange>>& exposed() const { return exposed_; }
    const std::vector<std::vector<ByteRange>>& shared() const { return shared_; }
    const std::vector<std::uint64_t>& odd_joins() const { return odd_; }
    // By rank: the token of the join it arrived at and has not departed yet (0: none).
    const std::vector<std::uint64_t>& inside_joins() const { return inside_; }
    // Whether `rank` is inside join `token`, whichever instance (the emitter's token, without
    // the instance bit sync() adds).
    bool inside_join(int rank, std::uint64_t token) const {
        if (rank < 0 || rank >= static_cast<int>(inside_.size()) || token == 0) return false;
        return (inside_[static_cast<std::size_t>(rank)] & ~kJoinInstanceBit) ==
               (token & ~kJoinInstanceBit);
    }
    int ranks() const { return ranks_; }
    void clear() {
        ops_.clear();
        accesses_.clear();
        for (auto& e : exposed_) e.clear();
        for (auto& e : shared_) e.clear();
        odd_.clear();
        std::fill(inside_.begin(), inside_.end(), 0);
    }

    friend bool operator==(const RemoteRaces&, const RemoteRaces&) = default;

private:
    bool knows(const RemoteOp& op, int rank) const;
    // ShmemOrder.cpp: a landing (which operation landed, what its carrier carries), a fence,
    // and the dense ranking of fence counts.
    void shmem_landing(const RemoteCompletionEvent& e);
    void shmem_fence(const RemoteCompletionEvent& e);
    void rank_fences();
    bool in_shared(int rank, ByteRange bytes) const;
    void record(int rank, ByteRange bytes, bool write, std::uintptr_t site, const char* routine,
                bool shared);
    std::optional<RemoteConflict> access(int rank, ByteRange bytes, bool write, bool shared) const;
    void record_into(int rank, ByteRange bytes, bool write, std::uintptr_t site,
                     const char* routine, bool shared);
    // Another rank's direct access to shared bytes that `rank`'s access races with.
    std::optional<RemoteConflict> shared_conflict(int rank, ByteRange bytes, bool write) const;
    // Drops the records open record `keep` now makes redundant (it grew); `keep` follows it.
    void drop_covered_by(std::size_t& keep);
    void drop_known();

    int ranks_ = 0;
    std::vector<RemoteOp> ops_; // in issue order
    std::vector<TargetAccesses> accesses_;
    std::vector<std::vector<ByteRange>> exposed_; // by rank: its windows' bytes, normalized
    std::vector<std::vector<ByteRange>> shared_;  // by rank: shared windows' bytes, normalized
    // The joins whose current instance is odd for a rank ((rank << 56) | join, ascending): a
    // rank may arrive at a join's next instance before another departs this one, and the two
    // must not share a token. Barrier-like joins are at most one instance apart.
    std::vector<std::uint64_t> odd_;
    // A rank blocked in a join acts next by departing it (FutureKey.cpp relies on that). The
    // emitters leave joins out while nothing is followed (RaceMonitor::follows_joins and
    // remote_empty both false): then a departure may go unseen, so this is forgotten.
    std::vector<std::uint64_t> inside_;
};

} // namespace rankfold::properties::races
