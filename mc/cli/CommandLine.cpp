// rankfold-run's command line, in the manner of mpirun/smpirun: options, then the program, then
// the program's own arguments (which are never interpreted as ours).
#include "mc/cli/RunOptions.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <set>

namespace rankfold::mc {
namespace {

// Options that take a value, so the scan can step over it to find the program.
const std::set<std::string> kValued = {"-n",
                                       "-np",
                                       "--np",
                                       "--buffering",
                                       "--seed",
                                       "--json",
                                       "--html",
                                       "--sarif",
                                       "--stack-size",
                                       "--heap-size",
                                       "--replay",
                                       "--memory-limit",
                                       "--watchdog",
                                       "--max-states",
                                       "--max-depth",
                                       "--time-limit",
                                       "--trace-file",
                                       "--backtrack",
                                       "--reduction",
                                       "--contracts",
                                       "--contracts-predefined",
                                       "--ltl",
                                       "--never",
                                       "--prop",
                                       "--fairness",
                                       "--state-equality",
                                       "--jobs"};

std::size_t parse_size(const std::string& text) {
    std::size_t pos = 0;
    const unsigned long long value = std::stoull(text, &pos);
    const std::string suffix = text.substr(pos);
    if (suffix.empty()) return value;
    if (suffix == "K" || suffix == "k" || suffix == "KiB") return value << 10;
    if (suffix == "M" || suffix == "m" || suffix == "MiB") return value << 20;
    if (suffix == "G" || suffix == "g" || suffix == "GiB") return value << 30;
    throw std::invalid_argument("unknown size suffix '" + suffix + "'");
}

} // namespace

ParsedCommandLine parse_command_line(int argc, char** argv) {
    ParsedCommandLine result;
    // Split: our options | program | its arguments.
    std::vector<std::string> ours;
    RunOptions o;
    o.command_line.assign(argv, argv + argc);
    int i = 1;
    for (; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--") {
            ++i;
            break;
        }
        if (a.empty() || a[0] != '-') break;
        if (a == "-np") a = "--np";
        ours.push_back(a);
        if (kValued.contains(argv[i]) && a.find('=') == std::string::npos && i + 1 < argc)
            ours.emplace_back(argv[++i]);
    }
    if (i < argc) o.program = argv[i++];
    for (; i < argc; ++i) o.arguments.emplace_back(argv[i]);

