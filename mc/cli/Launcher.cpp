#include "mc/cli/Launcher.hpp"

#include "mc/cli/ContractSetup.hpp"
#include "mc/cli/Exploration.hpp"
#include "mc/cli/IndependenceSelfTest.hpp"
#include "mc/cli/LivenessExploration.hpp"
#include "mc/cli/ParallelExploration.hpp"
#include "mc/cli/RunOptions.hpp"
#include "mc/cli/SnapshotSelfTest.hpp"
#include "mc/report/HtmlReport.hpp"
#include "mc/report/Report.hpp"
#include "mc/report/SarifReport.hpp"
#include "mc/report/TraceOutput.hpp"
#include "mc/runtime/AccessChecker.hpp"
#include "mc/runtime/CrashHandler.hpp"
#include "mc/runtime/CrashJournal.hpp"
#include "mc/runtime/FunctionCalls.hpp"
#include "mc/runtime/HeapHooks.hpp"
#include "mc/runtime/OutputRouter.hpp"
#include "mc/runtime/ProgramImage.hpp"
#include "mc/runtime/SanitizerSupport.hpp"
#include "mc/runtime/Watchdog.hpp"
#include "mc/search/ScheduledRun.hpp"
#include "mc/system/MpiSystem.hpp"
#include "properties/StandardMonitors.hpp"
#include "snapshot/RankMemory.hpp"

#include <dlfcn.h>
#include <fmt/format.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstring>
#include <exception>
#include <filesystem>
#include <stdexcept>

namespace rankfold::mc {

namespace {
CrashJournal g_private_crash_journal;
}
CrashJournal* g_crash_journal = &g_private_crash_journal;

namespace {

void on_heap_error(const char* operation, snapshot::RankArena::FreeResult result, void* pointer,
                   std::uintptr_t site) {
    RankRuntime* s = RankRuntime::current();
    if (s == nullptr || !s->in_rank()) return; // the checker's own memory: leak, never corrupt
    const char* what = result == snapshot::RankArena::FreeResult::DoubleFree
                           ? "double free of"
                           : "invalid pointer (not the start of a heap block) passed to";
    s->faults().rank_violation(ViolationKind::HeapError,
                               fmt::format("{} {}: {}", what, operation, pointer), site);
}

// Where a function of the program is: every rank's copy of the program is the same file (its
// DWARF is read once); another module (a shared library) is found by the loader.
std::optional<CodeModule> code_module(const ProgramImage& image, std::uintptr_t pc) {
    if (const int r = image.copy_containing(pc); r >= 0)
        return CodeModule{image.copy(0).path, image.copy(r).base};
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(pc), &info) == 0 || info.dli_fname == nullptr)
        return std::nullopt;
    return CodeModule{info.dli_fname, reinterpret_cast<std::uintptr_t>(info.dli_fbase)};
}

// The snapshot store's budget: what the user asked, else 3/4 of physical memory, so the
// checker stops with a report instead of being killed by the kernel.
std::size_t effective_memory_limit(const RunOptions& o) {
    if (o.memory_limit != 0) return o.memory_limit;
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0
               ? static_cast<std::size_t>(pages) * static_cast<std::size_t>(page) / 4 * 3
               : std::size_t{1} << 32;
}

