// What the remote race check needs from the MPI calls of a path (properties/RemoteOrderEvents):
// the synchronisation that orders ranks, one-sided operations as they are issued, and the
// calls that complete them. Emitted only while some one-sided operation is live in the race
// monitor (or starts one), so programs without RMA pay one test per call.
#pragma once

#include "properties/EventSink.hpp"
#include "properties/races/RaceMonitor.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"

namespace rankfold::mc {

class RemoteOrder {
public:
    RemoteOrder(const mpi::MpiWorld& world, properties::EventSink& events)
        : world_(world), events_(events) {}

    // Before the runtime issues `call` of `rank`: how many posts the rank had.
    void before_issue(int rank) { posted_before_ = world_.posts(rank); }
    // After the runtime issued it (`done`: the call returned at once).
    // Point-to-point and the other plain MPI calls, while no one-sided operation is live and no
    // window exists, have nothing to tell (the first test of both, inline: every call asks).
    void issued(const properties::races::RaceMonitor& races, int rank, const mpi::RankCall& call,
                bool done) {
        if (plain(call) && races.remote_empty() && quiet_finish(call)) return;
        issued_followed(races, rank, call, done);
    }
    // A blocked call returned.
    void finished(const properties::races::RaceMonitor& races, int rank,
                  const mpi::RankCall& call) {
        if (quiet_finish(call)) return;
        finished_followed(races, rank, call);
    }
    void matched(const properties::races::RaceMonitor& races, const mpi::Match& match);
    // A message the fast path delivered at its send's issue (mpi::DirectMatch), never queued:
    // its sender releases it as it does a message its call posted, before the match.
    void sent_directly(const properties::races::RaceMonitor& races, int rank,
                       std::uint64_t message_id);

private:
    void issued_followed(const properties::races::RaceMonitor& races, int rank,
                         const mpi::RankCall& call, bool done);
    void finished_followed(const properties::races::RaceMonitor& races, int rank,
                           const mpi::RankCall& call);
    void sync(int rank, properties::SyncStep step, std::uint64_t token) {
        events_.on_sync({rank, step, token});
    }
    void remote_operation(int rank, const mpi::RankCall& call);
    // The operations the call completes (unlock, flush, fence, MPI_Win_complete).
    void completions(int rank, const mpi::RankCall& call);
    int world_target(int rank, MPI_Win win, int target) const;
    // Neither a collective, a one-sided nor an OpenSHMEM call: joins nothing (join_token),
    // completes no operation, synchronises no window.
    static bool plain(const mpi::RankCall& call) {
        return call.kind != mpi::CallKind::Collective && call.kind != mpi::CallKind::Rma &&
               call.kind != mpi::CallKind::Shmem;
    }
    // A plain call while no window exists: finished() has nothing to tell (no dynamic window
    // to expose again; every branch after that one is for a join or an RMA or SHMEM call).
    bool quiet_finish(const mpi::RankCall& call) const {
        return plain(call) && world_.windows().size() == 0;
    }
    // Whether joins are followed now: while windows exist or operations are live, and in every
    // OpenSHMEM program (its puts go live between any two barriers: a join some PE saw before
    // its first put and another after would be counted apart).
    bool follows_joins(const properties::races::RaceMonitor& races) const {
        return races.follows_joins() || !races.remote_empty() || world_.shmem().used();
    }
    // The rank's windows changed: the bytes it now exposes.
    void expose(int rank);
    std::uint64_t window_join(MPI_Win win) const;
    // The join a blocking collective call is part of, or 0 for none.
    std::uint64_t join_token(const mpi::RankCall& call) const;
    // Whether `rank` is a member of a live dynamic window.
    bool attaches(int rank) const;

    const mpi::MpiWorld& world_;
    properties::EventSink& events_;
    std::uint64_t posted_before_ = 0;
};

} // namespace rankfold::mc
