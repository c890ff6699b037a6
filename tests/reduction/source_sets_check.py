#!/usr/bin/env python3
"""--reduction source on the corpus: every RUN line that explores gives the verdict it pins
under the default (sleep sets), the same violation kind, the same number of distinct final
states (stats.executions under state matching), and never more states than the pinned count.
Lines that name their own reduction, search mode or self-test are left out, and so are the
liveness and cycle checks, which --reduction source refuses.

Usage: source_sets_check.py BUILD_DIR SOURCE_DIR
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "corpus"))
from corpus_lines import (OK_VERDICTS, build, programs, report, run_lines,  # noqa: E402
                          verdict_differs)

LEFT_OUT = {"--single-run", "--replay", "--ltl", "--never", "--check-termination",
            "--check-progress", "--seed", "--reduction", "--no-reduction", "--check-independence",
            "--check-snapshots", "--shortest"}


def judge(args, verdict, pins, j):
    """'' or why the source-set run differs from the pinned sleep-set one."""
    why = verdict_differs(verdict, j)
    if why or verdict not in OK_VERDICTS:
        return why
    stats = j.get("stats", {})
    if verdict == "ok" and "--no-state-matching" not in args and "--keep-going" not in args \
            and "executions" in pins and stats.get("executions") != pins["executions"]:
        return (f"{stats.get('executions')} distinct final states, "
                f"{pins['executions']} under sleep sets")
    if verdict == "ok" and "states" in pins and stats.get("states", 0) > pins["states"]:
        return f"{stats.get('states')} states, more than the {pins['states']} pinned"
    return ""


def main():
    bin_dir, src = sys.argv[1] + "/bin", sys.argv[2]
    failures, checked, fewer = [], 0, 0
    with tempfile.TemporaryDirectory() as work:
        for f, source in programs(src):
            lines = [line for line in run_lines(source)
                     if not LEFT_OUT & {a.split("=")[0] for a in line[0]}]
            if not lines:
                continue
            exe = build(bin_dir, f, source, work, ["-O1"])
            if not exe:
                failures.append(f"{f}: does not build")
                continue
            for args, verdict, pins in lines:
                j, _, _, _ = report(bin_dir, args, exe, work, "source", ["--reduction", "source"])
                why = judge(args, verdict, pins, j)
                if why:
                    failures.append(f"{f} ({' '.join(args)}): {why}")
                checked += 1
                if j and verdict == "ok" and j.get("stats", {}).get("states", 0) < pins.get(
                        "states", 0):
                    fewer += 1
    for x in failures:
        print("FAIL " + x)
    print(f"source sets: {checked} runs, {fewer} with fewer states than sleep sets; "
          f"{checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