// Runs the whole check in this process; returns the exit status.
int check_program(const RunOptions& o, const std::string& scratch_folder) {
    // Outside the try: an error is printed before the workers are ended (over MPICH, a worker
    // ending on an error aborts the job, which may end this process too).
    std::unique_ptr<WorkerProcesses> workers;
    try {
        // A parallel search's workers each load the program: forked here, before anything.
        workers = o.explore() ? WorkerProcesses::start(o) : nullptr;
        std::string scratch = scratch_folder;
        if (workers) {
            scratch += "/worker-" + std::to_string(workers->self());
            std::filesystem::create_directories(scratch);
        }
        // The property first: a mistake in it is reported before the program is loaded.
        std::optional<LivenessProperty> liveness;
        if (o.liveness() && o.replay_path.empty()) {
            std::string error;
            liveness = build_liveness_property(o, error);
            if (!liveness) {
                fmt::print(stderr, "rankfold-run: {}\n", error);
                return 2;
            }
        }
        snapshot::RankMemory memory(o.ranks, o.stack_size, o.heap_size);
        std::vector<snapshot::RankArena*> arenas;
        arenas.reserve(static_cast<std::size_t>(o.ranks));
        for (int r = 0; r < o.ranks; ++r) arenas.push_back(memory.arena(r));
        ProgramImage image(o.program, o.ranks, scratch, arenas);
        OutputRouter output(o.check_snapshots || o.check_independence || o.explore()
                                ? OutputRouter::Mode::Capture
                                : OutputRouter::Mode::Print,
                            o.label, o.ranks);
        install_crash_handler(fileno(output.report()));
        start_watchdog(o.watchdog_seconds);
        set_heap_error_handler(&on_heap_error);
        std::set_terminate(&RankFaults::on_terminate);
        mpi::MpiWorld world(o.ranks, o.buffering);
        properties::MonitorSet monitors;
        properties::add_standard_monitors(monitors, o.allow_leaks, o.strict);
        // Memory accesses (rankfold-cc instruments them): races with pending operations.
        properties::races::RaceMonitor* races = nullptr;
        if (o.races)
            races = &monitors.add<properties::races::RaceMonitor>(
                o.ranks, [&image](std::uintptr_t site) { return image.locate_call(site); });
        const auto contracts = load_contracts(o, output.report());
        if (!contracts) return 2;
        add_contract_monitor(monitors, *contracts, image, o.races);
        // The program's own functions that contracts name (compiled with
        // -finstrument-functions) reach the monitors as calls too.
        std::optional<FunctionCalls> function_calls;
        if (!contracts->empty())
            function_calls.emplace(
                monitors,
                [&set = *contracts](std::string_view f) {
                    return !f.starts_with("MPI_") && set.concerns(f);
                },
                [&image](std::uintptr_t pc) { return code_module(image, pc); }, output.report());
        RankRuntime runtime({o.program, o.arguments}, image, memory, output, world, monitors);
        MpiSystem system({o.both_buffering}, runtime, world, monitors);
        std::optional<AccessChecker> access_checker;
        if (o.races) {
            access_checker.emplace(runtime, monitors);
            runtime.set_access_checker(&*access_checker);
            system.publish_pending_buffers(races);
        }
        if (o.check_snapshots) {
            system.enable_snapshots(o.page_sharing, o.state_equality);
            const int status =
                check_snapshots(system, output, o.ranks, {effective_memory_limit(o), o.time_limit},
                                output.report());
            output.finish();
            return status;
        }
        if (o.check_independence) {
            system.enable_snapshots(o.page_sharing, o.state_equality);
            IndependenceCheckOptions io;
            io.ranks = o.ranks;
            io.max_states = o.max_states;
            io.memory_limit = effective_memory_limit(o);
            const int status = check_independence(system, output, io, output.report());
            output.finish();
            return status;
        }
        RunResult result;
        int status = 0;
        if (o.explore()) {
            result = liveness ? explore_liveness(o, *liveness, system, output, image,
                                                 effective_memory_limit(o))
                              : explore_program(o, system, output, image, effective_memory_limit(o),
                                                workers.get());
            status = result.exit_status();
        } else if (!o.replay_path.empty()) {
            status = replay_trace(o, system, output, image, result);
            if (status == 2) return 2;
        } else {
            std::unique_ptr<ScheduleStrategy> schedule;
            if (o.seed)
                schedule = std::make_unique<RandomSchedule>(*o.seed);
            else
                schedule = std::make_unique<RoundRobinSchedule>();
            ScheduledRunOptions so;
            so.time_limit = o.time_limit;
            so.max_depth = o.max_depth;
            so.max_states = o.max_states;
            so.memory_limit = effective_memory_limit(o);
            so.page_sharing = o.page_sharing;
            so.state_equality = o.state_equality;
            std::vector<Transition> taken;
            result = run_schedule(system, *schedule, so, &taken);
            status = result.exit_status();
            if (!result.violations.empty()) {
                // The trace holds the choices; its story is told by --replay, which runs them
                // again (recording every step here would slow every run down).
                FoundViolation& fv = result.violations.front();
                fv.trace_path = trace_path_for(o, 0);
                std::vector<TraceStep> story;
                attach_trace(fv, make_trace(o, fv.violation, taken, story, image), o, output);
            }
        }
        output.finish();
        print_report(output.report(), result, o.ranks);
        if (!o.json_path.empty() &&
            !write_json_report(o.json_path, result, output.terminal_out())) {
            fmt::print(output.report(), "rankfold-run: cannot write the report to {}\n",
                       o.json_path);
            return 2;
        }
        if (!o.html_path.empty()) {
            const std::string buffering = buffering_name(o);
            std::string options = buffering == "zero" ? "" : "--buffering " + buffering;
            if (!o.ltl.empty())
                options += (options.empty() ? "" : " ") + shell_quote("--ltl=" + o.ltl);
            if (!o.never_path.empty())
                options += (options.empty() ? "" : " ") + shell_quote("--never=" + o.never_path);
            for (const std::string& p : o.propositions) options += " " + shell_quote("--prop=" + p);
            if (o.liveness() && o.fairness != "none") options += " --fairness " + o.fairness;
            const RunHeading heading{o.program, o.arguments, o.ranks, options};
            if (!write_html_report(o.html_path, result, heading, output.report())) return 2;
        }
        if (!o.sarif_path.empty()) {
            std::error_code ignored; // no working directory: every path stays absolute
            const SarifInvocation invocation{o.command_line, status,
                                             std::filesystem::current_path(ignored).string(),
                                             RANKFOLD_VERSION};
            if (!write_sarif_report(o.sarif_path, result, invocation, output.terminal_out())) {
                fmt::print(output.report(), "rankfold-run: cannot write the SARIF report to {}\n",
                           o.sarif_path);
                return 2;
            }
        }
        std::fflush(output.report());
        return status;
    } catch (const std::exception& e) {
        fmt::print(stderr, "rankfold-run: error: {}\n", e.what());
        return 2;
    }
}

