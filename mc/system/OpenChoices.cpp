#include "mc/system/OpenChoices.hpp"

#include <algorithm>

namespace rankfold::mc {

using mpi::CallKind;

bool completion_with_outcome(const mpi::RankCall& call) {
    return call.kind == CallKind::Waitany || call.kind == CallKind::Waitsome ||
           call.kind == CallKind::Probe;
}

bool OpenChoices::buffering_open(int rank) const {
    if (!options_.both_buffering || ranks_.status(rank) != RankStatus::AtCall) return false;
    const mpi::RankCall& call = ranks_.call(rank);
    if (call.buffered >= 0) return false;
    switch (call.kind) {
    case CallKind::Send:
    case CallKind::Isend:
    case CallKind::Sendrecv:
    case CallKind::SendrecvReplace:
        return call.mode == mpi::SendMode::Standard && call.dest != MPI_PROC_NULL;
    case CallKind::Start:
        // One persistent standard send (MPI_Startall's sends share one choice: not offered).
        return world_.starts_standard_send(rank, call);
    default:
        return false;
    }
}

bool OpenChoices::outcome_open(int rank) {
    mpi::RankCall& call = ranks_.call(rank);
    world_.open_outcomes(rank, call, outcomes_);
    if (outcomes_.open) return true;
    call.outcome = outcomes_.done.empty() ? -1 : outcomes_.done.front();
    return false;
}

void OpenChoices::list(std::vector<Transition>& out) {
    out.clear();
    for (int r = 0; r < ranks_.size(); ++r) {
        const RankStatus status = ranks_.status(r);
        if (status == RankStatus::AtCall && buffering_open(r)) {
            out.push_back({TransitionKind::SendBuffering, r, -1, 0});
            out.push_back({TransitionKind::SendBuffering, r, -1, 1});
        } else if (status == RankStatus::AtCall && mpi::tests(ranks_.call(r).kind) &&
                   outcome_open(r)) {
            for (int k : outcomes_.done) out.push_back({TransitionKind::TestOutcome, r, -1, k});
            out.push_back({TransitionKind::TestOutcome, r, -1, 0}); // "not yet" last
        } else if (status == RankStatus::Blocked && completion_with_outcome(ranks_.call(r)) &&
                   world_.ready(r, ranks_.call(r)) && outcome_open(r)) {
            const TransitionKind kind = ranks_.call(r).kind == CallKind::Probe
                                            ? TransitionKind::ProbeReport
                                            : TransitionKind::CompletionPick;
            for (int k : outcomes_.done) out.push_back({kind, r, -1, k});
        } else if (status == RankStatus::Blocked && world_.ready(r, ranks_.call(r))) {
            if (const auto lock = world_.lock_request(r, ranks_.call(r)))
                out.push_back({TransitionKind::LockGrant, r, lock->window,
                               lock_grant_outcome(lock->target, lock->exclusive)});
        }
    }
    matches_.clear();
    world_.matching().allowed_matches(matches_);
    for (const mpi::Match& m : matches_)
        if (m.wildcard)
            out.push_back({TransitionKind::WildcardMatch, m.receiver, m.receive_slot, m.origin,
                           m.receive_id, m.message_id});
    std::stable_sort(out.begin(), out.end(), [](const Transition& a, const Transition& b) {
        if (a.rank != b.rank) return a.rank < b.rank;
        if (a.kind == TransitionKind::WildcardMatch && b.kind == TransitionKind::WildcardMatch)
            return a.object != b.object ? a.object < b.object : a.outcome < b.outcome;
        return false;
    });
}

} // namespace rankfold::mc
