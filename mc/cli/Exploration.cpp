#include "mc/cli/Exploration.hpp"

#include "mc/cli/ParallelExploration.hpp"
#include "mc/cli/SearchLimits.hpp"
#include "mc/cli/SearchOptions.hpp"
#include "mc/report/ProgressLine.hpp"
#include "mc/report/TraceFile.hpp"
#include "mc/report/TraceOutput.hpp"
#include "mc/search/ClosureDeadline.hpp"
#include "mc/search/Explorer.hpp"
#include "mc/search/MpiSearchSpace.hpp"
#include "mc/search/PathShortener.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>

namespace rankfold::mc {

void attach_trace(FoundViolation& fv, const Trace& trace, const RunOptions& o,
                  OutputRouter& output) {
    fv.steps = trace.story; // every step located, for the HTML diagram and SARIF
    std::string error;
    if (write_trace_file(fv.trace_path, trace, error)) {
        fv.replay_command = replay_command(o, fv.trace_path);
    } else {
        fmt::print(output.report(), "rankfold-run: {}\n", error);
        fv.trace_path.clear();
    }
}

void print_rank_output(OutputRouter& output, const std::vector<std::string>& per_rank, bool label) {
    FILE* out = output.terminal_out();
    for (std::size_t r = 0; r < per_rank.size(); ++r) {
        const std::string& text = per_rank[r];
        if (!label) {
            std::fputs(text.c_str(), out);
            continue;
        }
        std::size_t at = 0;
        while (at < text.size()) {
            const std::size_t nl = text.find('\n', at);
            const std::size_t end = nl == std::string::npos ? text.size() : nl + 1;
            fmt::print(out, "[{}] {}", r, text.substr(at, end - at));
            at = end;
        }
    }
    std::fflush(out);
}

namespace {

// The path to report: the one found with the choices it does not need dropped, or with
// --shortest the one with the fewest choices if its story is not longer.
std::vector<Transition> shorter_path(PathShortener& shortener, const std::vector<Transition>& found,
                                     const Violation& violation, const RunOptions& o,
                                     std::chrono::steady_clock::time_point begin) {
    std::vector<Transition> best = shortener.prune(found, violation);
    if (!o.shortest) return best;
    const std::size_t budget = o.max_states != 0 ? o.max_states : 100000;
    // Within --time-limit, counted from the start of the run like the search's.
    const auto in_time = [&] {
        return o.time_limit <= 0 ||
               std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count() <
                   o.time_limit;
    };
    if (auto bfs = shortener.shortest(violation, budget, in_time)) {
        const auto a = shortener.replay(best, violation), b = shortener.replay(*bfs, violation);
        if (b.same && (!a.same || b.steps < a.steps)) best = b.path;
    }
    return best;
}

struct Found {
    Violation violation;
    std::vector<Transition> path;
    std::optional<std::size_t> cycle_start; // a lasso: path[cycle_start, end) repeats
};

// The kind a lasso trace names: liveness, non-termination or non-progress.
ViolationKind cycle_kind(const std::string& name) {
    for (const ViolationKind k : {ViolationKind::NonTermination, ViolationKind::NonProgress})
        if (name == kind_name(k)) return k;
    return ViolationKind::Liveness;
}

} // namespace

std::optional<Violation> cycle_violation(const RunOptions& o, const std::vector<Transition>& path,
                                         std::size_t start, bool progress) {
    // A cycle of "not yet" answers alone is a rank polling while the others, which would answer
    // it, are not scheduled: no fair run goes round it (and if nobody can answer, MpiSearchSpace
    // reports the deadlock it hides).
    if (std::all_of(path.begin() + static_cast<std::ptrdiff_t>(start), path.end(), is_not_yet))
        return std::nullopt;
    if (!o.check_termination && progress) return std::nullopt;
    const std::size_t cycle = path.size() - start;
    Violation v;
    v.kind = o.check_termination ? ViolationKind::NonTermination : ViolationKind::NonProgress;
    if (!o.check_termination) v.subkind = "cycle";
    v.message = fmt::format("after {} choice{}, the run can repeat the {} choice{} from step {} on "
                            "forever{}",
                            start, start == 1 ? "" : "s", cycle, cycle == 1 ? "" : "s", start + 1,
                            o.check_termination ? "" : " without passing rankfold_progress()");
    return v;
}

RunResult stopped_before_first_choice(const RunOptions& o, MpiSystem& system,
                                      std::chrono::steady_clock::time_point begin) {
    RunResult result;
    result.explored = true;
    result.stats.steps = system.result().stats.steps;
    result.limit = fmt::format("--time-limit {}", o.time_limit);
    result.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    result.stats.peak_rss_bytes = peak_rss_bytes();
    return result;
}

RunResult explore_program(const RunOptions& o, MpiSystem& system, OutputRouter& output,
                          const ProgramImage& image, std::size_t memory_limit,
                          WorkerProcesses* workers) {
    const auto begin = std::chrono::steady_clock::now();
    RunResult result;
    result.explored = true;
    SystemState& state = system.enable_snapshots(o.page_sharing, o.state_equality);
    warn_exact_equality(state.memory(), output.report());
    // A parallel search's workers run closures in other processes: only a sequential search
    // stops inside one.
    ClosureDeadline deadline(system, workers == nullptr ? o.time_limit : 0, begin);
    // Every story starts at `origin`, each rank at its first call: the closure to the first
    // choice is run again for the counterexamples rather than recorded here, which took 500
    // bytes a step and a quarter of the speed (a program without choices is all closure).
    system.launch();
    const SystemSnapshot origin = state.capture();
    try {
        system.close();
    } catch (const ClosureTimeLimit&) {
        return stopped_before_first_choice(o, system, begin);
    }
    const SystemSnapshot initial = state.capture();

    MpiSearchSpace space(system, output, o.ranks, backtrack_mode(o));
    const ExplorerOptions eo = explorer_options(o);
    if (eo.source_sets) system.track_effects();
    Explorer explorer(space, eo);

    std::vector<Found> found;
    ProgressLine progress(output.report());
    const auto on_violation = [&](const Explorer::Path& path) {
        // Violations are told apart by what a user would fix (properties::same_finding).
        const Violation& v = *system.violation();
        const bool known = std::any_of(found.begin(), found.end(), [&](const Found& f) {
            return properties::same_finding(f.violation, v);
        });
        if (!known) found.push_back({v, path, std::nullopt});
        return true;
    };
    explorer.on_cycle([&](const Explorer::Path& path, std::size_t start, bool progress) {
        std::optional<Violation> v = cycle_violation(o, path, start, progress);
        if (!v) return false;
        const bool known = std::any_of(found.begin(), found.end(), [&](const Found& f) {
            return properties::same_finding(f.violation, *v);
        });
        if (!known) found.push_back({*v, path, start});
        return true;
    });
    SearchLimits limits(o, memory_limit, begin, workers == nullptr);
    const auto within_limits = [&](const ExplorerStats& s) {
        const std::size_t memory = state.memory().store().stats().total_bytes();
        progress.update(s, memory);
        result.limit = limits.reached(s.states, memory);
        return !result.limit;
    };
    const auto search_begin = std::chrono::steady_clock::now();
    std::optional<ParallelSearchOutcome> parallel;
    if (workers) {
        parallel = search_in_parallel(o, *workers, system, space, eo, within_limits);
        for (auto& [violation, path] : replay_found(parallel->found, system, state, initial))
            found.push_back({std::move(violation), std::move(path), std::nullopt});
    }
    SearchEnd end = SearchEnd::Limit;
    try {
        end = parallel ? parallel->end : explorer.run(on_violation, within_limits);
    } catch (const ClosureTimeLimit&) {
        result.limit = fmt::format("--time-limit {}", o.time_limit);
    }
    deadline.disarm();
    result.stats.explore_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - search_begin).count();
    progress.clear();
    if (end == SearchEnd::Limit && !result.limit && parallel) result.limit = parallel->limit;
    if (end == SearchEnd::Limit && !result.limit)
        result.limit = fmt::format("--max-depth {}", o.max_depth);

