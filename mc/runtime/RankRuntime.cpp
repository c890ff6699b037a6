#include "mc/runtime/RankRuntime.hpp"

#include "mc/runtime/CrashJournal.hpp"
#include "mc/runtime/SystemMemory.hpp"
#include "mc/runtime/Watchdog.hpp"
#include "simulated-mpi/interface/ErrorStrings.hpp"
#include "snapshot/AppContext.hpp"
#include "snapshot/RankArena.hpp"

#define UNW_LOCAL_ONLY
#include <fmt/format.h>
#include <libunwind.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <typeinfo>

#include <cxxabi.h>
#include <unistd.h> // environ (a GNU extension there)

namespace rankfold::mc {

RankRuntime* RankRuntime::current_ = nullptr;

RankRuntime::RankRuntime(ProgramCommand command, const ProgramImage& image,
                         snapshot::RankMemory& memory, OutputRouter& output, mpi::MpiWorld& world,
                         properties::EventSink& events)
    : command_(std::move(command)), image_(image), memory_(memory), output_(output), world_(world),
      events_(events), ranks_(static_cast<std::size_t>(world.size())) {
    for (int r = 0; r < world.size(); ++r) {
        Rank& rank = ranks_[r];
        rank.id = r;
        rank.arena = memory.arena(r);
        const snapshot::RankRegion region = memory.region(r);
        rank.fiber = std::make_unique<RankFiber>(region.stack_low, region.stack_size,
                                                 &RankRuntime::rank_body, &rank);
        rank.crash_target =
            CrashTarget{rank.fiber->stack_low(), rank.fiber->stack_high(),
                        rank.fiber->landing_stack_pointer(), &RankRuntime::crash_landing};
    }
    current_ = this;
    mpi::install_rank_gate(this);
}

RankRuntime::~RankRuntime() {
    mpi::install_rank_gate(nullptr);
    if (current_ == this) current_ = nullptr;
}

// ---- the rank's side ---------------------------------------------------------------------

void RankRuntime::rank_body(void* argument) {
    Rank& rank = *static_cast<Rank*>(argument);
    RankRuntime& self = *current_;
    const ModuleCopy& module = self.image_.copy(rank.id);
    // From here on this is the program's code: its allocations go to the rank's heap, argv too.
    snapshot::g_app_arena = rank.arena;
    const int argc = 1 + static_cast<int>(self.command_.arguments.size());
    auto** argv =
        static_cast<char**>(std::calloc(static_cast<std::size_t>(argc) + 1, sizeof(char*)));
    argv[0] = strdup(self.command_.program.c_str());
    for (int i = 1; i < argc; ++i) argv[i] = strdup(self.command_.arguments[i - 1].c_str());
    // An exception that escapes main is not caught here: the unwinder then finds no handler
    // and calls std::terminate with the throwing frames still on the stack, where
    // on_terminate() can name the throw site.
    const int code = module.main(argc, argv, environ);
    self.rank_exit(code, 0);
}

void RankRuntime::submit(mpi::RankCall& call) {
    Rank& rank = ranks_[running_];
    rank.control.call = &call;
    rank.last_call = call.name;
    rank.last_site = call.site;
    rank.control.status = RankStatus::AtCall;
    rank.fiber->suspend();
    rank.control.call = nullptr;
    // The explorer's decisions for this call are spent: put them back, so that what this frame
    // leaves on the stack does not remember which choice was taken. A later call's frame may not
    // overwrite those bytes (AddressSanitizer lays frames out differently), and two paths that
    // differ only there would be two states.
    call.outcome = -1;
    call.buffered = -1;
}

void RankRuntime::leave_forever(Rank& rank) {
    rank.fiber->suspend();
    std::abort(); // a finished or failed rank is never resumed
}

void RankRuntime::rank_exit(int code, std::uintptr_t site) {
    Rank& rank = ranks_[running_];
    // The rank's atexit handlers and static destructors, as at the end of a process.
    snapshot::g_app_arena = rank.arena;
    if (auto run_handlers = image_.copy(rank.id).run_exit_handlers) run_handlers();
    snapshot::g_app_arena = nullptr;
    if (code != 0)
        rank_violation(ViolationKind::Exit,
                       fmt::format("rank {} exited with status {}", rank.id, code), site);
    if (world_.rank_state(rank.id).initialized && !world_.rank_state(rank.id).finalized) {
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
    rank.control.status = RankStatus::Finished;
    leave_forever(rank);
}

void RankRuntime::rank_violation(ViolationKind kind, std::string message, std::uintptr_t site,
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
    fail(rank.id, std::move(v));
    leave_forever(rank);
}

void RankRuntime::abort_run(int errorcode, std::uintptr_t site) {
    rank_violation(ViolationKind::Abort,
                   fmt::format("MPI_Abort called with error code {}", errorcode), site);
}

int RankRuntime::local_error(const char* call, MPI_Comm comm, int code, mpi::Misuse misuse,
                             std::string message, std::uintptr_t site) {
    if (world_.errors_return(running_, comm)) return code;
    std::string text = fmt::format("{}: {} ({})", call, message, mpi::error_name(code));
    // The rank's fiber is abandoned below with this frame on it: nothing here may still own
    // heap memory, or it leaks (LeakSanitizer reports it).
    std::string().swap(message);
    rank_violation(ViolationKind::Usage, std::move(text), site, mpi::misuse_name(misuse));
}

void RankRuntime::run_as_rank(int rank, void (*fn)(void*), void* argument) {
    snapshot::RankArena* saved = snapshot::g_app_arena;
    snapshot::g_app_arena = ranks_[rank].arena;
    fn(argument);
    snapshot::g_app_arena = saved;
}

void RankRuntime::on_terminate() {
    RankRuntime* self = current_;
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

void RankRuntime::crash_landing() {
    snapshot::g_app_arena = nullptr;
    RankRuntime& self = *current_;
    Rank& rank = self.ranks_[self.running_];
    rank.control.crashed = true; // described by the runtime, on the checker's stack
    self.leave_forever(rank);
}

std::uintptr_t RankRuntime::program_frame() const {
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

void RankRuntime::crash_violation(Rank& rank) {
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
    fail(rank.id, std::move(v));
}

std::optional<CodeLocation> RankRuntime::locate_call(std::uintptr_t site) const {
    return site == 0 ? std::nullopt : image_.locate(site, true);
}

// ---- the checker's side --------------------------------------------------------------------

bool RankRuntime::all_finished() const {
    return std::all_of(ranks_.begin(), ranks_.end(),
                       [](const Rank& r) { return r.control.status == RankStatus::Finished; });
}

void RankRuntime::resume(int rank_id, std::uint64_t steps) {
    Rank& rank = ranks_[rank_id];
    g_crash_journal->rank = rank.id;
    g_crash_journal->steps = steps;
    running_ = rank.id;
    rank.control.status = RankStatus::Running;
    g_crash_target = &rank.crash_target;
    watchdog_new_slice();
    if (memory_tracker_ != nullptr) memory_tracker_->rank_ran(rank.id);
    rank.fiber->resume();
    g_crash_target = nullptr;
    running_ = -1;
    g_crash_journal->rank = -1;
    output_.collect(rank.id);
    if (rank.control.crashed) crash_violation(rank);
}

void RankRuntime::collect_all_output() {
    for (const Rank& r : ranks_) output_.collect_everything(r.id);
}

void RankRuntime::fail(int rank, Violation violation) {
    ranks_[rank].control.status = RankStatus::Failed;
    events_.on_rank_fault({std::move(violation)});
}

std::vector<RankControl> RankRuntime::controls() const {
    std::vector<RankControl> out;
    out.reserve(ranks_.size());
    for (const Rank& r : ranks_) {
        RankControl c = r.control;
        c.context = r.fiber->context();
        out.push_back(c);
    }
    return out;
}

void RankRuntime::set_controls(const std::vector<RankControl>& controls) {
    for (std::size_t i = 0; i < ranks_.size(); ++i) {
        ranks_[i].control = controls[i];
        ranks_[i].fiber->set_context(controls[i].context);
    }
}

} // namespace rankfold::mc
