// Scheduler, exploring: the deterministic closure between choices, the choices themselves, and
// taking one (EXPLORATION.md §1-2).
//
// Closure: every rank runs to its next call; calls are issued and completed, and messages
// matched to source-specific receives, as soon as possible, because no choice can change them.
// What stays for the explorer: which sender an ANY_SOURCE receive or probe takes, which
// requests Waitany/Waitsome return, whether a test succeeds yet (and how), and under
// --buffering both whether a standard send is buffered. A wildcard match is never made here,
// so by the time the closure stops every sender that could reach it without another choice has.
#include "mc/system/Scheduler.hpp"
#include "mc/system/WaitDescription.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rankfold::mc {

namespace {
using mpi::CallKind;

bool completion_with_outcome(const mpi::RankCall& call) {
    return call.kind == CallKind::Waitany || call.kind == CallKind::Waitsome ||
           call.kind == CallKind::Probe;
}
} // namespace

void Scheduler::set_exploring(bool both_buffering) {
    exploring_ = true;
    both_buffering_ = both_buffering;
}

bool Scheduler::all_finished() const {
    return std::all_of(ranks_.begin(), ranks_.end(),
                       [](const Rank& r) { return r.status == Status::Finished; });
}

void Scheduler::add_stats(const RunStats& more) {
    stats_.steps += more.steps;
    stats_.matches += more.matches;
}

bool Scheduler::buffering_choice(const Rank& rank) const {
    if (!both_buffering_ || rank.status != Status::AtCall) return false;
    const mpi::RankCall& call = *rank.call;
    if (call.buffered >= 0) return false;
    switch (call.kind) {
    case CallKind::Send:
    case CallKind::Isend:
    case CallKind::Sendrecv:
    case CallKind::SendrecvReplace:
        return call.mode == mpi::SendMode::Standard && call.dest != MPI_PROC_NULL;
    case CallKind::Start:
        // One persistent standard send (MPI_Startall's sends share one choice: not offered).
        return world_.starts_standard_send(rank.id, call);
    default:
        return false;
    }
}

bool Scheduler::open_choice(Rank& rank, std::vector<int>& keys) {
    mpi::RankCall& call = *rank.call;
    world_.open_outcomes(rank.id, call, outcomes_);
    keys = outcomes_.done;
    if (!outcomes_.open) {
        call.outcome = keys.empty() ? -1 : keys.front();
        return false;
    }
    return true;
}

void Scheduler::finish_path(bool polling_deadlock) {
    if (violation_) return;
    std::vector<Transition> open;
    choices(open);
    if (open.empty())
        end_state();
    else if (polling_deadlock)
        declare_deadlock();
}

void Scheduler::note(int rank, const char* call, std::uintptr_t site, std::string detail) {
    if (story_ != nullptr) story_->push_back({rank, call, site, std::move(detail)});
}

void Scheduler::issue_explored(Rank& rank) {
    mpi::RankCall& call = *rank.call;
    ++stats_.steps;
    unmatched_posts_ = unmatched_posts_ || mpi::posts(call.kind);
    if (story_ != nullptr) note(rank.id, call.name, call.site, describe_call(call));
    const mpi::Progress p = world_.issue(rank.id, call);
    if (p == mpi::Progress::Failed) return mpi_failure(rank);
    if (call.kind == mpi::CallKind::Finalize && !check_finalize(rank)) return;
    if (p == mpi::Progress::Blocked) {
        rank.status = Status::Blocked;
        return;
    }
    resume(rank);
}

void Scheduler::complete_explored(Rank& rank) {
    if (world_.complete(rank.id, *rank.call, 0) == mpi::Progress::Failed) return mpi_failure(rank);
    resume(rank);
}

void Scheduler::match_deterministic() {
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
            if (story_ != nullptr)
                note(r, "", 0, fmt::format("receives the message of rank {}", m->origin));
            world_.apply_match(*m);
            ++stats_.matches;
        }
    }
}

void Scheduler::close() {
    std::vector<int> keys;
    for (;;) {
        match_deterministic();
        bool moved = false;
        for (Rank& r : ranks_) {
            if (violation_) return;
            if (r.status == Status::AtCall) {
                if (buffering_choice(r)) continue;
                if (mpi::tests(r.call->kind) && open_choice(r, keys)) continue;
                issue_explored(r);
                moved = true;
            } else if (r.status == Status::Blocked && world_.ready(r.id, *r.call)) {
                if (completion_with_outcome(*r.call) && open_choice(r, keys)) continue;
                complete_explored(r);
                moved = true;
            }
        }
        if (violation_) return;
        if (!moved && !unmatched_posts_) return;
    }
}