// Runs the check in a child process, so that even a checker killed by a wild write of the
// program is reported, with what it was doing, instead of vanishing.
int supervise(const RunOptions& o, const std::string& scratch) {
    void* shared = mmap(nullptr, sizeof(CrashJournal), PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared != MAP_FAILED) g_crash_journal = new (shared) CrashJournal{};
    std::fflush(nullptr);
    const pid_t child = fork();
    if (child < 0) return check_program(o, scratch);
    if (child == 0) {
        const int status = check_program(o, scratch);
        std::fflush(nullptr);
        sanitizer_check_leaks();
        _exit(status);
    }
    // The terminal's Ctrl-C reaches the child too; the parent only reports.
    std::signal(SIGINT, SIG_IGN);
    std::signal(SIGTERM, SIG_IGN);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    const int sig = WTERMSIG(status);
    if (sig == SIGINT || sig == SIGTERM) {
        fmt::print(stderr, "rankfold-run: interrupted\n");
        return 128 + sig;
    }
    const CrashJournal& j = *g_crash_journal;
    fmt::print(stderr,
               "rankfold-run: internal error: the checking process died of signal {} ({}) {} "
               "after {} MPI calls. Please report this with the program.\n",
               sig, strsignal(sig),
               j.rank >= 0 ? fmt::format("while rank {} was running", j.rank)
                           : std::string("in the checker"),
               j.steps);
    return 2;
}

} // namespace

int rankfold_run(int argc, char** argv) {
    ParsedCommandLine parsed = parse_command_line(argc, argv);
    if (!parsed.options) return parsed.exit_status;
    const RunOptions& o = *parsed.options;
    // The workers of a parallel search compare fingerprints, which hold addresses (return
    // addresses, pointers): every worker's program must be loaded where the others' are. So
    // without address-space randomisation, for which this process starts itself again.
    const int persona = personality(0xffffffff);
    if (o.explore() && o.parallel() && persona != -1 && (persona & ADDR_NO_RANDOMIZE) == 0 &&
        personality(static_cast<unsigned long>(persona) | ADDR_NO_RANDOMIZE) != -1) {
        std::fflush(nullptr);
        execv("/proc/self/exe", argv);
        fmt::print(stderr,
                   "rankfold-run: cannot start again without address randomisation "
                   "(needed by --jobs and --workers-mpi): {}\n",
                   std::strerror(errno));
        return 2;
    }
    char dir[] = "/tmp/rankfold-XXXXXX";
    if (mkdtemp(dir) == nullptr) {
        fmt::print(stderr, "rankfold-run: cannot create a temporary folder: {}\n",
                   std::strerror(errno));
        return 2;
    }
    const int status = o.fork ? supervise(o, dir) : check_program(o, dir);
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
    return status;
}

} // namespace rankfold::mc
