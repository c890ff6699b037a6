// The simulated OpenSHMEM runtime's state: per PE, its life cycle, its symmetric heap and the
// collective it is in. A value type like MpiWorld (which holds it, so that it is copied into
// every snapshot, compared and hashed with the MPI world). The data itself — symmetric
// variables and heap blocks — lives in the PEs' memory, which snapshots capture anyway.
//
// Collectives are counted per team and member: the n-th collective of a member completes once
// every member has entered its n-th, which is then checked for agreement (the same operation,
// size, root, operator). The world ones (barrier_all, the allocation calls, finalize) are
// collectives of SHMEM_TEAM_WORLD. A data-moving collective moves its data when its last
// member enters, while the others wait: no member can change its source before then.
#pragma once

#include "simulated-mpi/interface/Misuse.hpp"
#include "simulated-mpi/interface/Progress.hpp"
#include "simulated-shmem/interface/ShmemCall.hpp"
#include "simulated-shmem/interface/SymmetricHeap.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rankfold::shmem {

// What a member entered its n-th collective of a team with.
struct CollectiveEntry {
    ShmemOp op = ShmemOp::None;
    std::size_t size = 0;    // bytes (allocations), bytes of an element (data collectives)
    std::size_t count = 0;   // elements (Collect: this member's own, which may differ)
    int root = 0;            // Broadcast: PE_root; TeamSplit: start
    std::int64_t stride = 0; // TeamSplit: stride; Alltoalls: dst
    std::int64_t extent = 0; // TeamSplit: size; TeamSplit2d: xrange; Alltoalls: sst
    std::uint32_t kind = 0;  // Reduce: operator and type
    int created = -1;        // TeamSplit, TeamSplit2d: the first team made, once made
    friend bool operator==(const CollectiveEntry&, const CollectiveEntry&) = default;
};

struct TeamMember {
    int pe = 0;                    // in the world
    bool destroyed = false;        // shmem_team_destroy by this member
    std::uint64_t collectives = 0; // collectives of the team entered
    CollectiveEntry current{};     // the last one entered
    CollectiveEntry previous{};    // the one before (others may still be completing it)
    friend bool operator==(const TeamMember&, const TeamMember&) = default;
};

// A team: its members in team order. Handles index ShmemWorld's teams (0 is the world, 1 the
// PEs sharing memory: every PE, since they are one process).
struct Team {
    std::vector<TeamMember> members;
    bool active_set = false; // made for a 1.4 active set, found again by its members
    // The team number of world PE `pe`, or -1.
    int index_of(int pe) const;
    friend bool operator==(const Team&, const Team&) = default;
};

// Applies a non-fetching atomic to the target's element `at` with the operand's bytes.
using AtomicUpdate = void (*)(void* at, const void* operand);

// A put (any form) or non-fetching atomic of a PE, issued and not yet landed at its target
// (ShmemDelivery.cpp). The source was read at the call, as a blocking put does.
struct PendingPut {
    int target = 0;                // world PE
    std::uintptr_t at = 0;         // the target's copy of the destination
    std::vector<std::byte> data;   // the bytes to write, or the atomic's operand
    AtomicUpdate update = nullptr; // an atomic: how it combines with the target's value
    std::uint32_t combine = 0;     // an atomic that commutes with those of an equal tag (0: none)
    std::uintptr_t signal_at = 0;  // put-with-signal: the target's signal word (0: none)
    std::uint64_t signal = 0;
    bool signal_add = false; // SHMEM_SIGNAL_ADD (else SET)
    std::uintptr_t site = 0; // the call, for reports
    int context = 0;         // the origin's context it was issued on (0: SHMEM_CTX_DEFAULT)
    friend bool operator==(const PendingPut&, const PendingPut&) = default;
};

// Whether `put` writes any of [begin, end) of its target (its data, or its signal word).
inline bool put_overlaps(const PendingPut& put, std::uintptr_t begin, std::uintptr_t end) {
    const bool data = !put.data.empty() && put.at < end && begin < put.at + put.data.size();
    const bool signal = put.signal_at != 0 && put.signal_at < end && begin < put.signal_at + 8;
    return data || signal;
}

// A communication context a PE created (shmem_ctx_create, shmem_team_create_ctx). Its handle
// is its place in PeState::contexts plus one (0 is SHMEM_CTX_DEFAULT, which has no entry); a
// destroyed one keeps its place until a later create takes it again.
struct ShmemContext {
    bool alive = false;
    int options = 0; // SHMEM_CTX_SERIALIZED | SHMEM_CTX_PRIVATE | SHMEM_CTX_NOSTORE
    int team = 0;    // the team whose PE numbers its operations use (SHMEM_TEAM_WORLD)
    friend bool operator==(const ShmemContext&, const ShmemContext&) = default;
};

// The fetch buffer of a nonblocking fetching atomic (shmem_TYPE_atomic_fetch_add_nbi ...): the
// operation was done at its call, but the program may not touch *fetch before the next quiet
// of its context (OpenSHMEM 1.5 §9.8), so the race monitor watches it until then
// (mc/system/PendingBuffers.cpp).
struct PendingFetch {
    std::uintptr_t buffer = 0;
    std::size_t bytes = 0;
    int context = 0;
    std::uintptr_t site = 0;
    const char* name = ""; // the routine, for reports
    friend bool operator==(const PendingFetch&, const PendingFetch&) = default;
};

