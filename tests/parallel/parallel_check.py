#!/usr/bin/env python3
"""The parallel search on corpus programs: every RUN line that explores, run with --jobs 2
(fork) and, where MPICH's mpiexec and the bridge are there, with
`mpiexec -n 2 rankfold-run --workers-mpi`, gives the pinned verdict (the same violation kind)
and, for a program without violation, exactly the pinned states and executions (the distinct
states and final states under state matching). Each counterexample's trace replays with the
sequential --replay to the same kind, and with --keep-going the distinct violations are the
sequential ones. Lines the parallel search refuses (liveness, cycle
checks, source sets) or that do not explore are left out, and so are limits (each worker
counts its own states).

Usage: parallel_check.py BUILD_DIR SOURCE_DIR [PROGRAM...]   (default: a few seconds' worth)
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "corpus"))
from corpus_lines import OK_VERDICTS, build, programs, run_lines  # noqa: E402

LEFT_OUT = {"--single-run", "--replay", "--ltl", "--never", "--check-termination",
            "--check-progress", "--seed", "--reduction", "--check-independence",
            "--check-snapshots", "--max-states", "--time-limit", "--memory-limit"}

# Programs with pinned counts whose lines run in well under a second each: wildcard receives,
# probes, Waitany/Waitsome, tests, buffering both, state merging, deadlocks, usage errors.
DEFAULT = ["anysource-three-senders.c", "master-worker-anysource.c", "testsome-polling.c",
           "testany.c", "client-server-loop.c", "heap-server-sessions.c", "rma-lock-counter.c",
           "buffering-both-fixed.c", "polling-deadlock.c", "recv-recv-deadlock.c",
           "causal-order-wildcard.c", "race-wildcard-one-way.c", "type-mismatch.c",
           "isend-never-waited.c", "wildcard-middle-sender-first.c", "heap-list-arrival-order.c"]


def kind_of(v):
    return v.get("kind", "?") + (":" + v["subkind"] if "subkind" in v else "")


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
    else:
        cmd = [run]
    cmd += [*extra, *opts, "--json", out, "--trace-file", trace, exe, *rest]
    env = dict(os.environ, RANKFOLD_PARALLEL_STATS="1")
    p = subprocess.run(cmd, cwd=work, capture_output=True, text=True, timeout=120, env=env)
    j = json.load(open(out)) if os.path.exists(out) else None
    finder = None
    for line in p.stderr.splitlines():
        if "first violation found by worker" in line:
            finder = int(line.split("first violation found by worker ")[1].split(";")[0])
    return j, (trace if os.path.exists(trace) else None), finder, p


def judge(args, verdict, pins, j):
    if j is None:
        return "no report"
    violations = j.get("violations") or []
    stats = j.get("stats", {})
    if verdict in OK_VERDICTS:
        if violations:
            return f"found {kind_of(violations[0])}, the pinned verdict is {verdict}"
        for key in ("states", "executions"):
            if key in pins and stats.get(key) != pins[key]:
                return f"{stats.get(key)} {key}, {pins[key]} pinned"
        return ""
    if not violations:
        return f"no violation, the pinned verdict is {verdict}"
    if kind_of(violations[0]) != verdict:
        return f"found {kind_of(violations[0])}, the pinned verdict is {verdict}"
    return ""


def main():
    bin_dir, src = sys.argv[1] + "/bin", sys.argv[2]
    wanted = set(sys.argv[3:]) or set(DEFAULT)
    modes = ["fork"]
    if shutil.which("mpiexec") and os.path.exists(os.path.join(bin_dir, "rankfold-mpi-bridge")):
        modes.append("mpi")
    failures, checked, by_other = [], 0, 0
    with tempfile.TemporaryDirectory() as work:
        for f, source in programs(src):
            if f not in wanted:
                continue
            lines = [line for line in run_lines(source)
                     if not LEFT_OUT & {a.split("=")[0] for a in line[0]}
                     and line[1] != "limit"]
            if not lines:
                continue
            exe = build(bin_dir, f, source, work, ["-O1"])
            if not exe:
                failures.append(f"{f}: does not build")
                continue
            for args, verdict, pins in lines:
                for mode in modes:
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
                        failures.append(f"{f} ({mode}: {' '.join(args)}): {why}\n"
                                        f"    {p.stderr.strip()[-400:]}")
    for x in failures:
        print("FAIL " + x)
    print(f"parallel ({', '.join(modes)}): {checked} runs, {len(failures)} failed; "
          f"{by_other} counterexamples found by worker 1 replayed sequentially")
    # wildcard-middle-sender-first.c is built so that worker 1 finds its violation.
    if "wildcard-middle-sender-first.c" in wanted and by_other == 0:
        print("FAIL no counterexample was found by worker 1")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
