#!/usr/bin/env python3
"""The ctest group mpich-suite: MPICH's own tests (the testlists of pt2pt, coll, comm, datatype,
group, topo, init, attr, errhan, info and rma, '#' lines included) built unchanged with
rankfold-cc and the suite's util/mtest.c, each run once (--single-run) and explored
exhaustively within a time limit, the outcome compared with expected-results:

  pass                      a line ' No Errors' (or ' No errors', as MPICH's own runtests
                            accepts and some tests print), exit 0, and no violation in the
                            exploration
                            (reaching the time limit without one counts as a pass)
  unsupported: MPI_X ...    it does not build: these functions are not implemented
  fails: <reason>           it builds but does not pass; the reason is written by hand

A test that passed and no longer does is a regression, and so is a test newly failing (its
reason has to be recorded); a test that passes now is an improvement. --update writes the
outcomes into the file (keeping the reasons written for tests that still fail).

Exit status: 0 no regression, 1 regressions, 77 the suite is not there (ctest: skipped).
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite_build  # noqa: E402
import suite_tests  # noqa: E402


def parse_args():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--suite", required=True, help="the MPICH test suite (with ABOUT.md, util/, include/)")
    p.add_argument("--bin", required=True, help="the folder of rankfold-cc and rankfold-run")
    p.add_argument("--work", required=True, help="where programs are built (and cached) and run")
    p.add_argument("--expected", required=True, help="the expected-results file")
    p.add_argument("--update", action="store_true", help="write the outcomes into the expected-results file")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--max-np", type=int, default=4, help="cap on the testlists' process counts")
    p.add_argument("--time-limit", type=float, default=3.0, help="seconds of exhaustive exploration per test")
    p.add_argument("--only", default="", help="run only the tests whose name contains this")
    return p.parse_args()


def read_expected(path):
    expected = {}
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            line = line.rstrip("\n")
            if line and not line.startswith("#") and ": " in line:
                key, outcome = line.split(": ", 1)
                expected[key] = outcome.strip()
    return expected


def category(outcome):
    return outcome.split(":", 1)[0]


CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def session_cpu_seconds(session):
    """Processor seconds used so far by the processes of a session: the supervisor, its
    explorer child and the children they have already reaped."""
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry, encoding="ascii", errors="replace") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        # After the command's ')': state ppid pgrp session ... utime(12) stime(13) cutime cstime.
        if int(fields[3]) == session:
            total += sum(int(v) for v in fields[11:15])
    return total / CLOCK_TICKS


def run_rankfold(opts, test, exe, mode):
    """One rankfold-run of the test; returns (exit status, stdout, the report's violation or '')."""
    rundir = os.path.join(opts.work, "run", test.folder)
    os.makedirs(rundir, exist_ok=True)
    stem = os.path.join(rundir, "%s.np%d%s.%s" % (test.name, test.np, "".join("." + a.replace("/", "_") for a in test.args), mode))
    command = [os.path.join(opts.bin, "rankfold-run"), "-np", str(test.np), "--json", stem + ".json",
               "--trace-file", stem + ".trace.json"]
    command += ["--single-run"] if mode == "single" else ["--time-limit", str(opts.time_limit)]
    command += [exe, *test.args]
    # A test that spins costs the group this much processor time: enough to finish a test
    # that passes in a second, short enough to keep the group within minutes. The limit is
    # processor time, not wall time, so that a loaded machine (CI beside other work) does not
    # turn a slow pass into "hung"; the wall limit only catches a run that waits on nothing.
    cpu_limit = 15 if mode == "single" else opts.time_limit + 15
    wall = 6 * cpu_limit
    # rankfold-run is a supervisor with the explorer in a child process: a hung run is stopped
    # as a process group, or the child would go on using a core after the timeout.
    try:
        proc = subprocess.Popen(command, cwd=rundir, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, errors="replace", start_new_session=True)
    except OSError as e:  # rankfold-run missing or being rebuilt
        return None, "", "could not start rankfold-run: %s" % e
    started = time.monotonic()
    while True:
        try:
            stdout, stderr = proc.communicate(timeout=0.5)
            break
        except subprocess.TimeoutExpired:  # the output read so far is kept for the next call
            used = session_cpu_seconds(proc.pid)
            if used <= cpu_limit and time.monotonic() - started <= wall:
                continue
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.communicate()
        if used > cpu_limit:
            return None, "", "hung (no answer in %d s of processor time)" % cpu_limit
        return None, "", "hung (no answer in %d s)" % wall
    proc.stdout, proc.stderr = stdout, stderr
    violation = ""
    if proc.returncode not in (0, 3):
        try:
            report = json.load(open(stem + ".json", encoding="utf-8"))
            v = (report.get("violations") or [{}])[0]
            violation = ("%s %s" % (v.get("kind", ""), v.get("message", ""))).strip()
        except (OSError, ValueError, AttributeError):
            pass
        if not violation:
            violation = (proc.stderr.strip().splitlines() or ["exit %d" % proc.returncode])[-1]
    return proc.returncode, proc.stdout, " ".join(violation.split())[:160]


BUILD_LOCKS = collections.defaultdict(threading.Lock)
# What MPICH's runtests takes for success (a few tests print the lower-case form).
NO_ERRORS = re.compile(r"^\s*No [Ee]rrors\s*$", re.MULTILINE)


def check(opts, builder, util, test):
    """The outcome of one test: 'pass', 'unsupported: ...' or 'fails: ...' (with a measured
    reason), and the seconds the runs took."""
    archive, util_blocked, util_errors = util
    if not test.source:
        return "fails: no source for it in this copy of the suite", 0.0
    with BUILD_LOCKS[test.program]:  # two tests of one program (np, args) build it once
        obj = builder.compile(test.source, test.program, test.defines)
        extra = [builder.compile(os.path.join(os.path.dirname(test.source), e), "%s/%s" % (test.folder, e[:-2]))
                 for e in test.extra_sources]
        if any(not e["ok"] for e in extra):
            obj = next(e for e in extra if not e["ok"])
        buildable = obj["ok"] and not obj["unsupported"] and not util_blocked and not util_errors
        objects = [obj["output"]] + [e["output"] for e in extra]
        exe = builder.link(objects, test.program, archive) if buildable else None
    blocked = sorted(set(obj["unsupported"]) | set(util_blocked))
    if blocked:
        return "unsupported: " + " ".join(blocked), 0.0
    if not obj["ok"]:
        return "fails: does not compile: " + obj["error"], 0.0
    if util_errors:
        return "fails: util/ does not compile: " + util_errors[0], 0.0
    if not exe["ok"]:
        return "fails: does not link: " + exe["error"], 0.0
    start = time.monotonic()
    if test.result_test == "TestStatus":
        return check_exit_status(opts, test, exe), time.monotonic() - start
    status, out, violation = run_rankfold(opts, test, exe["output"], "single")
    if status != 0 or not NO_ERRORS.search(out):
        why = violation or "no ' No Errors' in its output"
        return "fails: single run: " + why, time.monotonic() - start
    status, _, violation = run_rankfold(opts, test, exe["output"], "explore")
    if status not in (0, 3):
        return "fails: exploration: " + violation, time.monotonic() - start
    return "pass", time.monotonic() - start


# What rankfold-run reports for a rank whose main returned a non-zero status.
NONZERO_EXIT = re.compile(r"^exit rank \d+ exited with status [1-9]")


def check_exit_status(opts, test, exe):
    """resultTest=TestStatus: MPICH's runtests passes the test when mpiexec's exit status is not
    zero (and no signal ended it); under Rankfold, when a rank's non-zero exit is the verdict of
    both the single run and the exploration."""
    for mode in ("single", "explore"):
        status, _, violation = run_rankfold(opts, test, exe["output"], mode)
        if status != 1 or not NONZERO_EXIT.match(violation):
            return "fails: %s: expected a rank's non-zero exit status, got %s" % (
                "single run" if mode == "single" else "exploration", violation or "exit status 0")
    return "pass"


def compare(tests, outcomes, expected):
    regressions, improvements, changes = [], [], []
    for t in tests:
        now, was = outcomes[t.key], expected.get(t.key)
        if was is None:
            (improvements if now == "pass" else changes).append("%s: new test: %s" % (t.key, now))
        elif category(was) == "pass" and now != "pass":
            regressions.append("%s: was pass, now %s" % (t.key, now))
        elif now == "pass" and category(was) != "pass":
            improvements.append("%s: now passes (was %s)" % (t.key, was))
        elif category(now) == "fails" and category(was) != "fails":
            regressions.append("%s: was %s, now %s (analyse it, record the reason)" % (t.key, was, now))
        elif category(now) == "unsupported" and category(was) == "fails":
            regressions.append("%s: was %s, now %s" % (t.key, was, now))
        elif category(now) == "unsupported" and now != was:
            changes.append("%s: was %s, now %s" % (t.key, was, now))
    return regressions, improvements, changes


def write_expected(path, tests, outcomes, expected, opts):
    lines = ["# MPICH test suite under Rankfold: one line per test of the testlists ('#' lines too),",
             "# 'folder/name np=N [args]: outcome'. np is the testlist's, capped at %d (8 for a few). Written by" % opts.max_np,
             "# run_suite.py --update; the reasons of 'fails:' lines are kept when they still fail."]
    for t in tests:
        was = expected.get(t.key, "")
        now = outcomes.get(t.key, was)  # a test --only left out keeps its line
        if not now:
            continue
        keep = category(now) == "fails" and category(was) == "fails"
        lines.append("%s: %s" % (t.key, was if keep else now))
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def summary(tests, outcomes):
    counts = collections.Counter(category(outcomes[t.key]) for t in tests)
    by_function, sole = collections.Counter(), collections.Counter()
    for t in tests:
        o = outcomes[t.key]
        if category(o) == "unsupported":
            names = o.split(":", 1)[1].split()
            by_function.update(names)
            if len(names) == 1:
                sole[names[0]] += 1
    n = len(tests)
    print("mpich-suite: %d tests: %d pass (%.0f%%), %d unsupported, %d fail"
          % (n, counts["pass"], 100.0 * counts["pass"] / max(n, 1), counts["unsupported"], counts["fails"]))
    if by_function:
        print("unsupported functions, by the number of tests they keep from building"
              " (in brackets: tests only that function keeps out):")
        for name, c in by_function.most_common():
            print("  %4d [%d] %s" % (c, sole[name], name))


def main():
    opts = parse_args()
    if not os.path.exists(os.path.join(opts.suite, "util", "mtest.c")):
        print("mpich-suite: skipped: no MPICH test suite at %s (set RANKFOLD_MPICH_TESTS)" % opts.suite)
        return 77
    opts.work, opts.bin = os.path.abspath(opts.work), os.path.abspath(opts.bin)
    start = time.monotonic()
    every_test = suite_tests.read_testlists(opts.suite, opts.max_np)
    tests = [t for t in every_test if opts.only in t.key]
    builder = suite_build.Builder(opts.suite, opts.bin, opts.work)
    util = builder.util_library()
    outcomes, seconds = {}, {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=opts.jobs) as pool:
        futures = {pool.submit(check, opts, builder, util, t): t for t in tests}
        for f in concurrent.futures.as_completed(futures):
            t = futures[f]
            outcomes[t.key], seconds[t.key] = f.result()
    expected = read_expected(opts.expected)
    regressions, improvements, changes = compare(tests, outcomes, expected)
    slowest = sorted(seconds.items(), key=lambda kv: -kv[1])[:5]
    summary(tests, outcomes)
    print("slowest runs: " + ", ".join("%s %.1fs" % kv for kv in slowest))
    for title, items in [("improvements", improvements), ("other changes", changes), ("REGRESSIONS", regressions)]:
        if items:
            print("%s (%d):" % (title, len(items)))
            for i in items:
                print("  " + i)
    if opts.update:
        write_expected(opts.expected, every_test, outcomes, expected, opts)
        print("written: " + opts.expected)
    print("mpich-suite: %.0f s" % (time.monotonic() - start))
    return 1 if regressions and not opts.update else 0


if __name__ == "__main__":
    sys.exit(main())
