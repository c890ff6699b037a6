// Completion, a part of MpiWorld: when a blocked call is ready and in how many ways it can
// complete (CompletionQuery), the outcomes MPI leaves open for a call, and completing calls —
// the wait/test family, probes, MPI_Request_free and MPI_Request_get_status (Completion).
// Neither holds data of its own: they work on the request table, the failures and the
// communicators of WorldCore and on point-to-point's queues, which they are built over for one
// call.
#pragma once

#include "simulated-mpi/interface/MatchingEngine.hpp"
#include "simulated-mpi/interface/Progress.hpp"
#include "simulated-mpi/interface/RankCall.hpp"
#include "simulated-mpi/src/PointToPoint.hpp"
#include "simulated-mpi/src/WorldCore.hpp"

#include <cstddef>
#include <vector>

namespace rankfold::mpi {

// What the requests and queues allow a call to do now, without changing anything.
class CompletionQuery {
public:
    CompletionQuery(const WorldCore& core, const PointToPoint& p2p) : core_(core), p2p_(p2p) {}

    bool ready(int rank, const RankCall& call) const;
    // How many different ways a ready call can complete (see MpiWorld::completion_choices).
    int completion_choices(int rank, const RankCall& call) const;
    // Whether the call's outcome is the explorer's to choose, and the keys of the ways it can
    // complete now (see MpiWorld::open_outcomes).
    void open_outcomes(int rank, const RankCall& call, OpenOutcomes& out) const;
    // The position in today's candidate list of the outcome with this key, or -1.
    int ordinal_of_key(int rank, const RankCall& call, int key) const;

    // A null, unknown or inactive request, or one whose operation has finished.
    bool request_done(int rank, MPI_Request handle) const;
    // Positions in the call's request array of active, completed requests.
    void request_positions(int rank, const RankCall& call, std::vector<int>& complete,
                           bool& incomplete_active) const;
    // Messages a probe could report (the call's communicator is valid).
    std::vector<const Message*> probe_candidates(int rank, const RankCall& call) const;
    // The request behind `handle`, or nullptr.
    const Request* request(int rank, MPI_Request handle) const;
    // The request at position i of the call's request array, or nullptr.
    const Request* request_at(int rank, const RankCall& call, int i) const;

private:
    const WorldCore& core_;
    const PointToPoint& p2p_;
};

class Completion {
public:
    Completion(WorldCore& core, PointToPoint& p2p) : core_(core), p2p_(p2p), query_(core, p2p) {}

    // Calls that act on existing requests (wait/test family, Request_free, Request_get_status,
    // Iprobe), when issued.
    Progress issue(int rank, RankCall& call);
    // Completes a ready call; `choice` is below CompletionQuery::completion_choices.
    Progress complete(int rank, RankCall& call, int choice);

    // Writes a status unless it is MPI_STATUS_IGNORE; false if it is not writable. `error`
    // kKeepError leaves its MPI_ERROR field as it was: only the calls that complete several
    // requests set it (MPI 3.1 §3.2.5 leaves it undefined for the others; MPICH keeps it, and
    // its tests check that).
    static constexpr int kKeepError = -1;
    static bool write_status(MPI_Status* status, int source, int tag, int error, std::size_t bytes,
                             bool cancelled = false);
    // What a receive whose message did not match its type reports.
    static std::string type_mismatch_text(const Request& receive);

private:
    // Copies the status out and releases or deactivates the request; returns its error.
    int finish_request(int rank, MPI_Request* handle, MPI_Status* status, const RankCall& call);
    int finish_slot(int rank, int slot, MPI_Status* status, const RankCall& call);
    // A call on several requests whose errors went into the statuses: MPI_ERR_IN_STATUS.
    Progress in_status_failure(int rank);
    Progress complete_some(int rank, RankCall& call);
    Progress complete_probe(int rank, RankCall& call, int choice);

    WorldCore& core_;
    PointToPoint& p2p_;
    CompletionQuery query_;
};

} // namespace rankfold::mpi
