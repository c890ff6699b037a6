// The simulated MPI runtime: every rank's requests, the message queues, the attached buffers,
// the communicators. A value type: copying it copies the whole network state, which is how the
// checker snapshots it. It knows nothing of the scheduler: the scheduler asks what a call would
// do (issue, ready, complete, matches) and decides when each step happens.
//
// simulated-mpi/interface/ is what the checker (mc/) may include: this world, the calls it is
// driven with (RankCall.hpp, Collective.hpp), what the checker reads back (Request.hpp,
// MatchingEngine.hpp for the matches it chooses among, PendingCollective.hpp for deadlock
// descriptions), the gate a rank's MPI call goes through (RankGate.hpp), and the names of
// usage errors and error classes (Misuse.hpp, ErrorStrings.hpp). Every type the checker spells
// is declared here. The world is a value the checker copies into each snapshot and compares,
// so this header must see the complete types of what it holds: those stay in src/ and are
// included from here as an implementation detail. The checker reaches a few of them through
// accessors (comms(), groups(), ops(), leaked_datatypes() for its leak report and deadlock
// descriptions) without naming them; hiding them completely would need a pointer to an
// implementation, an allocation per snapshot and a hand-written ==, for no change in what the
// checker can do. Everything else in src/ (the MPI_* entry points, the parts' code) is private.
#pragma once

#include "simulated-mpi/interface/MatchingEngine.hpp"
#include "simulated-mpi/interface/Misuse.hpp"
#include "simulated-mpi/interface/RankCall.hpp"
#include "simulated-mpi/interface/Request.hpp"
#include "simulated-mpi/src/CollectiveQueue.hpp"
#include "simulated-mpi/src/CommRegistry.hpp"
#include "simulated-mpi/src/DatatypeTable.hpp"
#include "simulated-mpi/src/GroupTable.hpp"
#include "simulated-mpi/src/KeyvalTable.hpp"
#include "simulated-mpi/src/OpTable.hpp"
#include "simulated-mpi/src/RequestTable.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rankfold::mpi {

enum class Buffering : std::uint8_t { Zero, Infinite };

enum class Progress : std::uint8_t {
    Done,    // the call returned; the rank may run on
    Blocked, // the call waits; complete() it once ready()
    Failed,  // an MPI error (see failure()); with MPI_ERRORS_ARE_FATAL the run ends
};

struct MpiFailure {
    int code = MPI_SUCCESS;
    std::optional<Misuse> misuse; // none for an internal error of the runtime
    std::string message;
    friend bool operator==(const MpiFailure&, const MpiFailure&) = default;
};

class MpiWorld {
public:
    MpiWorld(int ranks, Buffering buffering);

    int size() const { return static_cast<int>(ranks_.size()); }
    Buffering buffering() const { return buffering_; }

    // ---- visible calls -------------------------------------------------------------------
    Progress issue(int rank, RankCall& call);
    bool ready(int rank, const RankCall& call) const;
    // How many different ways a ready call can complete (which request a Waitany returns,
    // which message a Probe reports); complete() takes a number below this.
    int completion_choices(int rank, const RankCall& call) const;
    Progress complete(int rank, RankCall& call, int choice = 0);

    // ---- outcomes left open (MpiWorldOutcomes.cpp) ----------------------------------------
    // For a Test-family call or Iprobe before it is issued, or a ready Waitany/Waitsome/Probe:
    // whether its outcome is the explorer's to choose (`open`), and the keys of the ways it
    // can complete now. A Test key is 1 (Test, Testall), 1 + position (Testany), a bit set of
    // positions (Testsome) or 1 + sender (Iprobe); "not yet" is key 0. A completion key is a
    // position (Waitany), a bit set (Waitsome) or a sender (Probe). RankCall::outcome carries
    // the chosen key into issue() or complete().
    struct OpenOutcomes {
        bool open = false;
        std::vector<int> done;
    };
    void open_outcomes(int rank, const RankCall& call, OpenOutcomes& out) const;

    // ---- matching ------------------------------------------------------------------------
    const MatchingEngine& matching() const { return matching_; }
    // Performs a match the engine allows: delivers the data and completes both requests.
    void apply_match(const Match& match);