struct PeState {
    bool initialized = false;
    bool finalized = false;
    SymmetricHeap heap;
    // This PE's puts and atomics on their way, in the order issued: of those to one target on
    // one context only the oldest may land (they land in order, which shmem_fence would ask
    // for anyway; contexts are independent streams, OpenSHMEM 1.5 §9.4).
    std::vector<PendingPut> pending;
    std::vector<ShmemContext> contexts; // the contexts it created
    std::vector<PendingFetch> fetches;  // nonblocking fetching atomics not quieted yet
    friend bool operator==(const PeState&, const PeState&) = default;
};

struct ShmemFailure {
    mpi::Misuse misuse;
    std::string message;
};

class ShmemWorld {
public:
    explicit ShmemWorld(int pes = 0);

    int size() const { return static_cast<int>(pes_.size()); }
    PeState& pe(int pe) { return pes_[static_cast<std::size_t>(pe)]; }
    const PeState& pe(int pe) const { return pes_[static_cast<std::size_t>(pe)]; }
    // The team a handle names, if it is one (alive or not: see TeamMember::destroyed).
    const Team* team(int handle) const;
    Team* team(int handle);
    int teams() const { return static_cast<int>(teams_.size()); }
    // The team of the 1.4 active set {start + k * stride, k < size}, made the first time one
    // of its PEs calls a collective on it (a PE outside the world is the caller's to refuse).
    int active_set(int start, int stride, int size);
    // Whether a put or atomic of a PE other than `reader` to [begin, end) of `target` is on its
    // way (a get or fetching atomic of `reader` there reads a value the explorer chooses).
    bool put_pending(int reader, int target, std::uintptr_t begin, std::uintptr_t end) const;
    // The handles of the live contexts `pe` created from team `team` (shmem_team_create_ctx),
    // which shmem_team_destroy destroys with the team (OpenSHMEM 1.5 §9.4.2).
    std::vector<int> team_contexts(int pe, int team) const;

    // Whether any PE has called shmem_init (an MPI-only program leaves the world untouched).
    // Kept as a flag (read several times per step of every MPI program, through
    // MpiWorld::landings_possible): shmem_init is the one place a PE's `initialized` changes.
    bool used() const { return used_; }

    // ---- visible calls (CallKind::Shmem) -----------------------------------------------------
    // Failed sets `failure`.
    mpi::Progress issue(int pe, const ShmemCall& call, std::optional<ShmemFailure>& failure);
    bool ready(int pe, const ShmemCall& call) const;
    mpi::Progress complete(int pe, ShmemCall& call, std::optional<ShmemFailure>& failure);

    // Why `pe` still waits (deadlock reports): the condition and the value seen; `variable`
    // names the address waited on when the checker knows its name.
    std::string waiting_for(int pe, const ShmemCall& call, const std::string& variable = "") const;

    // ---- delivery of puts and atomics (ShmemDelivery.cpp) -------------------------------------
    // Queues a put or atomic of `origin`; one to the origin itself lands at once.
    void post(int origin, PendingPut put);
    // Lands the oldest pending put of `origin` to `target` on `context`; false with the reason
    // when there is none. `site` is its call.
    bool land_oldest(int origin, int target, int context, std::string& why, std::uintptr_t& site);
    // Lands every pending put of `origin` on `context` (kAllContexts: on every one), in order.
    static constexpr int kAllContexts = -1;
    void land_all(int origin, int context = kAllContexts);
    // Whether `call` of `pe` lands its pending puts before the PE can run on (quiet, and the
    // calls that start with one).
    static bool completes_puts(const ShmemCall& call) {
        return call.op == ShmemOp::Quiet || call.completes_puts;
    }
    // Which of the PE's contexts `call` completes: ShmemCall::context for a quiet (of one
    // context), every one for the calls that start with a quiet (see ApiSetup.cpp).
    static int completed_context(const ShmemCall& call) {
        return call.op == ShmemOp::Quiet ? call.context : kAllContexts;
    }
    // Whether `put` is one that `call` completes (completes_puts(call) assumed).
    static bool completes(const ShmemCall& call, const PendingPut& put) {
        const int c = completed_context(call);
        return c == kAllContexts || c == put.context;
    }

    friend bool operator==(const ShmemWorld&, const ShmemWorld&) = default;
    std::uint64_t hash() const;

private:
    // The entry of member `m` for collective number `n` (1-based), if it has entered it.
    static const CollectiveEntry* entry(const TeamMember& m, std::uint64_t n);
    // The last member has entered collective `n` of `team`: move its data, make its teams.
    void perform(Team& team, std::uint64_t n, const ShmemCall& call, int caller);
    void split(Team& parent, const ShmemCall& call);
    std::vector<PeState> pes_;
    std::vector<Team> teams_;
    bool used_ = false; // some PE's `initialized` (see used())
};

} // namespace rankfold::shmem