void Scheduler::choices(std::vector<Transition>& out) {
    out.clear();
    if (violation_) return;
    std::vector<int> keys;
    for (Rank& r : ranks_) {
        if (r.status == Status::AtCall && buffering_choice(r)) {
            out.push_back({TransitionKind::SendBuffering, r.id, -1, 0});
            out.push_back({TransitionKind::SendBuffering, r.id, -1, 1});
        } else if (r.status == Status::AtCall && mpi::tests(r.call->kind) && open_choice(r, keys)) {
            for (int k : keys) out.push_back({TransitionKind::TestOutcome, r.id, -1, k});
            out.push_back({TransitionKind::TestOutcome, r.id, -1, 0}); // "not yet" last
        } else if (r.status == Status::Blocked && completion_with_outcome(*r.call) &&
                   world_.ready(r.id, *r.call) && open_choice(r, keys)) {
            const TransitionKind kind = r.call->kind == CallKind::Probe
                                            ? TransitionKind::ProbeReport
                                            : TransitionKind::CompletionPick;
            for (int k : keys) out.push_back({kind, r.id, -1, k});
        }
    }
    match_buffer_.clear();
    world_.matching().allowed_matches(match_buffer_);
    for (const mpi::Match& m : match_buffer_)
        if (m.wildcard)
            out.push_back({TransitionKind::WildcardMatch, m.receiver, m.receive_slot, m.origin});
    std::stable_sort(out.begin(), out.end(), [](const Transition& a, const Transition& b) {
        if (a.rank != b.rank) return a.rank < b.rank;
        if (a.kind == TransitionKind::WildcardMatch && b.kind == TransitionKind::WildcardMatch)
            return a.object != b.object ? a.object < b.object : a.outcome < b.outcome;
        return false;
    });
}

void Scheduler::take(const Transition& t) {
    Rank& rank = ranks_.at(static_cast<std::size_t>(t.rank));
    switch (t.kind) {
    case TransitionKind::WildcardMatch: {
        match_buffer_.clear();
        world_.matching().allowed_matches_for(t.rank, match_buffer_);
        auto m = std::find_if(match_buffer_.begin(), match_buffer_.end(), [&](const mpi::Match& x) {
            return x.wildcard && x.receive_slot == t.object && x.origin == t.outcome;
        });
        if (m == match_buffer_.end()) throw std::logic_error("take: wildcard match not enabled");
        if (story_ != nullptr)
            note(t.rank, "", 0,
                 fmt::format("its MPI_ANY_SOURCE receive takes the message of rank {}", t.outcome));
        world_.apply_match(*m);
        ++stats_.matches;
        unmatched_posts_ = true; // later receives may now be matchable
        break;
    }
    case TransitionKind::TestOutcome:
        rank.call->outcome = t.outcome;
        issue_explored(rank);
        if (story_ != nullptr && t.outcome == 0 && !story_->empty())
            story_->back().detail += story_->back().detail.empty() ? "not yet" : ": not yet";
        break;
    case TransitionKind::SendBuffering:
        rank.call->buffered = static_cast<std::int8_t>(t.outcome);
        issue_explored(rank);
        if (story_ != nullptr && !story_->empty())
            story_->back().detail += t.outcome == 1 ? " (buffered)" : " (not buffered)";
        break;
    case TransitionKind::CompletionPick:
    case TransitionKind::ProbeReport:
        rank.call->outcome = t.outcome;
        if (story_ != nullptr)
            note(t.rank, rank.call->name, rank.call->site,
                 t.kind == TransitionKind::ProbeReport
                     ? fmt::format("reports the message of rank {}", t.outcome)
                     : fmt::format("returns request {}{}",
                                   rank.call->kind == CallKind::Waitsome ? "set " : "",
                                   rank.call->kind == CallKind::Waitsome
                                       ? fmt::format("{:#b}", t.outcome)
                                       : std::to_string(t.outcome)));
        complete_explored(rank);
        break;
    }
    close();
}

void Scheduler::end_state() {
    if (!violation_ && !all_finished()) violation_ = deadlock();
}

} // namespace rankfold::mc