    // ---- local queries (no scheduling needed) --------------------------------------------
    // The size of `comm` as seen by `rank`, or nullopt for an invalid communicator.
    std::optional<int> comm_size(int rank, MPI_Comm comm) const;
    std::optional<int> comm_rank(int rank, MPI_Comm comm) const;
    bool initialized(int rank) const { return ranks_[rank].initialized; }
    bool finalized(int rank) const { return ranks_[rank].finalized; }
    void set_thread_level(int rank, int level) { ranks_[rank].thread_level = level; }
    int thread_level(int rank) const { return ranks_[rank].thread_level; }

    // Simulated time, per rank: one microsecond per clock reading of that rank, so every replay
    // of a rank's history reads the same times and a rank polling the clock sees it move, while
    // a polling loop that does not read it comes back to the same state.
    double wtime(int rank) const { return 1.0 + static_cast<double>(ranks_[rank].clock) * 1e-6; }
    void tick(int rank) { ++ranks_[rank].clock; }

    const std::optional<MpiFailure>& failure(int rank) const { return ranks_[rank].failure; }
    void clear_failure(int rank) { ranks_[rank].failure.reset(); }
    // Whether errors raised on `comm` by `rank` return to the program (MPI_ERRORS_RETURN);
    // an invalid `comm` stands for MPI_COMM_WORLD, where MPI 3.1 raises such errors.
    bool errors_return(int rank, MPI_Comm comm) const;

    // The collective `rank` waits in on `comm` (for deadlock reports), or nullptr.
    const PendingCollective* collective_waiting(int rank, MPI_Comm comm) const;

    // The world ranks of `group` as `rank` holds it, or nullopt for an invalid handle.
    std::optional<std::vector<int>> group_members(int rank, MPI_Group group) const {
        const GroupEntry* g = ranks_[rank].groups.find(group);
        return g ? std::optional(g->members) : std::nullopt;
    }
    GroupTable& groups(int rank) { return ranks_[rank].groups; }
    const GroupTable& groups(int rank) const { return ranks_[rank].groups; }
    KeyvalTable& keyvals(int rank) { return ranks_[rank].keyvals; }
    OpTable& ops(int rank) { return ranks_[rank].ops; }
    const OpTable& ops(int rank) const { return ranks_[rank].ops; }

    const CommRegistry& comms() const { return comms_; }
    CommRegistry& comms() { return comms_; }
    // ---- datatypes (MpiWorldDatatypes.cpp) ------------------------------------------------
    // `type` as `rank` sees it: predefined, or one of the derived types `rank` created and has
    // not freed; nullptr otherwise. Pack and unpack with it through TypePacking.hpp.
    const Typemap* datatype(int rank, MPI_Datatype type) const;
    const DatatypeTable& datatypes(int rank) const { return ranks_[rank].datatypes; }
    // For the local datatype calls (ApiDatatype.cpp): create, commit, free.
    DatatypeTable& datatypes(int rank) { return ranks_[rank].datatypes; }
    // The derived datatypes `rank` created and never freed, for resource-leak reports.
    std::vector<std::pair<MPI_Datatype, const DatatypeEntry*>> leaked_datatypes(int rank) const;

    // Requests of `rank` that are active or completed but never waited for.
    std::vector<const Request*> unfinished_requests(int rank) const;
    const Request* request(int rank, MPI_Request handle) const;
    // Whether an MPI_Start call would start a standard-mode send to a real rank.
    bool starts_standard_send(int rank, const RankCall& start) const;
    // Slot `slot` of the rank's request table (free or not), nullptr past its end.
    const Request* request_slot(int rank, int slot) const { return requests_.slot(rank, slot); }

    friend bool operator==(const MpiWorld&, const MpiWorld&) = default;
    // Digest of the whole value: equal worlds give equal digests (MpiWorldHash.cpp).
    std::uint64_t hash() const;

private:
    struct RankState {
        bool initialized = false;
        bool finalized = false;
        int thread_level = MPI_THREAD_SINGLE;
        std::uintptr_t attached_buffer = 0;
        int attached_size = 0;
        std::size_t attached_used = 0;
        std::optional<MpiFailure> failure;
        std::uint64_t clock = 0;
        std::uint64_t posts = 0; // messages and receives posted, for their ids
        OpTable ops;
        GroupTable groups;
        KeyvalTable keyvals;
        DatatypeTable datatypes;
        friend bool operator==(const RankState&, const RankState&) = default;
    };

