// The simulated MPI runtime: every rank's requests, the message queues, the attached buffers,
// the communicators. A value type: copying it copies the whole network state, which is how the
// checker snapshots it. It knows nothing of the scheduler: the scheduler asks what a call would
// do (issue, ready, complete, matches) and decides when each step happens.
//
// The world is an aggregate of parts with one job each, and forwards the checker's calls to
// them: WorldCore (each rank's own state and local tables, the request table, the
// communicators, failures), PointToPoint (posting, matching, delivery, persistent requests, the
// Bsend buffer) and Collectives (checks, filing parts, running an operation; one function per
// family, and CommConstruction for new communicators). Completion and CompletionQuery (the
// wait/test family, probes, open outcomes) hold no data and are built over the core for a call.
// Equality is the parts' defaulted equality; hash() feeds their fields in one fixed order
// (pinned by MpiWorldHashPinTest).
//
// simulated-mpi/interface/ is what the checker (mc/) may include: this world, the calls it is
// driven with (RankCall.hpp, Collective.hpp), what the checker reads back (Request.hpp,
// MatchingEngine.hpp for the matches it chooses among, PendingCollective.hpp for deadlock
// descriptions), the gate a rank's MPI call goes through (RankGate.hpp), and the names of
// usage errors and error classes (Misuse.hpp, ErrorStrings.hpp), what a call does to its rank
// (Progress.hpp). Every type the checker spells is declared here. The world is a value the checker
// copies into each snapshot and compares, so this header must see the complete types of what it
// holds: those stay in src/ and are included from here as an implementation detail. The checker
// reaches a few of them through accessors (comms(), rank_state(), requests() for its leak report
// and deadlock descriptions) without naming them; hiding them completely would need a
// pointer to an implementation, an allocation per snapshot and a hand-written ==, for no change in
// what the checker can do. Everything else in src/ (the MPI_* entry points, the parts' code) is
// private.
#pragma once

#include "simulated-mpi/interface/MatchingEngine.hpp"
#include "simulated-mpi/interface/Misuse.hpp"
#include "simulated-mpi/interface/Progress.hpp"
#include "simulated-mpi/interface/RankCall.hpp"
#include "simulated-mpi/interface/Request.hpp"
#include "simulated-mpi/src/Collectives.hpp"
#include "simulated-mpi/src/Completion.hpp"
#include "simulated-mpi/src/OneSided.hpp"
#include "simulated-mpi/src/PointToPoint.hpp"
#include "simulated-mpi/src/WorldCore.hpp"
#include "simulated-shmem/interface/ShmemWorld.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rankfold::mpi {

class HashMemo;

class MpiWorld {
public:
    MpiWorld(int ranks, Buffering buffering);

    int size() const { return static_cast<int>(core_.ranks.size()); }
    Buffering buffering() const { return p2p_.buffering(); }

    // ---- visible calls -------------------------------------------------------------------
    // With `direct`, a blocking MPI_Send or MPI_Recv whose partner is posted is matched at
    // once (PointToPoint's fast path): Done, and `direct` holds the match, which the checker
    // reports as the matching round reports the matches it makes.
    Progress issue(int rank, RankCall& call, DirectMatch* direct = nullptr);
    bool ready(int rank, const RankCall& call) const {
        // Blocking sends and receives, most calls of all: their request says (as in
        // CompletionQuery::ready), without a call.
        if (call.kind == CallKind::Send || call.kind == CallKind::Recv)
            return core_.requests.at(rank, call.internal[0]).complete;
        if (call.kind == CallKind::Rma) return OneSided::ready(core_, rank, call);
        if (call.kind == CallKind::Shmem) return shmem_.ready(rank, call.shmem);
        return CompletionQuery(core_, p2p_).ready(rank, call);
    }
    // How many different ways a ready call can complete (which request a Waitany returns,
    // which message a Probe reports); complete() takes a number below this.
    int completion_choices(int rank, const RankCall& call) const {
        if (call.kind == CallKind::Shmem) return 1;
        return CompletionQuery(core_, p2p_).completion_choices(rank, call);
    }
    Progress complete(int rank, RankCall& call, int choice = 0) {
        if (call.kind == CallKind::Rma) return OneSided(core_).complete(rank, call);
        if (call.kind == CallKind::Shmem) return complete_shmem(rank, call);
        return Completion(core_, p2p_).complete(rank, call, choice);
    }

    // MPI_Cancel (a local call) marks the request cancel-pending, and the explorer's
    // CancelOutcome choice cancels it: see PointToPoint::request_cancel and cancel.
    bool request_cancel(int rank, int slot) { return p2p_.request_cancel(core_, rank, slot); }
    bool cancel(int rank, int slot) { return p2p_.cancel(core_, rank, slot); }