    const ExplorerStats es = parallel ? parallel->stats : explorer.stats();
    result.stats.states = es.states;
    result.stats.transitions = es.transitions;
    result.stats.executions = es.executions;
    result.stats.revisits = es.revisits;
    result.stats.sleep_blocked = es.sleep_blocked;
    result.stats.max_depth = es.max_depth;
    result.stats.fingerprint_collision_probability = es.fingerprint_collision_probability;
    const RunResult inner = system.result();
    result.stats.steps = inner.stats.steps;
    result.warnings = inner.warnings;
    result.stats.matches = inner.stats.matches;
    if (parallel) add_other_workers(*parallel, result, output);
    result.stats.store_bytes = state.memory().store().stats().total_bytes() + es.store_bytes;

    // Each counterexample: made shorter where choices do not matter, then run again from the
    // start, telling the story this time.
    PathShortener shortener(system, initial);
    for (std::size_t n = 0; n < found.size(); ++n) {
        Found& f = found[n];
        // A lasso is kept as found: dropping choices would open its cycle.
        if (!f.cycle_start) f.path = shorter_path(shortener, f.path, f.violation, o, begin);
        std::vector<TraceStep> story;
        state.restore(origin);
        system.record_steps(&story);
        system.close();
        std::size_t cycle_story_start = 0;
        for (std::size_t i = 0; i < f.path.size(); ++i) {
            if (f.cycle_start && i == *f.cycle_start) cycle_story_start = story.size();
            system.take(f.path[i]);
        }
        if (!f.cycle_start) system.finish_path(f.violation.kind == ViolationKind::Deadlock);
        system.record_steps(nullptr);
        if (f.cycle_start) {
            // Placed at the cycle's first step that has a place in the program.
            for (std::size_t i = cycle_story_start; i < story.size() && !f.violation.location; ++i)
                if (locate(story[i], image); story[i].source)
                    f.violation.location = story[i].source;
            if (cycle_story_start < story.size()) story[cycle_story_start].cycle_start = true;
        } else if (system.violation()) {
            f.violation = *system.violation(); // as this path shows it
        }
        if (n == 0) {
            std::vector<std::string> out;
            out.reserve(static_cast<std::size_t>(o.ranks));
            for (int r = 0; r < o.ranks; ++r) out.push_back(output.captured(r));
            print_rank_output(output, out, o.label);
        }
        FoundViolation fv;
        fv.violation = f.violation;
        fv.story = story_lines(story, image);
        fv.trace_path = trace_path_for(o, n);
        Trace trace = make_trace(o, f.violation, f.path, story, image);
        if (f.cycle_start) {
            fv.lasso = true;
            fv.prefix_length = *f.cycle_start;
            fv.cycle_length = f.path.size() - *f.cycle_start;
            trace.property = o.check_termination ? "termination" : "progress";
            trace.cycle_start = static_cast<int>(*f.cycle_start);
        }
        attach_trace(fv, trace, o, output);
        result.violations.push_back(std::move(fv));
    }
    if (found.empty() && space.first_output())
        print_rank_output(output, *space.first_output(), o.label);
    result.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    result.stats.peak_rss_bytes = peak_rss_bytes();
    return result;
}

