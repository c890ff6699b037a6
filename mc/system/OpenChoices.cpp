#include "mc/system/OpenChoices.hpp"

#include "mc/system/transitions/LandingDeferred.hpp"

#include <algorithm>

namespace rankfold::mc {

using mpi::CallKind;

bool OpenChoices::buffering_open(int rank) const {
    if (!options_.both_buffering || ranks_.status(rank) != RankStatus::AtCall) return false;
    const mpi::RankCall& call = ranks_.call(rank);
    if (call.buffered >= 0) return false;
    switch (call.kind) {
    case CallKind::Send:
    case CallKind::Isend:
    case CallKind::Sendrecv:
    case CallKind::SendrecvReplace:
    case CallKind::Isendrecv:
    case CallKind::IsendrecvReplace:
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

bool OpenChoices::landing_blocks(int rank) const {
    if (!world_.landings_possible()) return false;
    const RankStatus status = ranks_.status(rank);
    if (status != RankStatus::AtCall && status != RankStatus::Blocked) return false;
    // Issuing a lock request only queues it: the rank runs no code before the grant, itself a
    // choice that depends on the landings the rank could see.
    if (status == RankStatus::AtCall && mpi::MpiWorld::requests_lock(ranks_.call(rank)))
        return false;
    return world_.observes_open_landing(rank, ranks_.call(rank), status == RankStatus::Blocked);
}

bool OpenChoices::completion_held_by_landings(int rank) {
    world_.landings_completed_by(rank, ranks_.call(rank), completed_targets_);
    // Most steps complete no landing (every step of a program without RMA or SHMEM): nothing
    // below can hold them.
    if (completed_targets_.empty()) return false;
    // An OpenSHMEM get of another PE about to read a target's bytes one of these may write
    // (ShmemOp::Fetch): whether they land before it reads is open too.
    for (int r = 0; r < ranks_.size(); ++r) {
        if (r == rank || ranks_.status(r) != RankStatus::AtCall) continue; // only then a call
        const mpi::RankCall& call = ranks_.call(r);
        if (call.kind != mpi::CallKind::Shmem || call.shmem.op != shmem::ShmemOp::Fetch) continue;
        if (std::find(completed_targets_.begin(), completed_targets_.end(), call.shmem.root) !=
                completed_targets_.end() &&
            world_.observes_open_landing(r, call))
            return true;
    }
    return std::any_of(completed_targets_.begin(), completed_targets_.end(), [&](int target) {
        // A target that may still run code before the origin's next step: whether the
        // operation lands first is open (even while the target waits: the closure's order of
        // the origin's unlock and whatever releases the target is no order of the program).
        const RankStatus status = ranks_.status(target);
        // A target waiting for a lock the origin's own lock excludes runs after the unlock.
        return target != rank && (status == RankStatus::AtCall || status == RankStatus::Blocked) &&
               world_.observes_open_landing(target, ranks_.call(target),
                                            status == RankStatus::Blocked) &&
               !(status == RankStatus::Blocked &&
                 world_.lock_blocked_by(target, ranks_.call(target), rank));
    });
}

void OpenChoices::list(std::vector<Transition>& out) {
    out.clear();
    for (int r = 0; r < ranks_.size(); ++r) {
        const RankStatus status = ranks_.status(r);
        const bool ready = status == RankStatus::Blocked && world_.ready(r, ranks_.call(r));
        if (status == RankStatus::AtCall && buffering_open(r)) {
            out.push_back({TransitionKind::SendBuffering, r, -1, 0});
            out.push_back({TransitionKind::SendBuffering, r, -1, 1});
        } else if (status == RankStatus::AtCall && polls(ranks_.call(r)) && outcome_open(r)) {
            for (int k : outcomes_.done) out.push_back({TransitionKind::TestOutcome, r, -1, k});
            out.push_back({TransitionKind::TestOutcome, r, -1, 0}); // "not yet" last
        } else if (status == RankStatus::Blocked && completion_with_outcome(ranks_.call(r)) &&
                   world_.ready(r, ranks_.call(r)) && outcome_open(r)) {
            const TransitionKind kind = ranks_.call(r).kind == CallKind::Probe
                                            ? TransitionKind::ProbeReport
                                            : TransitionKind::CompletionPick;
            for (int k : outcomes_.done) out.push_back({kind, r, -1, k});
        } else if (ready && mpi::MpiWorld::requests_lock(ranks_.call(r))) {
            if (const auto lock = world_.lock_request(r, ranks_.call(r)))
                out.push_back({TransitionKind::LockGrant, r, lock->window,
                               lock_grant_outcome(lock->target, lock->exclusive)});
        } else if ((status == RankStatus::AtCall || ready) && landing_blocks(r) &&
                   !completion_held(r)) {
            // The closure left this rank's step for the landings it could see (MpiSystem).
            // Not while that step would complete operations of the rank (a quiet, barrier,
            // unlock or flush) that another rank could see land: it would land them inside the
            // step, which would then conflict with every step of their targets, though
            // DependencyTable orders two ranks' steps by footprint alone. Those landings are
            // offered instead (has_choice_ 2 below), and the step once they have landed: the
            // same orders, each landing a transition its targets' steps depend on.
            Transition t{TransitionKind::LandingDeferred, r, -1, 0};
            const mpi::RankCall& call = ranks_.call(r);
            if (status == RankStatus::AtCall && call.kind == mpi::CallKind::Shmem &&
                call.shmem.op == shmem::ShmemOp::Fetch) {
                // A get: the bytes it reads, for its footprint (LandingDeferred.hpp).
                const auto begin = reinterpret_cast<std::uintptr_t>(call.shmem.address);
                t.detail = transitions::fetch_detail(call.shmem.root);
                t.receive_id = begin;
                t.message_id = begin + call.shmem.size;
            }
            out.push_back(t);
        }
    }
    // A landing is offered while a rank that could see it is at a choice, or its origin is
    // held at the call that would complete it: any other time it cannot be told from landing
    // later, when one of these happens (nothing else looks at those bytes).
    has_choice_.assign(static_cast<std::size_t>(ranks_.size()), 0);
    for (const Transition& t : out) has_choice_[static_cast<std::size_t>(t.rank)] = 1;
    for (int r = 0; r < ranks_.size(); ++r) {
        if (completion_held(r)) has_choice_[static_cast<std::size_t>(r)] = 2;
        // A PE blocked in shmem_wait_until sees the landings that may wake it.
        else if (ranks_.status(r) == RankStatus::Blocked &&
                 mpi::MpiWorld::waits_for_landing(ranks_.call(r)))
            has_choice_[static_cast<std::size_t>(r)] |= 1;
    }
    world_.open_landings(landings_);
    for (const mpi::MpiWorld::OpenLanding& l : landings_) {
        // (An origin held at its unlock or flush has a choice: landing what it completes.)
        const char origin = has_choice_[static_cast<std::size_t>(l.origin)];
        bool seen = has_choice_[static_cast<std::size_t>(l.target)] != 0 || origin == 2 ||
                    (l.fetches && origin != 0);
        // An OpenSHMEM get about to read what it writes (ShmemOp::Fetch).
        for (int r = 0; r < ranks_.size() && !seen; ++r)
            seen = has_choice_[static_cast<std::size_t>(r)] != 0 &&
                   ranks_.status(r) == RankStatus::AtCall &&
                   world_.fetch_sees_landing(r, ranks_.call(r), l);
        if (!seen) continue;
        Transition t{TransitionKind::RemoteLanding,
                     l.origin,
                     l.window,
                     l.target,
                     static_cast<std::uint64_t>(l.begin),
                     static_cast<std::uint64_t>(l.end)};
        t.detail = landing_detail(l.writes, l.fetches, l.combine);
        out.push_back(t);
    }
    matches_.clear();
    world_.matching().allowed_matches(matches_);
    for (const mpi::Match& m : matches_)
        if (m.wildcard || m.held)
            out.push_back({TransitionKind::WildcardMatch, m.receiver, m.receive_slot, m.origin,
                           m.receive_id, m.message_id});
    // A pending MPI_Cancel may succeed as long as its operation is unmatched: a choice open
    // to the end, so that a wait on it never deadlocks (MPI 4.0 §3.8.4).
    cancels_.clear();
    world_.matching().pending_cancels(cancels_);
    for (const auto& c : cancels_)
        out.push_back({TransitionKind::CancelOutcome, c.request.rank, c.request.slot, c.queue});
    // Until a transition is taken, the targets its closure may address passive target
    // operations to are those any rank holds or waits for a lock on (the closure may release
    // other ranks); taking it tells exactly (transitions/PassiveTargets.hpp).
    if (world_.windows().size() > 0) {
        std::uint64_t targets = 0;
        for (int r = 0; r < ranks_.size(); ++r) targets |= world_.passive_targets(r);
        for (Transition& t : out) t.passive_targets = targets;
    }
    std::stable_sort(out.begin(), out.end(), [](const Transition& a, const Transition& b) {
        if (a.rank != b.rank) return a.rank < b.rank;
        if (a.kind == TransitionKind::WildcardMatch && b.kind == TransitionKind::WildcardMatch)
            return a.object != b.object ? a.object < b.object : a.outcome < b.outcome;
        return false;
    });
}

} // namespace rankfold::mc
