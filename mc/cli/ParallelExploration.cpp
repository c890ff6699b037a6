#include "mc/cli/ParallelExploration.hpp"

#include "mc/parallel/BridgeTransport.hpp"
#include "mc/parallel/ParallelWorker.hpp"
#include "mc/parallel/SocketMesh.hpp"

#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <memory>
#include <stdexcept>

namespace rankfold::mc {

namespace {

using parallel::MessageReader;
using parallel::MessageWriter;

// What a worker reports beyond its counts: the system's steps and matches, and its warnings
// (kind, rank, sub-kind, message and place: what the report prints of a warning).
std::string system_extra(MpiSystem& system) {
    const RunResult r = system.result();
    MessageWriter out(parallel::MessageKind::Report);
    out.u64(r.stats.steps).u64(r.stats.matches).u64(r.warnings.size());
    for (const Violation& w : r.warnings) {
        out.i32(static_cast<std::int32_t>(w.kind)).i32(w.rank).text(w.subkind).text(w.message);
        out.i32(w.location ? 1 : 0);
        if (w.location) out.text(w.location->file).i32(w.location->line).text(w.location->function);
    }
    return out.bytes();
}

void read_extra(const std::string& bytes, ParallelSearchOutcome& into) {
    if (bytes.empty()) return;
    MessageReader in(bytes);
    into.steps += in.u64();
    into.matches += in.u64();
    const std::uint64_t n = in.u64();
    for (std::uint64_t i = 0; i < n; ++i) {
        Violation w;
        w.kind = static_cast<ViolationKind>(in.i32());
        w.rank = in.i32();
        w.subkind = in.text();
        w.message = in.text();
        if (in.i32() != 0) {
            CodeLocation at;
            at.file = in.text();
            at.line = in.i32();
            at.function = in.text();
            w.location = at;
        }
        const bool known = std::ranges::any_of(
            into.warnings, [&](const Violation& v) { return properties::same_finding(v, w); });
        if (!known) into.warnings.push_back(std::move(w));
    }
}

std::string summary_line(const parallel::ParallelResult& r, const char* transport) {
    const parallel::WorkerReport& t = r.total;
    std::string line = fmt::format(
        "parallel search ({}): {} workers; steals {} requested, {} given, {} refused; messages "
        "{} ({} bytes); state queries {}, answered from the cache {}; idle {:.3f} s",
        transport, r.workers.size(), t.steals.requests, t.steals.given, t.steals.refused,
        t.transport.messages_sent, t.transport.bytes_sent, t.owner.asked, t.owner.cache_hits,
        t.steals.idle_seconds);
    if (!t.found.empty())
        line += fmt::format("; first violation found by worker {}", t.found[0].worker);
    for (std::size_t w = 0; w < r.workers.size(); ++w)
        line += fmt::format("; worker {}: {} states, {:.3f} s", w, r.workers[w].stats.states,
                            r.workers[w].seconds);
    return line;
}

// One worker's search over `transport`; the coordinator's result (others: their own).
parallel::ParallelResult run_worker(parallel::Transport& transport, const RunOptions& o,
                                    MpiSystem& system, MpiSearchSpace& space,
                                    const ExplorerOptions& eo,
                                    const Explorer::LimitCheck& within_limits) {
    parallel::ParallelWorker worker(transport, space, eo, o.keep_going);
    std::vector<Violation> seen; // this worker's distinct findings
    const parallel::ParallelWorker::FoundHandler on_violation =
        [&](const Explorer::Path&) -> std::optional<std::int32_t> {
        const Violation& v = *system.violation();
        if (std::ranges::any_of(seen,
                                [&](const Violation& f) { return properties::same_finding(f, v); }))
            return std::nullopt;
        seen.push_back(v);
        return static_cast<std::int32_t>(v.kind);
    };
    // Only worker 0 draws the progress line; every worker checks its own limits.
    const Explorer::LimitCheck limits =
        transport.self() == 0 ? within_limits : Explorer::LimitCheck{};
    return worker.run(on_violation, limits, [&] { return system_extra(system); });
}

ParallelSearchOutcome outcome_of(const parallel::ParallelResult& r, const RunOptions& o,
                                 const char* transport) {
    ParallelSearchOutcome out;
    out.stats = r.total.stats;
    if (r.budget_spent) out.limit = fmt::format("--max-states {}", o.max_states);
    // Of the states all workers stored, as one store holding them all.
    out.stats.fingerprint_collision_probability =
        static_cast<double>(VisitedStates::collision_probability(out.stats.states));
    out.end = r.end;
    for (const parallel::FoundPath& f : r.total.found)
        out.found.emplace_back(static_cast<ViolationKind>(f.tag), f.path);
    for (std::size_t w = 1; w < r.workers.size(); ++w) read_extra(r.workers[w].extra, out);
    out.summary = summary_line(r, transport);
    return out;
}

} // namespace

std::unique_ptr<WorkerProcesses> WorkerProcesses::start(const RunOptions& o) {
    if (!o.parallel()) return nullptr;
    std::unique_ptr<WorkerProcesses> w(new WorkerProcesses());
    if (o.workers_mpi) {
        w->transport_ = std::make_unique<parallel::BridgeTransport>();
        w->bridge_ = true;
        return w;
    }
    auto mesh = std::make_unique<parallel::SocketMesh>(o.jobs);
    // From here on every worker must allocate as the others do (the same heap addresses, which
    // the program's state may hold): nothing the forking parent alone does may allocate.
    w->children_.reserve(static_cast<std::size_t>(o.jobs));
    std::fflush(nullptr);
    for (int n = 1; n < o.jobs; ++n) {
        const pid_t pid = fork();
        if (pid < 0) throw std::runtime_error("cannot fork a worker of the parallel search");
        if (pid == 0) {
            mesh->for_worker(n);
            w->children_.clear();
            w->transport_ = std::move(mesh);
            return w;
        }
        w->children_.push_back(pid);
    }
    mesh->for_worker(0);
    w->transport_ = std::move(mesh);
    return w;
}

int WorkerProcesses::self() const {
    return transport_->self();
}

void WorkerProcesses::finish() {
    finished_ = true;
    if (bridge_) static_cast<parallel::BridgeTransport&>(*transport_).finish();
    for (const pid_t c : children_) {
        int status = 0;
        while (waitpid(c, &status, 0) < 0 && errno == EINTR) {
        }
    }
    children_.clear();
}

WorkerProcesses::~WorkerProcesses() {
    // Worker 0 leaving early (an error): the others cannot finish without it.
    for (const pid_t c : children_) kill(c, SIGKILL);
    if (bridge_ && !finished_) {
        // Any worker leaving early over MPICH: nobody else would end the job (CI once waited
        // for a worker that had stopped on an error while the other asked it for work).
        fmt::print(stderr,
                   "rankfold-run: worker {} of the parallel search ends with an error: "
                   "aborting the MPI job\n",
                   transport_->self());
        static_cast<parallel::BridgeTransport&>(*transport_).abort();
    }
    finish();
}

ParallelSearchOutcome search_in_parallel(const RunOptions& o, WorkerProcesses& workers,
                                         MpiSystem& system, MpiSearchSpace& space,
                                         const ExplorerOptions& eo,
                                         const Explorer::LimitCheck& within_limits) {
    parallel::ParallelResult r;
    try {
        r = run_worker(workers.transport(), o, system, space, eo, within_limits);
    } catch (const std::exception& e) {
        // Said here, by the worker it happened in: the job may be aborted before the caller
        // would print it (WorkerProcesses' destructor).
        fmt::print(stderr, "rankfold-run: worker {} of the parallel search: {}\n", workers.self(),
                   e.what());
        std::fflush(stderr);
        throw;
    }
    if (workers.self() != 0) {
        workers.finish();
        std::fflush(nullptr);
        _exit(0);
    }
    workers.finish();
    return outcome_of(r, o, o.workers_mpi ? "MPICH" : "fork");
}

std::vector<std::pair<Violation, std::vector<Transition>>>
replay_found(const std::vector<std::pair<ViolationKind, std::vector<Transition>>>& paths,
             MpiSystem& system, SystemState& state, const SystemSnapshot& initial) {
    std::vector<std::pair<Violation, std::vector<Transition>>> found;
    std::vector<Transition> open;
    for (const auto& [kind, path] : paths) {
        state.restore(initial);
        std::vector<Transition> taken;
        for (const Transition& t : path) {
            system.choices(open);
            const auto listed = std::ranges::find(open, t);
            if (listed == open.end() || system.violation()) break;
            taken.push_back(*listed);
            system.take(*listed);
        }
        if (!system.violation()) system.finish_path(kind == ViolationKind::Deadlock);
        if (!system.violation() || taken.size() != path.size())
            throw std::runtime_error(fmt::format(
                "a worker's counterexample ({}, {} choices) does not replay in worker 0 ({} "
                "taken{})",
                kind_name(kind), path.size(), taken.size(),
                system.violation() ? std::string(", ") + kind_name(system.violation()->kind) : ""));
        const Violation& v = *system.violation();
        if (std::ranges::none_of(
                found, [&](const auto& f) { return properties::same_finding(f.first, v); }))
            found.emplace_back(v, std::move(taken));
    }
    return found;
}

void add_other_workers(const ParallelSearchOutcome& outcome, RunResult& result,
                       OutputRouter& output) {
    result.stats.steps += outcome.steps;
    result.stats.matches += outcome.matches;
    for (const Violation& w : outcome.warnings)
        if (std::ranges::none_of(result.warnings, [&](const Violation& v) {
                return properties::same_finding(v, w);
            }))
            result.warnings.push_back(w);
    if (std::getenv("RANKFOLD_PARALLEL_STATS") != nullptr)
        fmt::print(output.report(), "rankfold: {}\n", outcome.summary);
}

} // namespace rankfold::mc
