#include "mc/system/MpiSystem.hpp"

#include "mc/system/LeakCheck.hpp"
#include "mc/system/WaitDescription.hpp"
#include "simulated-mpi/interface/ErrorStrings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace rankfold::mc {

namespace {
using mpi::CallKind;

bool completion_with_outcome(const mpi::RankCall& call) {
    return call.kind == CallKind::Waitany || call.kind == CallKind::Waitsome ||
           call.kind == CallKind::Probe;
}
} // namespace

MpiSystem::MpiSystem(SystemOptions options, RankRuntime& runtime, mpi::MpiWorld& world,
                     properties::MonitorSet& monitors)
    : options_(options), runtime_(runtime), world_(world), monitors_(monitors) {}

void MpiSystem::start() {
    for (int r = 0; r < size(); ++r) {
        if (violation()) break;
        resume(r);
    }
    close();
}

void MpiSystem::enable_snapshots(bool page_sharing) {
    state_ =
        std::make_unique<SystemState>(runtime_, world_, monitors_, unmatched_posts_, page_sharing);
}

RunResult MpiSystem::result() const {
    RunResult result;
    if (violation()) result.violations.push_back({*violation(), {}, {}, {}});
    result.warnings = monitors_.warnings();
    result.stats.steps = steps_;
    result.stats.matches = matches_;
    result.stats.executions = 1;
    return result;
}

// ---- the closure ---------------------------------------------------------------------------

bool MpiSystem::buffering_choice(int rank) const {
    if (!options_.both_buffering || runtime_.status(rank) != RankStatus::AtCall) return false;
    const mpi::RankCall& call = runtime_.call(rank);
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

bool MpiSystem::open_choice(int rank, std::vector<int>& keys) {
    mpi::RankCall& call = runtime_.call(rank);
    world_.open_outcomes(rank, call, outcomes_);
    keys = outcomes_.done;
    if (!outcomes_.open) {
        call.outcome = keys.empty() ? -1 : keys.front();
        return false;
    }
    return true;
}

void MpiSystem::note(int rank, const char* call, std::uintptr_t site, std::string detail) {
    if (recording_ != nullptr) recording_->push_back({rank, call, std::move(detail), {}, site});
}

void MpiSystem::issue(int rank) {
    mpi::RankCall& call = runtime_.call(rank);
    ++steps_;
    unmatched_posts_ = unmatched_posts_ || mpi::posts(call.kind);
    if (recording_ != nullptr) note(rank, call.name, call.site, describe_call(call));
    monitors_.on_call({rank, call.name, call.site});
    const mpi::Progress p = world_.issue(rank, call);
    if (p == mpi::Progress::Failed) return mpi_failure(rank);
    if (call.kind == mpi::CallKind::Finalize && !check_finalize(rank)) return;
    if (p == mpi::Progress::Blocked) {
        runtime_.set_status(rank, RankStatus::Blocked);
        return;
    }
    resume(rank);
}

void MpiSystem::complete(int rank) {
    if (world_.complete(rank, runtime_.call(rank), 0) == mpi::Progress::Failed)
        return mpi_failure(rank);
    resume(rank);
}

void MpiSystem::apply_match(const mpi::Match& match) {
    world_.apply_match(match);
    ++matches_;
}

void MpiSystem::match_deterministic() {
    if (!unmatched_posts_) return;
    unmatched_posts_ = false;
    const mpi::MatchingEngine& engine = world_.matching();
    for (int r = 0; r < world_.size(); ++r) {
        if (engine.pending_receives(r) == 0 || engine.pending_messages(r) == 0) continue;
        for (;;) {
            match_buffer_.clear();
            engine.allowed_matches_for(r, match_buffer_);
            auto m = std::find_if(match_buffer_.begin(), match_buffer_.end(),
                                  [](const mpi::Match& x) { return !x.wildcard; });
            if (m == match_buffer_.end()) break;
            if (recording_ != nullptr)
                note(r, "", 0, fmt::format("receives the message of rank {}", m->origin));
            apply_match(*m);
        }
    }
}

void MpiSystem::close() {
    for (;;) {
        match_deterministic();
        bool moved = false;
        for (int r = 0; r < size(); ++r) {
            if (violation()) return;
            const RankStatus status = runtime_.status(r);
            if (status == RankStatus::AtCall) {
                if (buffering_choice(r)) continue;
                if (mpi::tests(runtime_.call(r).kind) && open_choice(r, keys_)) continue;
                if (at_step_) at_step_();
                issue(r);
                moved = true;
            } else if (status == RankStatus::Blocked && world_.ready(r, runtime_.call(r))) {
                if (completion_with_outcome(runtime_.call(r)) && open_choice(r, keys_)) continue;
                if (at_step_) at_step_();
                complete(r);
                moved = true;
            }
        }
        if (violation()) return;
        if (!moved && !unmatched_posts_) return;
    }
}

// ---- choices ------------------------------------------------------------------------------

void MpiSystem::choices(std::vector<Transition>& out) {
    out.clear();
    if (violation()) return;
    for (int r = 0; r < size(); ++r) {
        const RankStatus status = runtime_.status(r);
        if (status == RankStatus::AtCall && buffering_choice(r)) {
            out.push_back({TransitionKind::SendBuffering, r, -1, 0});
            out.push_back({TransitionKind::SendBuffering, r, -1, 1});
        } else if (status == RankStatus::AtCall && mpi::tests(runtime_.call(r).kind) &&
                   open_choice(r, keys_)) {
            for (int k : keys_) out.push_back({TransitionKind::TestOutcome, r, -1, k});
            out.push_back({TransitionKind::TestOutcome, r, -1, 0}); // "not yet" last
        } else if (status == RankStatus::Blocked && completion_with_outcome(runtime_.call(r)) &&
                   world_.ready(r, runtime_.call(r)) && open_choice(r, keys_)) {
            const TransitionKind kind = runtime_.call(r).kind == CallKind::Probe
                                            ? TransitionKind::ProbeReport
                                            : TransitionKind::CompletionPick;
            for (int k : keys_) out.push_back({kind, r, -1, k});
        }
    }
    match_buffer_.clear();
    world_.matching().allowed_matches(match_buffer_);
    for (const mpi::Match& m : match_buffer_)
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

void MpiSystem::take(const Transition& t) {
    if (t.rank < 0 || t.rank >= size()) throw std::logic_error("take: no such rank");
    mpi::RankCall* call = runtime_.status(t.rank) == RankStatus::AtCall ||
                                  runtime_.status(t.rank) == RankStatus::Blocked
                              ? &runtime_.call(t.rank)
                              : nullptr;
    if (t.kind != TransitionKind::WildcardMatch && call == nullptr)
        throw std::logic_error("take: the rank is not in a call");
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
        if (recording_ != nullptr)
            note(t.rank, "", 0,
                 fmt::format("its MPI_ANY_SOURCE receive takes the message of rank {}", t.outcome));
        apply_match(m);
        unmatched_posts_ = true; // later receives may now be matchable
        break;
    }
    case TransitionKind::TestOutcome:
        call->outcome = t.outcome;
        issue(t.rank);
        if (recording_ != nullptr && t.outcome == 0 && !recording_->empty())
            recording_->back().detail +=
                recording_->back().detail.empty() ? "not yet" : ": not yet";
        break;
    case TransitionKind::SendBuffering:
        call->buffered = static_cast<std::int8_t>(t.outcome);
        issue(t.rank);
        if (recording_ != nullptr && !recording_->empty())
            recording_->back().detail += t.outcome == 1 ? " (buffered)" : " (not buffered)";
        break;
    case TransitionKind::CompletionPick:
    case TransitionKind::ProbeReport:
        call->outcome = t.outcome;
        if (recording_ != nullptr)
            note(t.rank, call->name, call->site,
                 t.kind == TransitionKind::ProbeReport
                     ? fmt::format("reports the message of rank {}", t.outcome)
                     : fmt::format(
                           "returns request {}{}", call->kind == CallKind::Waitsome ? "set " : "",
                           call->kind == CallKind::Waitsome ? fmt::format("{:#b}", t.outcome)
                                                            : std::to_string(t.outcome)));
        complete(t.rank);
        break;
    }
    close();
}