    CLI::App app{"rankfold-run: checks an MPI program built with rankfold-cc.\n"
                 "usage: rankfold-run [options] -np N ./program [program arguments]",
                 "rankfold-run"};
    std::string buffering = "zero", stack = "8M", heap = "1G", memory_limit;
    std::uint64_t seed = 0;
    app.add_option("-n,--np", o.ranks, "number of ranks (also -np)")
        ->required()
        ->check(CLI::Range(1, 4096));
    app.add_flag("--single-run", o.single_run, "run one execution under one schedule");
    app.add_option("--buffering", buffering,
                   "standard-mode sends: zero (complete only when received; default), "
                   "infinite (complete at once) or both (explore both for every send)")
        ->check(CLI::IsMember({"zero", "infinite", "both"}));
    auto* seed_opt =
        app.add_option("--seed", seed, "random schedule with this seed instead of round-robin");
    app.add_flag("-l,--label", o.label, "prefix each output line with its rank, like mpirun -l");
    app.add_option("--json", o.json_path,
                   "write the report as JSON to FILE (- for standard output)");
    app.add_option("--html", o.html_path,
                   "write the report as one HTML page to FILE, with a space-time diagram of each "
                   "counterexample");
    app.add_option("--sarif", o.sarif_path,
                   "write the violations as SARIF 2.1.0 to FILE (- for standard output), for "
                   "code scanning in CI");
    app.add_option("--stack-size", stack, "stack size of each rank (default 8M)");
    app.add_option("--heap-size", heap, "heap size of each rank (default 1G)");
    app.add_flag("!--no-fork", o.fork, "run without the supervisor process (for debuggers)");
    app.add_option("--watchdog", o.watchdog_seconds,
                   "CPU seconds a rank may compute without an MPI call before it is reported as "
                   "non-progress (default 10; 0: never)");
    app.add_option("--replay", o.replay_path,
                   "run the one execution a counterexample trace describes, with the program's "
                   "output (works under gdb --args)");
    app.add_flag("!--no-state-matching", o.state_matching,
                 "do not end branches at states seen before (for comparison and debugging)");
    std::string reduction = "sleep";
    app.add_option("--reduction", reduction,
                   "which interleavings of independent choices are skipped: sleep (sleep sets, "
                   "default), none (every order; for comparison and debugging) or source "
                   "(source-set DPOR: fewer states where independent ranks race)")
        ->check(CLI::IsMember({"none", "sleep", "source"}));
    app.add_flag("!--no-reduction", o.reduction, "the same as --reduction none");
    app.add_flag("!--no-races", o.races,
                 "do not check the program's memory accesses (buffers of pending nonblocking "
                 "operations touched too early, out-of-bounds heap accesses, use after free)");
    app.add_flag("--allow-leaks", o.allow_leaks,
                 "report requests, communicators, groups, datatypes and operators still held "
                 "at MPI_Finalize as warnings instead of violations");
    app.add_flag("--strict", o.strict,
                 "report legal but hazardous calls (MPI_Request_free of an active request) as "
                 "usage violations instead of warnings");
    app.add_option("--contracts", o.contract_files,
                   "check the contracts of this file (C declarations with CONTRACT(...)); "
                   "repeatable")
        ->allow_extra_args(false)
        ->check(CLI::ExistingFile);
    app.add_option("--contracts-predefined", o.contracts_predefined,
                   "predefined contract sets to check: none, mpi, shmem or all (default)")
        ->check(CLI::IsMember({"none", "mpi", "shmem", "all"}));
    app.add_flag("--shortest", o.shortest,
                 "after a violation, search breadth-first for a counterexample with the fewest "
                 "choices to it (within --max-states, default 100000, and --time-limit)");
    app.add_flag("--check-termination", o.check_termination,
                 "report a cycle of states the run can go round for ever (non-termination)");
    app.add_flag("--check-progress", o.check_progress,
                 "report a cycle of states that never passes rankfold_progress() (non-progress)");
    app.add_flag("--keep-going", o.keep_going,
                 "after a violation, go on and report every distinct one");
    app.add_option("--max-states", o.max_states, "stop after this many states (exit status 3)");
    app.add_option("--max-depth", o.max_depth,
                   "stop when a path has this many choices (exit status 3)");
    app.add_option("--time-limit", o.time_limit, "stop after this many seconds (exit status 3)");
    std::string backtrack = "auto";
    app.add_option("--backtrack", backtrack,
                   "how the search goes back to a state: restore (its snapshot), reexecute "
                   "(restore the initial state and take the path again) or auto (default: per "
                   "saved state, a snapshot or the replay from the last one, whichever the "
                   "measured costs say is cheaper)")
        ->check(CLI::IsMember({"auto", "restore", "reexecute"}));
    app.add_option("--jobs", o.jobs,
                   "search with this many worker processes on this machine (fork; default 1)")
        ->check(CLI::Range(1, 256));
    app.add_flag("--workers-mpi", o.workers_mpi,
                 "search with one worker per process of the MPI job that started rankfold-run "
                 "(mpiexec -n K rankfold-run --workers-mpi ...; MPICH carries the messages)");
    app.add_option("--trace-file", o.trace_path,
                   "where to write the counterexample trace (default: PROGRAM.rankfold-trace.json "
                   "in the current folder)");
    std::string equality = "semantic";
    app.add_option("--state-equality", equality,
                   "how states are compared: semantic (default; a waiting rank's frames by their "
                   "live variables and registers, from DWARF) or exact (by their bytes)")
        ->check(CLI::IsMember({"semantic", "exact"}));
    app.add_flag("!--no-page-sharing", o.page_sharing,
                 "store every snapshot page separately (to measure what sharing saves)");
    app.add_option("--memory-limit", memory_limit,
                   "bytes the snapshot store may hold (K/M/G suffixes; default 3/4 of physical "
                   "memory); reaching it stops the run with exit status 3");
    app.add_flag("--check-snapshots", o.check_snapshots,
                 "self-test: snapshot at every scheduling point, restore each and run on; every "
                 "continuation must end in the same state and output");
    app.add_flag("--check-independence", o.check_independence,
                 "self-test: in every state (up to --max-states, default 2000), take each pair "
                 "of choices the reduction calls independent in both orders; both must end in "
                 "the same state");
    app.add_option("--ltl", o.ltl,
                   "check this LTL property (Spin syntax: [] <> U V X ! && || -> <->, or G F U R "
                   "X) on every infinite run, by the product with a Büchi automaton");
    app.add_option("--never", o.never_path,
                   "check the Promela never claim in FILE (as spin -f or ltl2ba print it): a run "
                   "it accepts is a violation");
    app.add_option("--prop", o.propositions,
                   "define a proposition: NAME=VAR@RANK (true when nonzero) or NAME=VAR@RANK OP "
                   "INTEGER, OP one of == != < <= > >=; repeatable")
        ->type_name("NAME=EXPR");
    app.add_option("--fairness", o.fairness,
                   "runs the liveness check considers: none (every run; default), weak (a rank "
                   "that can always move eventually does) or strong (also: a choice offered "
                   "infinitely often is eventually taken)")
        ->check(CLI::IsMember({"none", "weak", "strong"}));
    app.set_version_flag("--version", "rankfold-run " RANKFOLD_VERSION);