    using CommView = CommRegistry::View;
    std::optional<CommView> view(int rank, MPI_Comm comm) const { return comms_.view(rank, comm); }
    int world_rank(int rank, MPI_Comm comm, int comm_rank) const;

    // Records the failure of `call`; the sub-kind follows from the error class unless given.
    Progress fail(int rank, const RankCall& call, int code, std::string message);
    Progress fail(int rank, const RankCall& call, int code, std::optional<Misuse> misuse,
                  std::string message);
    // Ids of messages and posted receives: unique, and a function of the posting rank's own
    // history only, so that interleavings that commute give identical states.
    std::uint64_t next_post_id(int rank) {
        return static_cast<std::uint64_t>(rank + 1) << 40 | ++ranks_[rank].posts;
    }

    // `layout` is the datatype's typemap: resolved by check_send/check_receive, or given by a
    // persistent request (which keeps it even if the program frees the datatype).
    struct SendArgs {
        const void* buffer;
        int count;
        MPI_Datatype type;
        int dest;
        int tag;
        MPI_Comm comm;
        SendMode mode;
        TypemapRef layout = {};
    };
    struct ReceiveArgs {
        void* buffer;
        int count;
        MPI_Datatype type;
        int source;
        int tag;
        MPI_Comm comm;
        TypemapRef layout = {};
    };
    static SendArgs send_args(const RankCall& call);
    static ReceiveArgs receive_args(const RankCall& call);
    bool check_send(int rank, const RankCall& call, SendArgs& a);
    bool check_receive(int rank, const RankCall& call, ReceiveArgs& a, bool probe);
    // The typemap of `type` for a communication call of `rank`, or none after fail(): an
    // invalid or freed handle, or a derived datatype not committed (MpiWorldDatatypes.cpp).
    TypemapRef usable_datatype(int rank, const RankCall& call, MPI_Datatype type);
    // What a receive whose message did not match its type reports.
    static std::string type_mismatch_text(const Request& receive);
    // Posting: the request slot, or -1 after fail(). `slot` reuses a persistent request.
    int post_send(int rank, const RankCall& call, SendArgs a, int slot = -1);
    int post_receive(int rank, const RankCall& call, ReceiveArgs a, int slot = -1);
    int create_persistent(int rank, const RankCall& call);
    bool start(int rank, const RankCall& call, MPI_Request handle);
    void deliver(int receiver, const PostedReceive& receive, const Message& message);

    // ---- collectives (MpiWorldCollectives.cpp; data movement: CollectiveRun.hpp) -------
    Progress issue_collective(int rank, RankCall& call);
    bool check_collective(int rank, const RankCall& call, const CommView& v);
    bool check_parts_agree(int rank, const RankCall& call, const PendingCollective* op,
                           int comm_rank);
    bool execute_construction(int rank, const RankCall& call, int id, const PendingCollective& op);
    Progress issue_point_to_point(int rank, RankCall& call);
    Progress issue_completion(int rank, RankCall& call);
    bool request_done(int rank, MPI_Request handle) const;
    // Positions in the call's request array of active, completed requests.
    void request_positions(int rank, const RankCall& call, std::vector<int>& complete,
                           bool& incomplete_active) const;
    // The position in today's candidate list of the outcome with this key, or -1.
    int ordinal_of_key(int rank, const RankCall& call, int key) const;
    // Copies the status out and releases or deactivates the request; returns its error.
    int finish_request(int rank, MPI_Request* handle, MPI_Status* status, const RankCall& call);
    int finish_slot(int rank, int slot, MPI_Status* status, const RankCall& call);
    Progress in_status_failure(int rank);
    void probe_candidates(int rank, const RankCall& call, std::vector<const Message*>& out) const;
    bool write_status(const RankCall& call, MPI_Status* status, int source, int tag, int error,
                      std::size_t bytes);
    template <class T> bool write_out(const RankCall& call, T* where, T value);

    Buffering buffering_;
    std::vector<RankState> ranks_;
    RequestTable requests_;
    CommRegistry comms_;
    CollectiveQueue collectives_;
    MatchingEngine matching_;
};

} // namespace rankfold::mpi
