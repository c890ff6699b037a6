// One step the explorer chooses: an outcome MPI leaves open (EXPLORATION.md §1). Everything
// between two such choices is the deterministic closure and is not a transition of the search.
//
// A transition names its owner rank, the object it acts on and the outcome, so that the "same"
// transition can be recognised in a successor state (sleep sets) and written to a trace file.
#pragma once

#include <cstdint>
#include <string_view>

namespace rankfold::mc {

enum class TransitionKind : std::uint8_t {
    WildcardMatch,   // an ANY_SOURCE receive takes the oldest pending message of one sender
                     // (or a match held because one side's MPI_Cancel is pending is made)
    ProbeReport,     // a blocking ANY_SOURCE probe reports the message of one sender
    CompletionPick,  // Waitany/Waitsome return this request (or set of requests)
    TestOutcome,     // Test/Testany/Testsome/Testall/Iprobe: "not yet" or one way of "done"
    SendBuffering,   // --buffering both: a standard-mode send is buffered, or waits for its match
    LockGrant,       // an RMA lock request (MPI_Win_lock, MPI_Win_lock_all) is granted
    RemoteLanding,   // a pending RMA operation of a passive target epoch lands at its target
    LandingDeferred, // a rank takes its next step while landings it could observe are pending
    CancelOutcome,   // an MPI_Cancel succeeds: the unmatched operation is taken back
};
inline constexpr int kTransitionKinds = 9;

// What a transition's closure did to the processes, bit p for process p (all bits: every
// one; all 0: the space does not say). `ran`: every choice of the process may have changed (its
// code ran, or messages reached or left its queue). `resumed`: its code ran only because the
// closure completed a blocking call of it that ends the same in either order: what it then
// does comes after this transition, what it did before does not conflict. `requests`: requests
// of it completed, which changes only the steps in `observed` (of this or another transition):
// those that looked at their requests or queue without blocking.
struct Effects {
    std::uint64_t ran = 0;
    std::uint64_t resumed = 0;
    std::uint64_t requests = 0;
    std::uint64_t observed = 0;
    bool known() const { return (ran | resumed | requests | observed) != 0; }
    // A transition taken several times keeps every effect it had.
    Effects& operator|=(const Effects& other) {
        ran |= other.ran;
        resumed |= other.resumed;
        requests |= other.requests;
        observed |= other.observed;
        return *this;
    }
};

// Process p's bit in an Effects mask; processes past 64 share no bit: one of them stands for
// every process.
constexpr std::uint64_t process_bit(int p) {
    return p >= 0 && p < 64 ? std::uint64_t{1} << static_cast<unsigned>(p) : ~std::uint64_t{0};
}

struct Transition {
    TransitionKind kind = TransitionKind::WildcardMatch;
    int rank = -1;   // whose choice it is
    int object = -1; // WildcardMatch: the receive's request slot; CancelOutcome: the cancelled
                     // request's slot; otherwise -1 (the rank's call)
    int outcome = 0; // WildcardMatch/ProbeReport: the sender (world rank); CompletionPick: the
                     // request index (Waitany) or bit set of completed requests (Waitsome);
                     // TestOutcome: 0 "not yet", k > 0 the k-th way of "done";
                     // SendBuffering: 1 buffered, 0 waits for the match;
                     // LockGrant: lock_grant_outcome() (object: the window);
                     // RemoteLanding: the target's world rank (rank: the origin; object: the
                     // window); LandingDeferred: 0; CancelOutcome: the rank whose queue
                     // holds the operation (a send's receiver, or the rank itself)
    // WildcardMatch: the match itself (the receive's and the message's ids), found once when
    // the choices are listed and applied as is when taken. Not part of the transition's
    // identity: a trace file does not carry them, and replay finds them among the choices.
    // RemoteLanding: the target's bytes [receive_id, message_id) and landing_access() (found
    // when the choices are listed, for the footprint; not part of the identity either).
    std::uint64_t receive_id = 0;
    std::uint64_t message_id = 0;
    std::uint32_t detail = 0;
    // The world ranks (process_bit) the transition's closure addresses RMA operations of
    // passive target epochs to (transitions/PassiveTargets.hpp): as listed, every rank some
    // rank holds or waits for a lock on (what it may do); once executed, those it did
    // (SearchSpace::annotate). Not part of the identity either.
    std::uint64_t passive_targets = 0;
    // Once executed: the ranks whose code its closure ran (process_bit); 0 before.
    std::uint64_t ran = 0;
    // Source sets: what the transition's closure did to other processes where it was taken
    // (SearchSpace::effects). Not part of the identity either: it describes one execution.
    Effects effects{};
    friend bool operator==(const Transition& a, const Transition& b) {
        return a.kind == b.kind && a.rank == b.rank && a.object == b.object &&
               a.outcome == b.outcome;
    }
};

// A test's "not yet": the one choice that can lead back to the state it was taken in.
constexpr bool is_not_yet(const Transition& t) {
    return t.kind == TransitionKind::TestOutcome && t.outcome == 0;
}

// A LockGrant's outcome: the target (-1 for MPI_Win_lock_all) and whether the lock excludes.
constexpr int lock_grant_outcome(int target, bool exclusive) {
    return (target + 1) * 2 + (exclusive ? 1 : 0);
}
constexpr int lock_grant_target(int outcome) {
    return outcome / 2 - 1;
}
constexpr bool lock_grant_exclusive(int outcome) {
    return (outcome & 1) != 0;
}

// A RemoteLanding's `detail`: whether it writes the target's bytes, whether it writes the
// origin's result buffer, and the tag under which accumulates commute (0: none).
constexpr std::uint32_t landing_detail(bool writes, bool fetches, std::uint32_t combine) {
    return (writes ? 1U : 0U) | (fetches ? 2U : 0U) | (combine << 2);
}
constexpr bool landing_writes(std::uint32_t detail) {
    return (detail & 1U) != 0;
}
constexpr bool landing_fetches(std::uint32_t detail) {
    return (detail & 2U) != 0;
}
constexpr std::uint32_t landing_combine(std::uint32_t detail) {
    return detail >> 2;
}

std::string_view kind_name(TransitionKind kind);
bool parse_kind(std::string_view name, TransitionKind& kind);

} // namespace rankfold::mc
