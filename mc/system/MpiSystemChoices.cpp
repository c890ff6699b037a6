// MpiSystem's choices: listing the open ones (OpenChoices) and taking one, which applies the
// outcome and runs the closure that follows it. Kept apart from the closure itself
// (MpiSystem.cpp) so that each file holds one part of the transition system.
#include "mc/system/MpiSystem.hpp"

#include "simulated-mpi/interface/Misuse.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace rankfold::mc {

using mpi::CallKind;

void MpiSystem::choices(std::vector<Transition>& out) {
    if (violation())
        out.clear();
    else
        open_.list(out);
}

void MpiSystem::take(const Transition& t) {
    if (t.rank < 0 || t.rank >= runtime_.ranks().size())
        throw std::logic_error("take: no such rank");
    mpi::RankCall* call = runtime_.ranks().status(t.rank) == RankStatus::AtCall ||
                                  runtime_.ranks().status(t.rank) == RankStatus::Blocked
                              ? &runtime_.ranks().call(t.rank)
                              : nullptr;
    if (t.kind != TransitionKind::WildcardMatch && t.kind != TransitionKind::RemoteLanding &&
        t.kind != TransitionKind::CancelOutcome && call == nullptr)
        throw std::logic_error("take: the rank is not in a call");
    may_write(t.rank); // the call's outcome, and what is done on the rank's behalf
    effects_.begin(t.rank);
    passive_issues_ = 0;
    ranks_run_ = 0;
    if (t.kind == TransitionKind::LockGrant || t.kind == TransitionKind::RemoteLanding ||
        t.kind == TransitionKind::LandingDeferred)
        effects_.everything(); // windows and symmetric memory are shared by every rank
    switch (t.kind) {
    case TransitionKind::WildcardMatch: {
        // The match was found when the choices were listed; a transition read from a trace
        // carries no ids and is looked up among them.
        Transition listed = t;
        if (t.message_id == 0) {
            std::vector<Transition> open;
            choices(open);
            auto it = std::find(open.begin(), open.end(), t);
            if (it == open.end()) throw std::logic_error("take: wildcard match not enabled");
            listed = *it;
        }
        mpi::Match m;
        m.receiver = listed.rank;
        m.receive_id = listed.receive_id;
        m.message_id = listed.message_id;
        m.wildcard = true;
        m.origin = listed.outcome;
        m.receive_slot = listed.object;
        if (log_.on()) {
            // A held match: a pending MPI_Cancel of one side fails.
            const auto& engine = world_.matching();
            const mpi::Message* message = engine.find_message(listed.rank, listed.message_id);
            const mpi::PostedReceive* receive = engine.find_receive(listed.rank, listed.receive_id);
            const bool wildcard = receive != nullptr && receive->source == MPI_ANY_SOURCE;
            const char* fails =
                message != nullptr && message->cancel_pending   ? " (the sender's MPI_Cancel fails)"
                : receive != nullptr && receive->cancel_pending ? " (its MPI_Cancel fails)"
                                                                : "";
            log_.note(t.rank, "", 0,
                      fmt::format("its {}receive takes the message of rank {}{}",
                                  wildcard ? "MPI_ANY_SOURCE " : "", t.outcome, fails));
            log_.last()->message = m.message_id;
            log_.last()->choice = true;
        }
        apply_match(m);
        unmatched_posts_ = true; // later receives may now be matchable
        break;
    }
    case TransitionKind::CancelOutcome:
        // The operation leaves the queue it waits in, and its request completes as cancelled.
        effects_.queue(t.outcome);
        effects_.completed_request(t.rank);
        may_write(t.outcome);
        if (!world_.cancel(t.rank, t.object))
            throw std::logic_error("take: the cancelled operation is no longer pending");
        if (log_.on()) {
            log_.note(t.rank, "", 0,
                      fmt::format("its MPI_Cancel of request {} succeeds", t.object));
            log_.last()->choice = true;
        }
        unmatched_posts_ = true; // what waited behind the operation may match now
        break;
    case TransitionKind::TestOutcome:
        call->outcome = t.outcome;
        issue(t.rank);
        if (t.outcome == 0) log_.amend("not yet", ": ");
        if (TraceStep* step = log_.last()) step->choice = true;
        break;
    case TransitionKind::SendBuffering:
        call->buffered = static_cast<std::int8_t>(t.outcome);
        issue(t.rank);
        log_.amend(t.outcome == 1 ? " (buffered)" : " (not buffered)");
        if (TraceStep* step = log_.last()) step->choice = true;
        break;
    case TransitionKind::LockGrant: {
        const int target = lock_grant_target(t.outcome);
        if (log_.on())
            log_.note(t.rank, call->name, call->site,
                      target < 0
                          ? std::string("gets the shared lock on every target")
                          : fmt::format("gets the {} lock on rank {}",
                                        lock_grant_exclusive(t.outcome) ? "exclusive" : "shared",
                                        target));
        if (TraceStep* step = log_.last()) step->choice = true;
        complete(t.rank);
        break;
    }
    case TransitionKind::RemoteLanding:
        land(t);
        break;
    case TransitionKind::LandingDeferred:
        // The step the closure held back, with the landings it could see still pending.
        if (log_.on())
            log_.note(t.rank, "", 0, "goes on before pending RMA operations or puts land");
        if (TraceStep* step = log_.last()) step->choice = true;
        if (runtime_.ranks().status(t.rank) == RankStatus::AtCall)
            issue(t.rank);
        else
            complete(t.rank);
        break;
    case TransitionKind::CompletionPick:
    case TransitionKind::ProbeReport:
        call->outcome = t.outcome;
        if (log_.on())
            log_.note(t.rank, call->name, call->site,
                      t.kind == TransitionKind::ProbeReport
                          ? fmt::format("reports the message of rank {}", t.outcome)
                          : fmt::format("returns request {}{}",
                                        call->kind == CallKind::Waitsome ? "set " : "",
                                        call->kind == CallKind::Waitsome
                                            ? fmt::format("{:#b}", t.outcome)
                                            : std::to_string(t.outcome)));
        if (TraceStep* step = log_.last()) step->choice = true;
        complete(t.rank);
        break;
    }
    close();
}

void MpiSystem::land(const Transition& t) {
    may_write(); // a put or an RMA operation lands in another rank's memory
    mpi::MpiWorld::OpenLanding which;
    which.window = t.object;
    which.origin = t.rank;
    which.target = t.outcome;
    std::string why;
    std::uintptr_t site = 0;
    const bool landed = world_.land_open(which, why, site);
    if (log_.on()) {
        log_.note(t.rank, "", 0,
                  t.object < 0 ? fmt::format("its put lands at PE {}", t.outcome)
                               : fmt::format("its RMA operation lands at rank {}", t.outcome));
        log_.last()->choice = true;
    }
    if (landed) return;
    runtime_.ranks().set_status(t.rank, RankStatus::Failed);
    monitors_.on_misuse({t.rank, mpi::misuse_name(mpi::Misuse::InvalidArgument),
                         fmt::format("an RMA operation to rank {} cannot land: {}", t.outcome, why),
                         runtime_.image().locate_call(site)});
}

} // namespace rankfold::mc