// ---- how a path ends ----------------------------------------------------------------------

void MpiSystem::end_state() {
    if (!violation() && !all_finished()) report_end_state();
}

void MpiSystem::declare_deadlock() {
    if (!violation()) report_end_state();
}

void MpiSystem::finish_path(bool polling_deadlock) {
    if (violation()) return;
    std::vector<Transition> open;
    choices(open);
    if (open.empty())
        end_state();
    else if (polling_deadlock)
        declare_deadlock();
}

void MpiSystem::mpi_failure(int rank) {
    mpi::RankCall& call = runtime_.call(rank);
    const mpi::MpiFailure f = *world_.rank_state(rank).failure;
    if (f.misuse && world_.errors_return(rank, call.comm)) {
        // MPI_ERRORS_RETURN: the program gets the error class and carries on.
        call.result = f.code;
        world_.rank_state(rank).failure.reset();
        return resume(rank);
    }
    runtime_.set_status(rank, RankStatus::Failed);
    monitors_.on_misuse({rank, f.misuse ? mpi::misuse_name(*f.misuse) : std::string(),
                         fmt::format("{} ({})", f.message, mpi::error_name(f.code)),
                         runtime_.locate_call(call.site)});
}

bool MpiSystem::check_finalize(int rank) {
    for (const Leak& leak : finalize_leaks(world_, rank))
        monitors_.on_leak({rank, mpi::misuse_name(leak.misuse), leak.message,
                           runtime_.locate_call(leak.site),
                           leak.misuse == mpi::Misuse::PersistentNotStarted});
    if (!violation()) return true;
    runtime_.set_status(rank, RankStatus::Failed);
    return false;
}

void MpiSystem::report_end_state() {
    properties::EndStateEvent e;
    e.ranks = size();
    std::vector<bool> finished;
    finished.reserve(static_cast<std::size_t>(size()));
    for (int r = 0; r < size(); ++r) finished.push_back(runtime_.status(r) == RankStatus::Finished);
    e.finished = static_cast<int>(std::count(finished.begin(), finished.end(), true));
    for (int r = 0; r < size(); ++r) {
        const RankStatus status = runtime_.status(r);
        // A rank polling with a test that can only say "not yet" is as stuck as a blocked one.
        const bool polls = status == RankStatus::AtCall && mpi::tests(runtime_.call(r).kind);
        if (status != RankStatus::Blocked && !polls) continue;
        e.polling += polls;
        const mpi::RankCall& call = runtime_.call(r);
        BlockedRank b = describe_blocked(world_, r, call, finished, runtime_.image());
        b.location = runtime_.locate_call(call.site);
        e.stuck.push_back(std::move(b));
    }
    monitors_.on_end_state(e);
}

} // namespace rankfold::mc
