#include "mc/cli/LivenessExploration.hpp"

#include "mc/cli/Exploration.hpp"
#include "mc/cli/SearchLimits.hpp"
#include "mc/report/ProgressLine.hpp"
#include "mc/report/TraceOutput.hpp"
#include "mc/runtime/ProgramVariables.hpp"
#include "mc/search/ClosureDeadline.hpp"
#include "mc/search/MpiSearchSpace.hpp"
#include "mc/search/ProductSearch.hpp"
#include "mc/system/PropositionObserver.hpp"

#include <fmt/format.h>

#include <chrono>
#include <stdexcept>

namespace rankfold::mc {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

std::vector<PropositionObserver::Given> locate_given(const LivenessProperty& p,
                                                     const ProgramImage& image) {
    std::vector<PropositionObserver::Given> given;
    ProgramVariables variables(image);
    for (const properties::ltl::PropositionSpec& spec : p.given) {
        std::string error;
        const auto where = variables.locate(spec.rank, spec.variable, error);
        if (!where)
            throw std::runtime_error(
                fmt::format("--prop {}={}: {}", spec.name, to_string(spec), error));
        given.push_back({spec, *where});
    }
    return given;
}

const char* fairness_name(Fairness f) {
    return f == Fairness::Weak ? "weak" : f == Fairness::Strong ? "strong" : "none";
}

// The violation's message: what repeats, under which fairness.
std::string lasso_message(const LivenessProperty& p, const Lasso& lasso) {
    const auto choices = [](std::size_t n) {
        return fmt::format("{} choice{}", n, n == 1 ? "" : "s");
    };
    const std::string repeat =
        lasso.cycle.empty() ? "every rank then ends, and the final state repeats forever"
                            : fmt::format("then repeats the {} from step {} on forever",
                                          choices(lasso.cycle.size()), lasso.prefix.size() + 1);
    return fmt::format("{} is violated by a run that makes {}, {}{}", p.text,
                       choices(lasso.prefix.size()), repeat,
                       p.fairness == Fairness::None
                           ? ""
                           : fmt::format(" (a {}ly fair run)", fairness_name(p.fairness)));
}

} // namespace

