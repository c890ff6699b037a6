#!/usr/bin/env python3
"""The parallel search on corpus programs: every RUN line that explores, run with --jobs 2
(fork) and, where MPICH's mpiexec and the bridge are there, with
`mpiexec -n 2 rankfold-run --workers-mpi` (for LATE_READER programs also with worker 0 reading
its first message late: mode mpi-late), gives the pinned verdict (the same violation kind)
and, for a program without violation, exactly the pinned states and executions (the distinct
states and final states under state matching). Each counterexample's trace replays with the
sequential --replay to the same kind, and with --keep-going the distinct violations are the
sequential ones. Each line is also run with --reduction source (check_source_sets), and
--max-states as one budget (BUDGETS). Lines the parallel search refuses (liveness, cycle
checks) or that do not explore are left out, and so are lines with limits. A run that has not
ended after RUN_SECONDS is killed with every process under it and fails as hung.

Usage: parallel_check.py BUILD_DIR SOURCE_DIR [PROGRAM...]   (default: a few seconds' worth)
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "corpus"))
from corpus_lines import (OK_VERDICTS, build, kind_of, programs, run_lines,  # noqa: E402
                          verdict_differs)

LEFT_OUT = {"--single-run", "--replay", "--ltl", "--never", "--check-termination",
            "--check-progress", "--seed", "--reduction", "--check-independence",
            "--check-snapshots", "--max-states", "--time-limit", "--memory-limit"}

# Programs with pinned counts whose lines run in well under a second each: wildcard receives,
# probes, Waitany/Waitsome, tests, buffering both, state merging, deadlocks, usage errors.
DEFAULT = ["anysource-three-senders.c", "master-worker-anysource.c", "testsome-polling.c",
           "testany.c", "client-server-loop.c", "heap-server-sessions.c", "rma-lock-counter.c",
           "buffering-both-fixed.c", "polling-deadlock.c", "recv-recv-deadlock.c",
           "causal-order-wildcard.c", "race-wildcard-one-way.c", "type-mismatch.c",
           "isend-never-waited.c", "wildcard-middle-sender-first.c", "heap-list-arrival-order.c",
           "polling-deadlock-late-branch.c", "polling-deadlock-late-branch-fixed.c"]


# Every run's limit: a hang is a failure with its command, never a stuck check.
RUN_SECONDS = 120


def descendants(pid):
    """The processes under pid, from /proc (mpiexec puts its proxy and each worker in a session
    of its own, so a process group does not hold them)."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            found.append(c)
            todo.append(c)
    return found


