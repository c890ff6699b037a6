#include "mc/Scheduler.hpp"

#include "mc/Journal.hpp"
#include "mc/LeakCheck.hpp"
#include "mc/WaitDescription.hpp"
#include "mc/Watchdog.hpp"
#include "simulated-mpi/interface/ErrorStrings.hpp"
#include "snapshot/AppContext.hpp"
#include "snapshot/RankArena.hpp"

#define UNW_LOCAL_ONLY
#include <fmt/format.h>
#include <libunwind.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <typeinfo>

#include <cxxabi.h>
#include <unistd.h> // environ (a GNU extension there)

namespace rankfold::mc {

Scheduler* Scheduler::current_ = nullptr;

Scheduler::Scheduler(const RunOptions& options, const ProgramImage& image,
                     snapshot::RankMemory& memory, OutputRouter& output)
    : options_(options), image_(image), memory_(memory), output_(output),
      world_(options.ranks, options.buffering), ranks_(static_cast<std::size_t>(options.ranks)) {
    if (options.seed) random_.emplace(*options.seed);
    for (int r = 0; r < options.ranks; ++r) {
        Rank& rank = ranks_[r];
        rank.id = r;
        rank.arena = memory.arena(r);
        const snapshot::RankRegion region = memory.region(r);
        rank.fiber = std::make_unique<RankFiber>(region.stack_low, region.stack_size,
                                                 &Scheduler::rank_body, &rank);
        rank.crash_target =
            CrashTarget{rank.fiber->stack_low(), rank.fiber->stack_high(),
                        rank.fiber->landing_stack_pointer(), &Scheduler::crash_landing};
    }
    current_ = this;
    mpi::install_rank_gate(this);
}

Scheduler::~Scheduler() {
    mpi::install_rank_gate(nullptr);
    if (current_ == this) current_ = nullptr;
}

// ---- the rank's side ---------------------------------------------------------------------

void Scheduler::rank_body(void* argument) {
    Rank& rank = *static_cast<Rank*>(argument);
    Scheduler& self = *current_;
    const ModuleCopy& module = self.image_.copy(rank.id);
    // From here on this is the program's code: its allocations go to the rank's heap, argv too.
    snapshot::g_app_arena = rank.arena;
    const int argc = 1 + static_cast<int>(self.options_.arguments.size());
    auto** argv =
        static_cast<char**>(std::calloc(static_cast<std::size_t>(argc) + 1, sizeof(char*)));
    argv[0] = strdup(self.options_.program.c_str());
    for (int i = 1; i < argc; ++i) argv[i] = strdup(self.options_.arguments[i - 1].c_str());
    // An exception that escapes main is not caught here: the unwinder then finds no handler
    // and calls std::terminate with the throwing frames still on the stack, where
    // on_terminate() can name the throw site.
    const int code = module.main(argc, argv, environ);
    self.rank_exit(code, 0);
}

void Scheduler::submit(mpi::RankCall& call) {
    Rank& rank = ranks_[running_];
    rank.call = &call;
    rank.last_call = call.name;
    rank.last_site = call.site;
    rank.status = Status::AtCall;
    rank.fiber->suspend();
    rank.call = nullptr;
}

void Scheduler::leave_forever(Rank& rank) {
    rank.fiber->suspend();
    std::abort(); // a finished or failed rank is never resumed
}

void Scheduler::rank_exit(int code, std::uintptr_t site) {
    Rank& rank = ranks_[running_];
    // The rank's atexit handlers and static destructors, as at the end of a process.
    snapshot::g_app_arena = rank.arena;
    if (auto run_handlers = image_.copy(rank.id).run_exit_handlers) run_handlers();
    snapshot::g_app_arena = nullptr;
    if (code != 0)
        rank_violation(ViolationKind::Exit,
                       fmt::format("rank {} exited with status {}", rank.id, code), site);
    if (world_.initialized(rank.id) && !world_.finalized(rank.id)) {
        // Returning from main leaves no frame to name: the rank's last MPI call stands in.
        const bool returned = site == 0;
        rank_violation(
            ViolationKind::Usage,
            returned ? fmt::format("rank {} returned from main without calling "
                                   "MPI_Finalize; its last MPI call was {}",
                                   rank.id, rank.last_call)
                     : fmt::format("rank {} exited without calling MPI_Finalize", rank.id),
            returned ? rank.last_site : site, mpi::misuse_name(mpi::Misuse::MissingFinalize));
    }
    rank.status = Status::Finished;
    leave_forever(rank);
}

void Scheduler::rank_violation(ViolationKind kind, std::string message, std::uintptr_t site,
                               std::string subkind) {
    snapshot::g_app_arena = nullptr;
    Rank& rank = ranks_[running_];
    Violation v;
    v.kind = kind;
    v.subkind = std::move(subkind);
    v.rank = rank.id;
    v.message = std::move(message);
    v.location = locate_call(site);
    if (!v.location) v.location = locate_call(program_frame()); // e.g. free() called by libstdc++
    fail_rank(rank, std::move(v));
    leave_forever(rank);
}

void Scheduler::abort_run(int errorcode, std::uintptr_t site) {
    rank_violation(ViolationKind::Abort,
                   fmt::format("MPI_Abort called with error code {}", errorcode), site);
}

int Scheduler::local_error(const char* call, MPI_Comm comm, int code, mpi::Misuse misuse,
                           std::string message, std::uintptr_t site) {
    if (world_.errors_return(running_, comm)) return code;
    std::string text = fmt::format("{}: {} ({})", call, message, mpi::error_name(code));
    // The rank's fiber is abandoned below with this frame on it: nothing here may still own
    // heap memory, or it leaks (LeakSanitizer reports it).
    std::string().swap(message);
    rank_violation(ViolationKind::Usage, std::move(text), site, mpi::misuse_name(misuse));
}

void Scheduler::run_as_rank(int rank, void (*fn)(void*), void* argument) {
    snapshot::RankArena* saved = snapshot::g_app_arena;
    snapshot::g_app_arena = ranks_[rank].arena;
    fn(argument);
    snapshot::g_app_arena = saved;
}

void Scheduler::on_terminate() {
    Scheduler* self = current_;
    if (self == nullptr || !self->in_rank()) std::abort();
    std::string what = "uncaught C++ exception";
    if (std::exception_ptr e = std::current_exception()) {
        try {
            std::rethrow_exception(e);
        } catch (const std::exception& x) {
            int status = 0;
            char* name = abi::__cxa_demangle(typeid(x).name(), nullptr, nullptr, &status);
            what += fmt::format(" {}: {}", name != nullptr ? name : typeid(x).name(), x.what());
            std::free(name);
        } catch (...) {
        }
    } else {
        what = "std::terminate called";
    }
    self->rank_violation(ViolationKind::Crash, std::move(what), 0);
}

void Scheduler::crash_landing() {
    snapshot::g_app_arena = nullptr;
    Scheduler& self = *current_;
    Rank& rank = self.ranks_[self.running_];
    rank.crashed = true; // described by the scheduler, on its own stack
    self.leave_forever(rank);
}

std::uintptr_t Scheduler::program_frame() const {
    unw_context_t context;
    unw_cursor_t cursor;
    unw_getcontext(&context);
    unw_init_local(&cursor, &context);
    while (unw_step(&cursor) > 0) {
        unw_word_t ip = 0;
        unw_get_reg(&cursor, UNW_REG_IP, &ip);
        if (image_.copy_containing(ip) >= 0) return ip;
    }
    return 0;
}

// ---- the scheduler's side ----------------------------------------------------------------

void Scheduler::resume(Rank& rank) {
    g_journal->rank = rank.id;
    g_journal->steps = stats_.steps;
    running_ = rank.id;
    rank.status = Status::Running;
    g_crash_target = &rank.crash_target;
    watchdog_new_slice();
    if (system_memory_) system_memory_->rank_ran(rank.id);
    rank.fiber->resume();
    g_crash_target = nullptr;
    running_ = -1;
    g_journal->rank = -1;
    output_.collect(rank.id);
    if (rank.crashed) crash_violation(rank);
}

bool Scheduler::enabled(const Rank& rank) const {
    if (rank.status == Status::AtCall) return true;
    return rank.status == Status::Blocked && world_.ready(rank.id, *rank.call);
}

int Scheduler::pick(int choices) {
    if (choices <= 1 || !random_) return 0;
    return static_cast<int>((*random_)() % static_cast<std::uint64_t>(choices));
}

void Scheduler::step(Rank& rank) {
    mpi::RankCall& call = *rank.call;
    if (!call.issued) {
        ++stats_.steps;
        unmatched_posts_ = unmatched_posts_ || mpi::posts(call.kind);
        const mpi::Progress p = world_.issue(rank.id, call);
        if (p == mpi::Progress::Failed) return mpi_failure(rank);
        if (call.kind == mpi::CallKind::Finalize && !check_finalize(rank)) return;
        if (p == mpi::Progress::Blocked) {
            rank.status = Status::Blocked;
            if (!world_.ready(rank.id, call)) return;
        }
        if (p == mpi::Progress::Done) return resume(rank);
    }
    const int choice = pick(world_.completion_choices(rank.id, call));
    if (world_.complete(rank.id, call, choice) == mpi::Progress::Failed) return mpi_failure(rank);
    resume(rank);
}

void Scheduler::match_ready_messages() {
    if (!unmatched_posts_) return;
    unmatched_posts_ = false;
    const mpi::MatchingEngine& engine = world_.matching();
    if (random_) {
        for (;;) {
            match_buffer_.clear();
            engine.allowed_matches(match_buffer_);
            if (match_buffer_.empty()) return;
            world_.apply_match(match_buffer_[pick(static_cast<int>(match_buffer_.size()))]);
            ++stats_.matches;
        }
    }
    for (int r = 0; r < world_.size(); ++r) {
        if (engine.pending_receives(r) == 0 || engine.pending_messages(r) == 0) continue;
        while (auto m = engine.first_allowed_match(r)) {
            world_.apply_match(*m);
            ++stats_.matches;
        }
    }
}

Scheduler::Rank* Scheduler::next_rank() {
    const int n = static_cast<int>(ranks_.size());
    if (random_) {
        std::vector<Rank*> candidates;
        for (Rank& r : ranks_)
            if (enabled(r)) candidates.push_back(&r);
        return candidates.empty() ? nullptr : candidates[pick(static_cast<int>(candidates.size()))];
    }
    for (int k = 1; k <= n; ++k) {
        Rank& r = ranks_[(last_stepped_ + k) % n];
        if (enabled(r)) {
            last_stepped_ = r.id;
            return &r;
        }
    }
    return nullptr;
}

void Scheduler::start() {
    for (Rank& rank : ranks_) {
        if (violation_) break;
        resume(rank);
    }
}

bool Scheduler::advance(const std::function<bool()>& at_choice) {
    const auto begin = std::chrono::steady_clock::now();
    bool stopped = false;
    while (!violation_) {
        match_ready_messages();
        if (at_choice && !at_choice()) {
            stopped = true;
            break;
        }
        Rank* next = next_rank();
        if (next == nullptr) break;
        step(*next);
    }
    if (!violation_ && !stopped) {
        const bool all_done = std::all_of(ranks_.begin(), ranks_.end(), [](const Rank& r) {
            return r.status == Status::Finished;
        });
        if (!all_done) violation_ = deadlock();
    }
    for (Rank& rank : ranks_) output_.collect_everything(rank.id);
    seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    return !stopped;
}

RunResult Scheduler::result() const {
    RunResult result;
    if (violation_) result.violations.push_back({*violation_, {}, {}, {}});
    result.warnings = warnings_;
    result.stats = stats_;
    result.stats.executions = 1;
    result.stats.seconds = seconds_;
    result.stats.peak_rss_bytes = peak_rss_bytes();
    return result;
}

RunResult Scheduler::run() {
    start();
    advance();
    return result();
}

// ---- violations --------------------------------------------------------------------------

void Scheduler::fail_rank(Rank& rank, Violation violation) {
    rank.status = Status::Failed;
    if (!violation_) violation_ = std::move(violation);
}

void Scheduler::mpi_failure(Rank& rank) {
    const mpi::MpiFailure f = *world_.failure(rank.id);
    if (f.misuse && world_.errors_return(rank.id, rank.call->comm)) {
        // MPI_ERRORS_RETURN: the program gets the error class and carries on.
        rank.call->result = f.code;
        world_.clear_failure(rank.id);
        return resume(rank);
    }
    Violation v;
    v.kind = f.misuse ? ViolationKind::Usage : ViolationKind::MpiError;
    if (f.misuse) v.subkind = mpi::misuse_name(*f.misuse);
    v.rank = rank.id;
    v.message = fmt::format("{} ({})", f.message, mpi::error_name(f.code));
    v.location = locate_call(rank.call->site);
    fail_rank(rank, std::move(v));
}

bool Scheduler::check_finalize(Rank& rank) {
    const std::vector<Leak> leaks = finalize_leaks(world_, rank.id);
    for (const Leak& leak : leaks) {
        const bool warning =
            options_.allow_leaks && leak.misuse != mpi::Misuse::PersistentNotStarted;
        Violation v;
        v.kind = ViolationKind::Usage;
        v.subkind = mpi::misuse_name(leak.misuse);
        v.rank = rank.id;
        v.message = leak.message;
        v.location = locate_call(leak.site);
        if (!warning) {
            fail_rank(rank, std::move(v));
            return false;
        }
        const bool known = std::any_of(warnings_.begin(), warnings_.end(), [&](const Violation& w) {
            auto place = [](const Violation& x) {
                return x.location ? x.location->short_text() : std::string();
            };
            return w.subkind == v.subkind && w.rank == v.rank && w.message == v.message &&
                   place(w) == place(v);
        });
        if (!known) warnings_.push_back(std::move(v));
    }
    return true;
}

void Scheduler::crash_violation(Rank& rank) {
    const CrashRecord& record = g_crash_record;
    Violation v;
    v.kind = ViolationKind::Crash;
    v.rank = rank.id;
    v.message = describe_crash(record);
    if (record.signal == SIGVTALRM) {
        v.kind = ViolationKind::NonProgress;
        v.message = fmt::format("rank {} ran for {} s of CPU time without a visible call (an "
                                "endless loop?); raise the limit with --watchdog",
                                rank.id, watchdog_seconds());
    }
    for (int i = 0; i < record.frame_count; ++i) {
        // Frame 0 is the faulting instruction itself; the others are return addresses.
        if (auto loc = image_.locate(record.frames[i], i > 0)) {
            if (!v.location) v.location = loc;
            v.backtrace.push_back(*loc);
        }
    }
    fail_rank(rank, std::move(v));
}

std::optional<CodeLocation> Scheduler::locate_call(std::uintptr_t site) const {
    return site == 0 ? std::nullopt : image_.locate(site, true);
}

Violation Scheduler::deadlock() const {
    Violation v;
    v.kind = ViolationKind::Deadlock;
    std::vector<bool> finished;
    int blocked = 0;
    for (const Rank& r : ranks_) finished.push_back(r.status == Status::Finished);
    int polling = 0;
    for (const Rank& r : ranks_) {
        // A rank polling with a test that can only say "not yet" is as stuck as a blocked one.
        const bool polls = r.status == Status::AtCall && mpi::tests(r.call->kind);
        if (r.status != Status::Blocked && !polls) continue;
        polling += polls;
        BlockedRank b = describe_blocked(world_, r.id, *r.call, finished, image_);
        b.location = locate_call(r.call->site);
        if (v.rank < 0) {
            v.rank = r.id;
            v.location = b.location;
        }
        v.blocked.push_back(std::move(b));
        ++blocked;
    }
    const int done = static_cast<int>(std::count(finished.begin(), finished.end(), true));
    auto ranks = [](int n) { return fmt::format("{} rank{}", n, n == 1 ? "" : "s"); };
    v.message = done == 0 ? fmt::format("all {} are blocked", ranks(blocked))
                          : fmt::format("{} {} blocked and {} {} finished", ranks(blocked),
                                        blocked == 1 ? "is" : "are", ranks(done),
                                        done == 1 ? "has" : "have");
    if (polling > 0)
        v.message +=
            fmt::format(" ({} of them polling with a test that can never succeed)", polling);
    return v;
}

} // namespace rankfold::mc