RunResult explore_liveness(const RunOptions& o, const LivenessProperty& property, MpiSystem& system,
                           OutputRouter& output, const ProgramImage& image,
                           std::size_t memory_limit) {
    const auto begin = Clock::now();
    RunResult result;
    result.explored = true;
    PropositionObserver observer(property.automaton.propositions, locate_given(property, image));
    system.set_after_step([&observer] { observer.observe(); });
    SystemState& state = system.enable_snapshots(o.page_sharing, o.state_equality);
    warn_exact_equality(state.memory(), output.report());
    ClosureDeadline deadline(system, o.time_limit, begin);
    // The story starts at `origin` (as in explore_program: the closure is run again for it).
    system.launch();
    const SystemSnapshot origin = state.capture();
    try {
        system.close();
    } catch (const ClosureTimeLimit&) {
        system.set_after_step({});
        return stopped_before_first_choice(o, system, begin);
    }
    const PropositionDeclarations& declared = PropositionDeclarations::instance();
    if (!declared.conflicts().empty())
        throw std::runtime_error("rankfold_prop: " + declared.conflicts().front());
    observer.evaluate(); // binds what the program declared
    if (const auto missing = observer.unbound(); !missing.empty())
        throw std::runtime_error(fmt::format(
            "the proposition {} of {} is neither defined with --prop nor declared by the program "
            "with rankfold_prop() before its first choice",
            missing.front(), property.text));
    const SystemSnapshot initial = state.capture();

    MpiSearchSpace space(system, output, o.ranks, Backtrack::Restore);
    ProductSearch search(space, observer, property.automaton, property.fairness, o.ranks);
    ProgressLine progress(output.report());
    SearchLimits limits(o, memory_limit, begin);
    std::vector<Transition> safety_path;
    const auto on_violation = [&](const std::vector<Transition>& path) { safety_path = path; };
    const auto within_limits = [&](const ProductStats& s) {
        const std::size_t memory = state.memory().store().stats().total_bytes();
        ExplorerStats shown;
        shown.states = s.product_states;
        shown.transitions = s.transitions;
        progress.update(shown, memory);
        if (o.max_depth != 0 && s.max_depth >= o.max_depth) {
            result.limit = fmt::format("--max-depth {}", o.max_depth);
            return false;
        }
        result.limit = limits.reached(s.product_states, memory);
        return !result.limit;
    };
    const auto search_begin = Clock::now();
    ProductEnd end = ProductEnd::Limit;
    try {
        end = search.run(on_violation, within_limits);
    } catch (const ClosureTimeLimit&) {
        result.limit = fmt::format("--time-limit {}", o.time_limit);
    }
    deadline.disarm();
    result.stats.explore_seconds = since(search_begin);
    progress.clear();
    system.set_after_step({});

    const ProductStats& ps = search.stats();
    result.stats.states = ps.product_states;
    result.stats.transitions = ps.transitions;
    result.stats.max_depth = ps.max_depth;
    const RunResult inner = system.result();
    result.stats.steps = inner.stats.steps;
    result.stats.matches = inner.stats.matches;
    result.warnings = inner.warnings;
    result.stats.store_bytes = state.memory().store().stats().total_bytes();
    LivenessSummary summary;
    summary.property = property.text;
    summary.fairness = fairness_name(property.fairness);
    summary.propositions = observer.describe();
    summary.product_edges = ps.product_edges;
    summary.components = ps.components;
    result.liveness = std::move(summary);

    if (end == ProductEnd::Cycle || end == ProductEnd::SafetyViolation) {
        // Told again from the start, recording the story; a lasso's cycle is taken once more
        // and must come back to the very state it left (full comparison, not fingerprints).
        const bool lasso = end == ProductEnd::Cycle;
        const Lasso& l = lasso ? *search.lasso() : Lasso{};
        std::vector<Transition> path = lasso ? l.prefix : safety_path;
        std::vector<TraceStep> story;
        state.restore(origin);
        system.record_steps(&story);
        system.close();
        for (const Transition& t : path) system.take(t);
        std::size_t cycle_story_start = story.size();
        std::string mismatch;
        if (lasso) {
            const SystemSnapshot cycle_start = state.capture();
            for (const Transition& t : l.cycle) system.take(t);
            mismatch = state.describe_difference(cycle_start, state.capture());
        } else {
            system.finish_path(false);
        }
        system.record_steps(nullptr);
        if (!mismatch.empty())
            throw std::runtime_error("internal error: the lasso's cycle does not return to the "
                                     "state it starts from: " +
                                     mismatch);
        std::vector<std::string> out;
        out.reserve(static_cast<std::size_t>(o.ranks));
        for (int r = 0; r < o.ranks; ++r) out.push_back(output.captured(r));
        print_rank_output(output, out, o.label);

        FoundViolation fv;
        fv.violation = lasso ? Violation{} : *system.violation();
        if (lasso) {
            fv.violation.kind = ViolationKind::Liveness;
            fv.violation.message = lasso_message(property, l);
            path.insert(path.end(), l.cycle.begin(), l.cycle.end());
            fv.lasso = true;
            fv.prefix_length = l.prefix.size();
            fv.cycle_length = l.cycle.size();
        }
        // A lasso's cycle is marked at its first step; one without steps (the final state
        // repeats) after the last. The last 200 steps are printed, as for safety.
        const bool cycle_steps = lasso && !l.cycle.empty() && cycle_story_start < story.size();
        if (cycle_steps) {
            for (std::size_t i = cycle_story_start; i < story.size() && !fv.violation.location; ++i)
                if (locate(story[i], image); story[i].source)
                    fv.violation.location = story[i].source;
            story[cycle_story_start].cycle_start = true;
        }
        fv.story = story_lines(story, image);
        if (lasso && !cycle_steps) fv.story.emplace_back("--- the final state repeats forever ---");
        fv.trace_path = trace_path_for(o, 0);
        Trace trace = make_trace(o, fv.violation, path, story, image);
        if (lasso) {
            trace.property = property.text;
            trace.cycle_start = static_cast<int>(l.prefix.size());
        }
        attach_trace(fv, trace, o, output);
        result.violations.push_back(std::move(fv));
    } else if (space.first_output()) {
        print_rank_output(output, *space.first_output(), o.label);
    }
    result.stats.seconds = since(begin);
    result.stats.peak_rss_bytes = peak_rss_bytes();
    return result;
}

} // namespace rankfold::mc