    // ---- one-sided communication -------------------------------------------------------------
    // Whether `call` is a lock request (MPI_Win_lock, MPI_Win_lock_all) that could be granted
    // now: who of several such requests gets a lock first is the explorer's choice, so the
    // closure never completes one by itself.
    static bool requests_lock(const RankCall& call) {
        return call.kind == CallKind::Rma &&
               (call.rma.kind == RmaKind::Lock || call.rma.kind == RmaKind::LockAll);
    }
    // What a lock request asks for: the window, the target (-1 every target) and whether it
    // excludes others; nullopt when `call` is not a pending lock request.
    struct LockRequest {
        int window;
        int target;
        bool exclusive;
    };
    std::optional<LockRequest> lock_request(int rank, const RankCall& call) const;
    // Operations of passive target epochs whose landing is the explorer's choice
    // (RmaDelivery.cpp): the oldest pending one of each origin to each target, with the bytes
    // it touches at the target (world ranks, application addresses).
    struct OpenLanding {
        int window = -1;
        int origin = -1;
        int target = -1;
        std::uintptr_t begin = 0;
        std::uintptr_t end = 0;
        bool writes = true;        // writes the target's bytes (a Get only reads them)
        bool fetches = false;      // writes the origin's result buffer
        std::uint32_t combine = 0; // nonzero: an accumulate that commutes with equal tags
    };
    void open_landings(std::vector<OpenLanding>& out) const;
    // Whether the next step of `rank` (issuing or completing `call`, then running on) could
    // see an open landing happen or not: it is the target, or the origin of a fetching one
    // that `call` does not complete.
    // `entered`: the rank waits inside `call` (issued, blocked); else it is about to issue it.
    bool observes_open_landing(int rank, const RankCall& call, bool entered = false) const;
    // Whether any landing can be open: a window exists or OpenSHMEM is in use. Without either
    // (every MPI program without one-sided communication) observes_open_landing is false and
    // the closure's per-rank tests stop here.
    bool landings_possible() const { return core_.windows.size() != 0 || shmem_.used(); }
    // Whether `rank`, about to issue `call` (an OpenSHMEM get or fetching atomic:
    // ShmemOp::Fetch), reads bytes that `landing` or a put behind it writes.
    bool fetch_sees_landing(int rank, const RankCall& call, const OpenLanding& landing) const;
    // Whether `call` (while blocked) waits for its own memory to change (shmem_wait_until):
    // landings to the rank are then open even though it has no step to take, since one of
    // them may wake it and which lands first is what it sees when it wakes.
    static bool waits_for_landing(const RankCall& call) {
        return call.kind == CallKind::Shmem && call.shmem.op == shmem::ShmemOp::WaitUntil;
    }
    // The targets (world ranks) of the open landings `call` of `rank` would complete (an
    // unlock or flush lands them), one entry per operation.
    void landings_completed_by(int rank, const RankCall& call, std::vector<int>& targets) const;
    // Whether `call` of `waiter` is an MPI_Win_lock request that cannot be granted before
    // `holder` (world rank) releases the lock it holds on that target (one of the two locks
    // excludes the other): `waiter` runs no code before the holder's unlock.
    bool lock_blocked_by(int waiter, const RankCall& call, int holder) const;
    // The world rank an RMA communication call of `rank` (MPI_Put, MPI_Rget, ...) addresses
    // when the rank holds a lock on it (MPI_Win_lock or MPI_Win_lock_all): its operation lands
    // at the explorer's choice, or, request-based, inside the call. -1 for any other call.
    int passive_operation_target(int rank, const RankCall& call) const;
    // The world ranks `rank` may address such operations to, bit w for world rank w (every bit
    // for a rank past 63): the targets of the locks it holds or waits for, on every window.
    std::uint64_t passive_targets(int rank) const;
    // Lands the oldest pending operation of `which.origin` to `which.target` in its window;
    // false with the reason (and the operation's call site) when it cannot land.
    bool land_open(const OpenLanding& which, std::string& why, std::uintptr_t& site);
    // The windows (for leak reports and the MPI_Win_* local calls).
    const WindowTable& windows() const { return core_.windows; }
    WindowTable& windows() { return core_.windows; }

    // ---- OpenSHMEM ---------------------------------------------------------------------------
    // The PEs are the ranks; their SHMEM state goes wherever the MPI world goes (snapshots,
    // equality, hash), and visible SHMEM calls (CallKind::Shmem) are forwarded to it.
    shmem::ShmemWorld& shmem() { return shmem_; }
    const shmem::ShmemWorld& shmem() const { return shmem_; }

    // ---- outcomes left open (CompletionQuery.cpp) -------------------------------------------
    // For a Test-family call or Iprobe before it is issued, or a ready Waitany/Waitsome/Probe:
    // whether its outcome is the explorer's to choose (`open`), and the keys of the ways it
    // can complete now. A Test key is 1 (Test, Testall), 1 + position (Testany), a bit set of
    // positions (Testsome) or 1 + sender (Iprobe); "not yet" is key 0. A completion key is a
    // position (Waitany), a bit set (Waitsome) or a sender (Probe). RankCall::outcome carries
    // the chosen key into issue() or complete().
    using OpenOutcomes = mpi::OpenOutcomes;
    void open_outcomes(int rank, const RankCall& call, OpenOutcomes& out) const {
        CompletionQuery(core_, p2p_).open_outcomes(rank, call, out);
    }