def where_stuck(pids):
    """The stacks of the rankfold processes among pids (gdb, where there is one): what a hang
    report needs to be acted on."""
    if not shutil.which("gdb"):
        return ""
    out = []
    for pid in pids:
        try:
            with open(f"/proc/{pid}/cmdline") as f:
                name = f.read().replace("\0", " ").strip()
        except OSError:
            continue
        if "rankfold" not in name:
            continue
        try:
            r = subprocess.run(["gdb", "-batch", "-p", str(pid), "-ex", "thread apply all bt 20"],
                               capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            continue
        frames = [line for line in r.stdout.splitlines() if line.startswith("#")]
        out.append(f"\n  {pid} {name[:100]}:\n    " + "\n    ".join(frames))
    return "".join(out)


def run_bounded(cmd, work, env):
    """Runs cmd; past RUN_SECONDS it and every process under it (mpiexec's proxy, the workers,
    their bridges) are killed, and the result says so (returncode 124, like timeout). Output
    goes through files: a process left behind cannot keep a pipe open and the check waiting."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen(cmd, cwd=work, stdout=out, stderr=err, text=True, env=env)
        try:
            proc.wait(timeout=RUN_SECONDS)
            hung = False
        except subprocess.TimeoutExpired:
            hung = True
            stacks = where_stuck(descendants(proc.pid))
            for pid in [proc.pid, *descendants(proc.pid)]:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            proc.wait()
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    if hung:
        stderr += f"\nHUNG: no end after {RUN_SECONDS} s: {' '.join(cmd)}{stacks}"
        return subprocess.CompletedProcess(cmd, 124, stdout, stderr)
    return subprocess.CompletedProcess(cmd, proc.returncode, stdout, stderr)


def late_reader(bin_dir):
    """The preload that makes mpiexec's worker 0 read its first message a second late
    (late_reader.c), or None (not built: sanitizer builds)."""
    shim = os.path.join(bin_dir, "..", "lib", "librankfold_test_late_reader.so")
    return os.path.abspath(shim) if os.path.exists(shim) else None


# Run once more under mpi-late: worker 0 reads worker 1's first message before it loads the
# program, so the two checkers' heaps differ; their initial states must not (issue 20).
LATE_READER = {"causal-order-wildcard.c", "master-worker-anysource.c"}


def rankfold(bin_dir, mode, args, exe, work, extra=()):
    out = os.path.join(work, "parallel.json")
    trace = os.path.join(work, "parallel.trace.json")
    for f in (out, trace):
        if os.path.exists(f):
            os.remove(f)
    cut = args.index("--") if "--" in args else len(args)
    opts, rest = args[:cut], args[cut + 1:]
    run = os.path.join(bin_dir, "rankfold-run")
    if mode == "fork":
        cmd = [run, "--jobs", "2"]
    elif mode == "mpi":
        cmd = ["mpiexec", "-n", "2", run, "--workers-mpi"]
    elif mode == "mpi-late":
        cmd = ["mpiexec", "-n", "2", "-genv", "LD_PRELOAD", late_reader(bin_dir), run,
               "--workers-mpi"]
    else:
        cmd = [run]
    cmd += [*extra, *opts, "--json", out, "--trace-file", trace, exe, *rest]
    env = dict(os.environ, RANKFOLD_PARALLEL_STATS="1")
    p = run_bounded(cmd, work, env)
    j = json.load(open(out)) if os.path.exists(out) else None
    finder = None
    for line in p.stderr.splitlines():
        if "first violation found by worker" in line:
            finder = int(line.split("first violation found by worker ")[1].split(";")[0])
    return j, (trace if os.path.exists(trace) else None), finder, p


def judge(args, verdict, pins, j):
    why = verdict_differs(verdict, j)
    if why or verdict not in OK_VERDICTS:
        return why
    for key in ("states", "executions"):
        if key in pins and j.get("stats", {}).get(key) != pins[key]:
            return f"{j.get('stats', {}).get(key)} {key}, {pins[key]} pinned"
    return ""


# --max-states is one budget for all workers: (program, RUN options, budget), the budget well
# under the program's pinned count. The search must stop at the budget, a little past it at most
# (StateBudget: each worker may not yet have told up to a chunk, N / (8 K), and the Stop takes a
# moment to arrive), where counting per worker would let the sum grow to about K times N.
BUDGETS = [("master-worker-anysource.c", ["-np", "4", "--buffering", "both"], 500)]


def check_budget(bin_dir, f, args, budget, exe, work):
    j, _, _, p = rankfold(bin_dir, "fork", ["--max-states", str(budget), *args], exe, work)
    if j is None:
        return "no report"
    states, limit = j.get("stats", {}).get("states", 0), j.get("limit")
    if p.returncode != 3 or limit != f"--max-states {budget}":
        return f"exit {p.returncode}, limit {limit!r}: not stopped by --max-states {budget}"
    if not budget <= states <= budget + budget // 4:
        return f"{states} states under --max-states {budget}"
    return ""


def check_source_sets(bin_dir, args, verdict, pins, exe, work):
    """--reduction source under --jobs 2 against the sequential --reduction source: the pinned
    verdict, at least the same executions, and states from the sequential source-set count up to (under
    state matching) the pinned sleep-set count (a parallel search's source sets are coarser
    where work was given away: SourceSets.hpp, "Shared search"). Returns (why or '', parallel states, sequential
    source-set states)."""
    extra = ["--reduction", "source"]
    seq, _, _, _ = rankfold(bin_dir, "sequential", args, exe, work, extra)
    par, _, _, p = rankfold(bin_dir, "fork", args, exe, work, extra)
    why = verdict_differs(verdict, par)
    if why or verdict not in OK_VERDICTS or seq is None:
        return why, None, None
    a, b = par.get("stats", {}), seq.get("stats", {})
    # Distinct final states: none may be lost. Without state matching the traces: exactly the
    # sequential ones, each once (a thief once gave its root's other transitions away again,
    # and master-worker-anysource -np 4 --no-state-matching ran 216 executions against 162 in
    # about one run of four; SourceSets::owned_elsewhere_top).
    exact = "--no-state-matching" in args
    if a.get("executions", 0) < b.get("executions", 0) or \
            (exact and a.get("executions") != b.get("executions")):
        return f"{a.get('executions')} executions, {b.get('executions')} sequentially", None, None
    # Without state matching the states are the tree's: the expansions add sleep-blocked
    # branches, which may outnumber the sleep-set search's.
    top = pins.get("states", 0) if "--no-state-matching" not in args else a.get("states", 0)
    if not b.get("states", 0) <= a.get("states", 0) <= top:
        return (f"{a.get('states')} states, sequentially {b.get('states')} with source sets and "
                f"{pins.get('states')} pinned with sleep sets"), None, None
    return "", a.get("states"), b.get("states")


def main():
    bin_dir, src = sys.argv[1] + "/bin", sys.argv[2]
    wanted = set(sys.argv[3:]) or set(DEFAULT)
    modes = ["fork"]
    if shutil.which("mpiexec") and os.path.exists(os.path.join(bin_dir, "rankfold-mpi-bridge")):
        modes.append("mpi")
        if late_reader(sys.argv[1] + "/bin"):
            modes.append("mpi-late")
    failures, checked, by_other = [], 0, 0
    source_runs, source_equal = 0, 0
    with tempfile.TemporaryDirectory() as work:
        for f, source in programs(src):
            if f not in wanted:
                continue
            lines = [line for line in run_lines(source)
                     if not LEFT_OUT & {a.split("=")[0] for a in line[0]}
                     and line[1] != "limit"]
            budgets = [b for b in BUDGETS if b[0] == f]
            if not lines and not budgets:
                continue
            exe = build(bin_dir, f, source, work, ["-O1"])
            if not exe:
                failures.append(f"{f}: does not build")
                continue
            for _, args, budget in budgets:
                checked += 1
                if why := check_budget(bin_dir, f, args, budget, exe, work):
                    failures.append(f"{f} (fork: --max-states {budget} {' '.join(args)}): {why}")
            for args, verdict, pins in lines:
                for mode in modes:
                    if mode == "mpi-late" and f not in LATE_READER:
                        continue
                    j, trace, finder, p = rankfold(bin_dir, mode, args, exe, work)
                    why = judge(args, verdict, pins, j)
                    checked += 1
                    if not why and verdict not in OK_VERDICTS:
                        if finder:
                            by_other += 1
                        # The trace worker 0 wrote replays in a sequential run.
                        cut = args.index("--") if "--" in args else len(args)
                        r = None
                        if trace:
                            kept = os.path.join(work, "found.trace.json")
                            shutil.copy(trace, kept)
                            r, _, _, _ = rankfold(bin_dir, "sequential",
                                                  args[:cut] + ["--replay", kept] + args[cut:],
                                                  exe, work)
                        if not r or kind_of((r.get("violations") or [{}])[0]) != verdict:
                            why = "its trace does not replay sequentially to the same violation"
                    if not why and verdict not in OK_VERDICTS and mode == "fork":
                        # --keep-going: the same set of distinct violations as sequentially.
                        def found(m):
                            k, _, _, _ = rankfold(bin_dir, m, ["--keep-going", *args], exe, work)
                            # Addresses differ: the parallel search runs without randomisation.
                            return sorted((kind_of(v), re.sub(r"0x[0-9a-f]+", "0x?",
                                                              v.get("message", "")))
                                          for v in (k or {}).get("violations", []))
                        seq, par = found("sequential"), found("fork")
                        if seq != par:
                            why = f"--keep-going found {par}, sequentially {seq}"
                    if why:
                        # A hang: where each process was stuck, in full.
                        cut = p.stderr.find("HUNG")
                        said = p.stderr[:cut].strip()[-600:] + "\n    " + p.stderr[cut:] \
                            if cut >= 0 else p.stderr.strip()[-400:]
                        failures.append(f"{f} ({mode}: {' '.join(args)}): {why}\n    {said}")
                    if mode == "fork" and "--no-reduction" not in args:
                        why, par_states, seq_states = check_source_sets(bin_dir, args, verdict,
                                                                        pins, exe, work)
                        source_runs += 1
                        source_equal += par_states is not None and par_states == seq_states
                        if why:
                            failures.append(f"{f} (fork, --reduction source: {' '.join(args)}): "
                                            f"{why}")
    for x in failures:
        print("FAIL " + x)
    print(f"parallel ({', '.join(modes)}): {checked} runs, {len(failures)} failed; "
          f"{by_other} counterexamples found by worker 1 replayed sequentially; --reduction "
          f"source: {source_runs} runs, {source_equal} with the sequential state count")
    # wildcard-middle-sender-first.c and polling-deadlock-late-branch.c are built so that
    # worker 1 finds their violations (the polls of the latter only there).
    if {"wildcard-middle-sender-first.c", "polling-deadlock-late-branch.c"} & wanted and \
            by_other == 0:
        print("FAIL no counterexample was found by worker 1")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