    std::vector<std::string> reversed(ours.rbegin(), ours.rend());
    try {
        app.parse(reversed);
        if (o.program.empty()) throw CLI::RequiredError("the program to run (./app)");
        o.buffering = buffering == "infinite" ? mpi::Buffering::Infinite : mpi::Buffering::Zero;
        o.both_buffering = buffering == "both";
        o.reexecute = backtrack == "reexecute";
        o.restore = backtrack == "restore";
        if (reduction == "none") o.reduction = false;
        o.source_sets = reduction == "source";
        if (o.source_sets && (o.liveness() || o.check_termination || o.check_progress))
            throw CLI::ValidationError(
                "--reduction source",
                "cannot be combined with --ltl, --never, --check-termination or "
                "--check-progress (their cycle searches need sleep sets or no reduction)");
        o.state_equality = equality == "exact" ? StateEquality::Exact : StateEquality::Semantic;
        // A replay is for debugging: run it in this process, so gdb --args stops in the program.
        if (!o.replay_path.empty()) o.fork = false;
        if (seed_opt->count() > 0) o.seed = seed;
        o.stack_size = parse_size(stack);
        o.heap_size = parse_size(heap);
        if (!memory_limit.empty()) o.memory_limit = parse_size(memory_limit);
        if (o.check_independence && o.check_snapshots)
            throw CLI::ValidationError("--check-independence",
                                       "cannot be combined with --check-snapshots");
        if (o.check_independence &&
            (o.single_run || seed_opt->count() > 0 || !o.replay_path.empty()))
            throw CLI::ValidationError("--check-independence",
                                       "cannot be combined with --single-run, --seed or --replay");
        if (o.check_independence && o.max_states == 0) o.max_states = 2000;
        if (!o.ltl.empty() && !o.never_path.empty())
            throw CLI::ValidationError("--never", "give either --ltl or --never, not both");
        if (o.liveness() &&
            (o.single_run || seed_opt->count() > 0 || o.check_snapshots || o.check_independence))
            throw CLI::ValidationError(
                o.ltl.empty() ? "--never" : "--ltl",
                "is checked by exploration: it cannot be combined with --single-run, --seed or "
                "the self-tests");
        if (o.liveness() && (o.keep_going || o.shortest || !o.state_matching || o.reexecute))
            throw CLI::ValidationError(
                o.ltl.empty() ? "--never" : "--ltl",
                "the liveness search needs state matching and stops at the first violation: it "
                "cannot be combined with --keep-going, --shortest, --no-state-matching or "
                "--backtrack reexecute");
        // Under --replay it is accepted and has no effect (the trace says what to run).
        if ((o.check_termination || o.check_progress) &&
            (o.liveness() || o.single_run || seed_opt->count() > 0 || o.check_snapshots ||
             o.check_independence))
            throw CLI::ValidationError(
                o.check_termination ? "--check-termination" : "--check-progress",
                "is checked by the exploration: it cannot be combined with --ltl, --never, "
                "--single-run, --seed or the self-tests");
        if (o.parallel() && o.jobs > 1 && o.workers_mpi)
            throw CLI::ValidationError("--jobs", "give either --jobs or --workers-mpi, not both");
        if (o.parallel() && (o.liveness() || o.check_termination || o.check_progress))
            throw CLI::ValidationError(
                o.workers_mpi ? "--workers-mpi" : "--jobs",
                "the parallel search is not sound yet with --ltl, --never, --check-termination "
                "or --check-progress (they need the whole search stack in one process): run "
                "them without it");
        if (o.parallel() && !o.explore() && o.replay_path.empty())
            throw CLI::ValidationError(o.workers_mpi ? "--workers-mpi" : "--jobs",
                                       "is for the exploration: it cannot be combined with "
                                       "--single-run, --seed or the self-tests");
        if (!o.liveness() && (!o.propositions.empty() || o.fairness != "none"))
            throw CLI::ValidationError(o.propositions.empty() ? "--fairness" : "--prop",
                                       "is for liveness checks: give --ltl or --never too");
        if (o.stack_size < (std::size_t{256} << 10))
            throw CLI::ValidationError("--stack-size", "must be at least 256K");
        if (o.heap_size < (std::size_t{1} << 20))
            throw CLI::ValidationError("--heap-size", "must be at least 1M");
    } catch (const CLI::CallForHelp& e) {
        result.exit_status = app.exit(e);
        return result;
    } catch (const CLI::CallForVersion& e) {
        result.exit_status = app.exit(e);
        return result;
    } catch (const CLI::ParseError& e) {
        fmt::print(stderr, "rankfold-run: {}\nRun 'rankfold-run --help' for the options.\n",
                   e.what());
        result.exit_status = 2;
        return result;
    } catch (const std::exception& e) {
        fmt::print(stderr, "rankfold-run: {}\n", e.what());
        result.exit_status = 2;
        return result;
    }
    result.options = std::move(o);
    return result;
}

} // namespace rankfold::mc
