#include "mc/system/MpiSystem.hpp"

#include "mc/system/CallArguments.hpp"
#include "mc/system/CollectiveBuffers.hpp"
#include "mc/system/LeakCheck.hpp"
#include "mc/system/PendingBuffers.hpp"
#include "mc/system/WaitDescription.hpp"
#include "simulated-mpi/interface/ErrorStrings.hpp"
#include "simulated-mpi/interface/Request.hpp"
#include "snapshot/GuardedCopy.hpp"

#include <fmt/format.h>

#include <cstdint>

#include <algorithm>
#include <optional>
#include <stdexcept>

namespace rankfold::mc {

using mpi::CallKind;

MpiSystem::MpiSystem(SystemOptions options, RankRuntime& runtime, mpi::MpiWorld& world,
                     properties::MonitorSet& monitors)
    : runtime_(runtime), world_(world), monitors_(monitors),
      open_(options, runtime.ranks(), world) {}

void MpiSystem::launch() {
    for (int r = 0; r < runtime_.ranks().size(); ++r) {
        if (violation()) break;
        resume(r);
    }
}

SystemState& MpiSystem::enable_snapshots(bool page_sharing, StateEquality equality) {
    state_ = std::make_unique<SystemState>(runtime_, world_, monitors_, unmatched_posts_,
                                           page_sharing, equality);
    memory_ = &state_->memory();
    return *state_;
}

RunResult MpiSystem::result() const {
    RunResult result;
    if (violation()) result.violations.emplace_back().violation = *violation();
    result.warnings = monitors_.warnings();
    result.stats.steps = log_.steps;
    result.stats.matches = log_.matches;
    result.stats.executions = 1;
    return result;
}

// ---- the closure ---------------------------------------------------------------------------

bool MpiSystem::watched(const char* name) {
    auto& recent =
        watched_recent_[(reinterpret_cast<std::uintptr_t>(name) >> 3) % watched_recent_.size()];
    if (recent.first == name) return recent.second;
    const auto [it, added] = watched_.try_emplace(name, false);
    if (added) it->second = monitors_.watches_call(name);
    recent = {name, it->second};
    return it->second;
}

namespace {

// Whether issuing a call of `kind` may write every rank's memory: it acts on objects all ranks
// share, or it posts a message (mpi::posts, but for the two calls that only post receives).
constexpr bool writes_every_rank(CallKind kind) {
    return touches_every_rank(kind) ||
           (mpi::posts(kind) && kind != CallKind::Recv && kind != CallKind::Irecv);
}

} // namespace

void MpiSystem::may_write_for_call(int rank, mpi::CallKind kind) {
    if (writes_every_rank(kind))
        may_write();
    else
        may_write(rank);
}

bool MpiSystem::issue_call(int rank) {
    mpi::RankCall& call = runtime_.ranks().call(rank);
    may_write_for_call(rank, call.kind);
    ++log_.steps;
    unmatched_posts_ = unmatched_posts_ || mpi::posts(call.kind);
    const bool note_posts = log_.on() || effects_.on();
    const std::uint64_t posted_before = note_posts ? world_.posts(rank) : 0;
    effects_.ran_code(rank);
    if (touches_every_rank(call.kind)) effects_.everything();
    if (observes_requests(call.kind)) effects_.observed(rank);
    if (log_.on()) log_.note(rank, call.name, call.site, describe_call(call));
    if (!call.announced && watched(call.name)) {
        CallArgumentBuffer arguments;
        monitors_.on_call(
            {rank, call.name, call.site, call_arguments(call, arguments, &world_, rank)});
    }
    if (call.kind == CallKind::RequestFree) note_request_free(rank, call);
    if (call.kind == CallKind::Rma)
        if (const int target = world_.passive_operation_target(rank, call); target >= 0)
            passive_issues_ |=
                process_bit(target) | (mpi::fetches(call.rma.kind) ? process_bit(rank) : 0);
    mpi::DirectMatch direct; // made by the fast path of a blocking send or receive
    // The world's step, the race monitor told before and after. Inline in both places: once
    // the fast path made it grow, GCC called it out of line, which cost the blocking stream of
    // bench/run.sh 7% (0.321 against 0.300 s for 10^6 messages).
    const auto step_world = [&]() __attribute__((always_inline)) {
        if (races_ != nullptr) remote_order_.before_issue(rank);
        const mpi::Progress progress =
            world_.issue(rank, call, direct_allowed(rank, call) ? &direct : nullptr);
        if (races_ != nullptr && progress != mpi::Progress::Failed)
            remote_order_.issued(*races_, rank, call, progress == mpi::Progress::Done);
        return progress;
    };
    mpi::Progress p = mpi::Progress::Failed;
    if (mpi::tests(call.kind) && watched(kRequestCompleted)) {
        // The requests a test-family call completes, for the monitors. In this scope only: the
        // build zeroes every local (CMakeLists.txt), and clearing this 150-byte one on every
        // call cost 2.4% of a blocking point-to-point stream.
        const TestedRequests tested(call);
        p = step_world();
        tested.each_completed([&](MPI_Request* request) {
            const properties::CallArgument a{reinterpret_cast<std::uintptr_t>(request),
                                             sizeof(MPI_Request)};
            monitors_.on_call({rank, kRequestCompleted, call.site, {&a, 1}});
        });
    } else {
        p = step_world();
    }
    publish_buffers(rank, p == mpi::Progress::Done);
    TraceStep* step = log_.last();
    if (step != nullptr) step->collective = call.kind == CallKind::Collective;
    // Posts are messages and receives; a message is the one waiting in some queue (matches
    // come later, in the closure's matching round).
    for (std::uint64_t n = posted_before + 1; note_posts && n <= world_.posts(rank); ++n) {
        const std::uint64_t id = mpi::MpiWorld::post_id(rank, n);
        for (int r = 0; r < runtime_.ranks().size(); ++r) {
            if (world_.matching().find_message(r, id) == nullptr) continue;
            effects_.queue(r);
            if (step != nullptr) step->sent.push_back({id, r});
        }
    }
    if (direct.match.message_id != 0) note_direct_match(direct, step);
    if (p == mpi::Progress::Failed) {
        mpi_failure(rank);
        return false;
    }
    if (call.kind == mpi::CallKind::Finalize &&
        !check_finalize(finalize_leaks(world_, rank, call.site), rank))
        return false;
    if (p == mpi::Progress::Blocked) {
        runtime_.ranks().set_status(rank, RankStatus::Blocked);
        return false;
    }
    return check_shmem_finalize(rank);
}

bool MpiSystem::complete_call(int rank) {
    // Completing a call writes its rank's results; a send's data went at its match.
    if (touches_every_rank(runtime_.ranks().call(rank).kind))
        may_write();
    else
        may_write(rank);
    effects_.ran_code(rank);
    if (completion_with_outcome(runtime_.ranks().call(rank))) effects_.observed(rank);
    const mpi::Progress p = world_.complete(rank, runtime_.ranks().call(rank), 0);
    if (races_ != nullptr && p != mpi::Progress::Failed)
        remote_order_.finished(*races_, rank, runtime_.ranks().call(rank));
    publish_buffers(rank, false);
    if (p == mpi::Progress::Failed) {
        mpi_failure(rank);
        return false;
    }
    return check_shmem_finalize(rank);
}

void MpiSystem::publish_buffers(int rank, bool issued) {
    if (races_ == nullptr) return;
    const mpi::RankCall& call = runtime_.ranks().call(rank);
    // Nothing pending before (the monitor's list is empty) nor now: the event below would be
    // skipped anyway, so the listing, which builds names and byte ranges, is not made.
    if (races_->pending(rank).empty() && adds_no_pending_buffer(call.kind)) return;
    if (races_->pending(rank).empty() && nothing_pending(world_, rank, call)) return;
    pending_buffers(world_, rank, call, buffers_);
    // Nonblocking collectives: their buffers come from the call that started them, kept by the
    // race monitor since. A nonblocking collective issued without failure has written its
    // request handle: that is the request it started.
    const bool starts_collective = issued && call.kind == CallKind::Collective &&
                                   call.coll.nonblocking && call.requests != nullptr;
    const mpi::Request* started =
        starts_collective ? world_.requests().find(rank, *call.requests) : nullptr;
    const mpi::RequestTable& table = world_.requests();
    for (int slot = 0; const mpi::Request* r = table.slot(rank, slot); ++slot) {
        if (r->kind != mpi::Request::Kind::Collective || !r->active || r->seen_complete) continue;
        if (r == started) {
            collective_buffers(world_, rank, call, slot, buffers_);
            continue;
        }
        for (const properties::PendingBuffer& p : races_->pending(rank))
            if (p.operation == collective_operation(slot)) buffers_.push_back(p);
    }
    // Nothing pending before or after (every blocking call of a program without nonblocking
    // operations): the race monitor's state would not change, so it is not told.
    if (buffers_.empty() && races_->pending(rank).empty()) return;
    monitors_.on_pending_buffers({rank, buffers_});
}

void MpiSystem::apply_match(const mpi::Match& match) {
    const mpi::Message* m =
        effects_.on() ? world_.matching().find_message(match.receiver, match.message_id) : nullptr;
    note_match(match, m != nullptr, m != nullptr ? m->buffered : 0,
               m != nullptr && m->sender.valid());
    world_.apply_match(match);
    matched(match);
}

void MpiSystem::note_direct_match(const mpi::DirectMatch& direct, TraceStep* issued) {
    // A send's message goes to its receiver's queue and out again in one step.
    if (direct.sent_now) {
        effects_.queue(direct.match.receiver);
        if (issued != nullptr)
            issued->sent.push_back({direct.match.message_id, direct.match.receiver});
        if (races_ != nullptr)
            remote_order_.sent_directly(*races_, direct.match.origin, direct.match.message_id);
    }
    log_match(direct.match);
    // The world has written already: the marks count at the next capture or restore.
    note_match(direct.match, true, direct.buffered, direct.sender_request);
    matched(direct.match);
}

void MpiSystem::note_match(const mpi::Match& match, bool known, std::size_t buffered,
                           bool sender_request) {
    if (effects_.on()) {
        effects_.queue(match.receiver);
        // The match may complete the sender's send request (a test of it can say "done") or
        // give it back attached-buffer space; an eagerly buffered message leaves it as it is.
        if (!known || match.origin < 0)
            effects_.everything();
        else if (buffered > 0)
            effects_.queue(match.origin);
        else if (sender_request)
            effects_.completed_request(match.origin);
    }
    // The receiver gets the data and a status; the sender's request may complete.
    may_write(match.receiver);
    if (match.origin >= 0)
        may_write(match.origin);
    else
        may_write();
}

void MpiSystem::matched(const mpi::Match& match) {
    if (races_ != nullptr) remote_order_.matched(*races_, match);
    ++log_.matches;
}

void MpiSystem::log_match(const mpi::Match& match) {
    if (!log_.on()) return;
    log_.note(match.receiver, "", 0, fmt::format("receives the message of rank {}", match.origin));
    log_.last()->message = match.message_id;
}

void MpiSystem::match_deterministic() {
    if (!unmatched_posts_) return;
    unmatched_posts_ = false;
    const mpi::MatchingEngine& engine = world_.matching();
    for (int r = 0; r < world_.size(); ++r) {
        if (engine.pending_receives(r) == 0 || engine.pending_messages(r) == 0) continue;
        // (A held match, of an operation whose cancel is pending, is a choice: OpenChoices.)
        while (const std::optional<mpi::Match> m = engine.first_deterministic_match(r)) {
            log_match(*m);
            apply_match(*m);
        }
    }
}

void MpiSystem::close() {
    for (;;) {
        match_deterministic();
        bool moved = false;
        for (int r = 0; r < runtime_.ranks().size(); ++r) {
            if (violation()) return;
            const RankStatus status = runtime_.ranks().status(r);
            if (status == RankStatus::AtCall) {
                if (open_.buffering_open(r)) continue;
                if (polls(runtime_.ranks().call(r)) && open_.outcome_open(r)) continue;
                // An RMA landing this step could see is open: landing or not is a choice.
                if (open_.landing_blocks(r) || open_.completion_held(r)) continue;
                if (at_step_) {
                    at_step_();
                    may_write();
                }
                issue(r);
                moved = true;
            } else if (status == RankStatus::Blocked && world_.ready(r, runtime_.ranks().call(r))) {
                if (completion_with_outcome(runtime_.ranks().call(r)) && open_.outcome_open(r))
                    continue;
                // Who gets a lock first is a choice (OpenChoices lists the grants).
                if (mpi::MpiWorld::requests_lock(runtime_.ranks().call(r))) continue;
                if (open_.landing_blocks(r)) continue;
                if (at_step_) {
                    at_step_();
                    may_write();
                }
                effects_.unblocked(r);
                complete(r);
                moved = true;
            }
        }
        if (violation()) return;
        if (!moved && !unmatched_posts_) return;
    }
}

// ---- how a path ends ----------------------------------------------------------------------

void MpiSystem::end_state() {
    // Also when every rank finished: the deadlock monitor has nothing to say then, but a
    // contract's POST still open is violated at the end of the execution.
    if (!violation()) monitors_.on_end_state(end_state_event(runtime_, world_));
}

void MpiSystem::finish_path(bool polling_deadlock) {
    if (violation()) return;
    std::vector<Transition> open;
    choices(open);
    if (open.empty() || polling_deadlock) end_state();
}

void MpiSystem::mpi_failure(int rank) {
    may_write(rank);
    mpi::RankCall& call = runtime_.ranks().call(rank);
    // A failure always says what went wrong: one the runtime left unexplained (a bug of the
    // runtime) still names the call.
    mpi::MpiFailure f = world_.rank_state(rank).failure.value_or(
        mpi::MpiFailure{MPI_ERR_INTERN, std::nullopt, std::string()});
    if (f.message.empty())
        f.message =
            fmt::format("{}: internal error of the simulated MPI (no reason recorded)", call.name);
    if (f.misuse && world_.errors_return(rank, call.comm)) {
        // MPI_ERRORS_RETURN: the program gets the error class and carries on.
        call.result = f.code;
        world_.rank_state(rank).failure.reset();
        return resume(rank);
    }
    runtime_.ranks().set_status(rank, RankStatus::Failed);
    // SHMEM has no error classes: its messages stand alone.
    monitors_.on_misuse({rank, f.misuse ? mpi::misuse_name(*f.misuse) : std::string(),
                         call.kind == CallKind::Shmem
                             ? f.message
                             : fmt::format("{} ({})", f.message, mpi::error_name(f.code)),
                         runtime_.image().locate_call(call.site)});
}

void MpiSystem::note_request_free(int rank, const mpi::RankCall& call) {
    MPI_Request handle = MPI_REQUEST_NULL;
    if (call.requests == nullptr || !snapshot::copy_from_app(&handle, call.requests, sizeof handle))
        return; // the runtime reports the bad argument
    const mpi::Request* r = world_.requests().find(rank, handle);
    if (r == nullptr || !r->active) return;
    // Whether the transfer already finished depends on the interleaving; that the program can
    // no longer learn it does not.
    monitors_.on_hazard(
        {rank, "request-free-active",
         fmt::format("MPI_Request_free of an active {}{} request: the program can no longer "
                     "learn when the transfer ends, so its buffer can never safely be reused or "
                     "freed (legal MPI; --strict makes it a violation)",
                     r->persistent ? "persistent " : "",
                     r->kind == mpi::Request::Kind::Send      ? "send"
                     : r->kind == mpi::Request::Kind::Receive ? "receive"
                     : r->kind == mpi::Request::Kind::Rma     ? "RMA"
                                                              : "collective"),
         runtime_.image().locate_call(call.site)});
}

bool MpiSystem::check_shmem_finalize_leaks(int rank) {
    const mpi::RankCall& call = runtime_.ranks().call(rank);
    return check_finalize(shmem_finalize_leaks(world_, rank, call.site), rank);
}

bool MpiSystem::check_finalize(const std::vector<Leak>& leaks, int rank) {
    for (const Leak& leak : leaks)
        monitors_.on_leak({rank, mpi::misuse_name(leak.misuse), leak.message,
                           runtime_.image().locate_call(leak.site),
                           leak.misuse == mpi::Misuse::PersistentNotStarted});
    if (!violation()) return true;
    runtime_.ranks().set_status(rank, RankStatus::Failed);
    return false;
}

} // namespace rankfold::mc