    // ---- matching ------------------------------------------------------------------------
    const MatchingEngine& matching() const { return p2p_.matching(); }
    // Performs a match the engine allows: delivers the data and completes both requests.
    void apply_match(const Match& match) { p2p_.apply_match(core_, match); }
    // How many messages and receives `rank` has posted, and the id of its n-th post (what
    // Match::message_id and receive_id hold): counterexample diagrams draw a match as an arrow
    // from the call that posted the message.
    std::uint64_t posts(int rank) const { return p2p_.posts(rank); }
    // Messages MPI_Mprobe/MPI_Improbe gave `rank` that no MPI_Mrecv/MPI_Imrecv received yet.
    std::vector<const Message*> matched_unreceived(int rank) const {
        return p2p_.matched_unreceived(rank);
    }
    static std::uint64_t post_id(int rank, std::uint64_t n) {
        return PointToPoint::post_id(rank, n);
    }

    // ---- local queries (no scheduling needed) --------------------------------------------
    // The size of `comm` as seen by `rank`, or nullopt for an invalid communicator.
    std::optional<int> comm_size(int rank, MPI_Comm comm) const;
    std::optional<int> comm_rank(int rank, MPI_Comm comm) const;
    // Each rank's own state (RankState in WorldCore.hpp): life cycle, thread level, its
    // simulated clock, the failure of its last call, and its local tables (groups, keyvals,
    // operators, datatypes) that the local MPI calls work on directly.
    RankState& rank_state(int rank) { return core_.ranks[rank]; }
    const RankState& rank_state(int rank) const { return core_.ranks[rank]; }

    // Whether errors raised on `comm` by `rank` return to the program (MPI_ERRORS_RETURN);
    // an invalid `comm` stands for MPI_COMM_WORLD, where MPI 3.1 raises such errors.
    bool errors_return(int rank, MPI_Comm comm) const;

    // The collective `rank` waits in on `comm` (for deadlock reports), or nullptr.
    const PendingCollective* collective_waiting(int rank, MPI_Comm comm) const {
        return collectives_.waiting(core_, rank, comm);
    }

    const CommRegistry& comms() const { return core_.comms; }
    CommRegistry& comms() { return core_.comms; }
    // `type` as `rank` sees it: predefined, or one of the derived types `rank` created and has
    // not freed; nullptr otherwise. Pack and unpack with it through TypePacking.hpp.
    const Typemap* datatype(int rank, MPI_Datatype type) const {
        return core_.ranks[rank].datatypes.find(type).get();
    }

    // Every rank's requests: find a handle, read a slot, list the unfinished ones.
    const RequestTable& requests() const { return core_.requests; }
    // Generalized requests (ApiGrequest.cpp): a new one, active and not complete; completing
    // one (as a receive's message arrives); the next whose callbacks a wait or test left to run.
    int start_grequest(int rank, const Request& callbacks);
    void complete_grequest(int rank, int slot) { core_.requests.finish(rank, slot); }
    std::optional<GrequestDone> next_grequest_done(int rank);
    // Whether an MPI_Start call would start a standard-mode send to a real rank.
    bool starts_standard_send(int rank, const RankCall& start) const;

    friend bool operator==(const MpiWorld&, const MpiWorld&) = default;
    // Digest of the whole value: equal worlds give equal digests (MpiWorldHash.cpp). With
    // `heap_root`, the requests' buffers it holds for are left to the memory's heap canonical
    // form (RequestTable::feed): worlds that differ only there give equal digests.
    // The parts that seldom change are fed as digests kept between calls (HashMemo.hpp);
    // hash_from_scratch computes every part again, and gives the same digest.
    std::uint64_t hash(const RequestTable::HeapRoot* heap_root = nullptr) const;
    std::uint64_t hash_from_scratch(const RequestTable::HeapRoot* heap_root = nullptr) const;
    // The parts of the value that differ from `other`'s, named ("rank 1 requests", "windows",
    // ...), for the self-tests' reports; empty when the worlds are equal.
    std::string describe_difference(const MpiWorld& other) const;

private:
    using CommView = WorldCore::CommView;
    std::optional<CommView> view(int rank, MPI_Comm comm) const { return core_.view(rank, comm); }

    std::uint64_t digest(const RequestTable::HeapRoot* heap_root, HashMemo* memo) const;
    Progress issue_shmem(int rank, RankCall& call);
    Progress complete_shmem(int rank, RankCall& call);

    WorldCore core_;
    PointToPoint p2p_;
    Collectives collectives_;
    shmem::ShmemWorld shmem_;
};

} // namespace rankfold::mpi