int replay_trace(const RunOptions& o, MpiSystem& system, OutputRouter& output,
                 const ProgramImage& image, RunResult& result) {
    const auto begin = std::chrono::steady_clock::now();
    FILE* report = output.report();
    std::string error;
    const std::optional<Trace> trace = read_trace_file(o.replay_path, error);
    if (!trace) {
        fmt::print(report, "rankfold-run: cannot replay: {}\n", error);
        return 2;
    }
    const std::string buffering = buffering_name(o);
    if (trace->ranks != o.ranks || trace->buffering != buffering) {
        fmt::print(report,
                   "rankfold-run: cannot replay {}: it was recorded with -np {} --buffering {}, "
                   "this run has -np {} --buffering {}\n",
                   o.replay_path, trace->ranks, trace->buffering, o.ranks, buffering);
        return 2;
    }
    // The steps as this replay takes them: unlike the trace file's story they can be located
    // with their files' folders, which SARIF needs.
    std::vector<TraceStep> story;
    system.record_steps(&story);
    system.start();
    // A lasso (liveness) is taken as prefix, cycle, cycle: each pass of the cycle must come
    // back to the state the cycle starts from.
    const bool lasso = trace->cycle_start >= 0;
    std::vector<Transition> path = trace->transitions;
    if (lasso)
        path.insert(path.end(), trace->transitions.begin() + trace->cycle_start,
                    trace->transitions.end());
    const std::size_t cycle_length = trace->transitions.size() - std::max(trace->cycle_start, 0);
    std::optional<SystemSnapshot> cycle_state;
    std::size_t cycle_step = 0, second_pass = 0;
    std::string mismatch;
    if (lasso) system.enable_snapshots(false, o.state_equality); // as the search compared
    std::vector<Transition> open;
    for (std::size_t i = 0; i <= path.size() && !system.violation(); ++i) {
        if (lasso && (i - trace->cycle_start) % std::max<std::size_t>(cycle_length, 1) == 0 &&
            i >= static_cast<std::size_t>(trace->cycle_start)) {
            if (!cycle_state) {
                cycle_state = system.state()->capture();
                cycle_step = story.size();
            } else if (mismatch.empty()) {
                if (second_pass == 0) second_pass = story.size();
                mismatch =
                    system.state()->describe_difference(*cycle_state, system.state()->capture());
            }
        }
        if (i == path.size()) break;
        const Transition& t = path[i];
        system.choices(open);
        const auto listed = std::find(open.begin(), open.end(), t);
        if (listed == open.end()) {
            system.record_steps(nullptr);
            output.finish();
            fmt::print(report,
                       "rankfold-run: cannot replay {}: step {} ({} of rank {}, outcome {}) is "
                       "not possible here; was the program or its arguments changed since the "
                       "trace was written?\n",
                       o.replay_path, i + 1, kind_name(t.kind), t.rank, t.outcome);
            return 2;
        }
        system.take(*listed);
    }
    if (!lasso) system.finish_path(trace->violation_kind == "deadlock");
    system.record_steps(nullptr);
    result = system.result();
    if (lasso && result.violations.empty()) {
        output.finish();
        if (!mismatch.empty()) {
            fmt::print(report,
                       "rankfold-run: cannot replay {}: the cycle does not return to the state "
                       "it starts from: {}\n",
                       o.replay_path, mismatch);
            return 2;
        }
        fmt::print(report,
                   "rankfold: {} — prefix of {} choices, then the cycle of {} choices taken "
                   "twice: the cycle returns to the state at step {}\n",
                   trace->property, trace->cycle_start, cycle_length, cycle_step + 1);
        FoundViolation& fv = result.violations.emplace_back();
        fv.violation.kind = cycle_kind(trace->violation_kind);
        if (fv.violation.kind == ViolationKind::NonProgress) fv.violation.subkind = "cycle";
        fv.violation.message = trace->violation_message;
        fv.lasso = true;
        fv.prefix_length = static_cast<std::size_t>(trace->cycle_start);
        fv.cycle_length = cycle_length;
        // The story as the search told it: prefix and one pass of the cycle, marked.
        if (second_pass != 0) story.resize(second_pass);
        if (cycle_step < story.size()) story[cycle_step].cycle_start = true;
    }
    for (TraceStep& step : story) locate(step, image);
    if (lasso && !result.violations.empty()) {
        // Termination and progress cycles are placed, as the search placed them, at the
        // cycle's first located step.
        Violation& v = result.violations.front().violation;
        if (v.kind != ViolationKind::Liveness && !v.location)
            for (std::size_t i = cycle_step; i < story.size() && !v.location; ++i)
                if (story[i].source) v.location = story[i].source;
    }
    if (!result.violations.empty()) {
        result.violations.front().story = story_lines(story, image);
        result.violations.front().steps = std::move(story);
    }
    result.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    result.stats.peak_rss_bytes = peak_rss_bytes();
    return result.exit_status();
}

} // namespace rankfold::mc
