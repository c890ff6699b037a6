#!/usr/bin/env python3
"""--shortest on the corpus: for the first violating RUN line of every program, the counterexample
found with --shortest is never longer than the depth-first one, both end in the pinned kind of
violation, and its trace replays to that violation.

Usage: shortest_check.py BUILD_DIR SOURCE_DIR
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "corpus"))
from corpus_lines import OK_VERDICTS, build, programs, run, run_lines, verdict_differs  # noqa: E402
import corpus_lines  # noqa: E402


def first_violating_run(path):
    # A lasso (liveness) is not a path to a state: --shortest does not apply to it.
    for args, verdict, _ in run_lines(path):
        if verdict not in OK_VERDICTS and verdict != "liveness":
            return args, verdict
    return None


def report(args, exe, work, name):
    return corpus_lines.report(BUILD + "/bin", args, exe, work, name)


def main():
    global BUILD
    BUILD, src = sys.argv[1], sys.argv[2]
    failures, checked, shorter = [], 0, 0
    with tempfile.TemporaryDirectory() as work:
        for f, source in programs(src):
            found = first_violating_run(source)
            if not found:
                continue
            args, verdict = found
            exe = build(BUILD + "/bin", f, source, work)
            if not exe:
                failures.append(f"{f}: does not build")
                continue
            dfs, _, _, _ = report(args, exe, work, "dfs")
            bfs, trace, opts, rest = report(["--shortest"] + args, exe, work, "bfs")
            why = verdict_differs(verdict, dfs) or verdict_differs(verdict, bfs)
            if why:
                failures.append(f"{f} ({' '.join(args)}): {why}")
                continue
            a = dfs["stats"].get("counterexample_steps", 0)
            b = bfs["stats"].get("counterexample_steps", 0)
            if b > a:
                failures.append(f"{f}: --shortest gave {b} steps, depth-first {a}")
            if trace:
                # replay takes -np, --buffering, the contracts, the verdict flags and the
                # watchdog (the default 10 s of CPU time would make an endless loop slow to
                # replay), not the search's options
                keep = []
                for i, o in enumerate(opts):
                    if o in ("-np", "-n", "--buffering", "--contracts", "--contracts-predefined",
                             "--watchdog"):
                        keep += opts[i:i + 2]
                    elif o in ("--strict", "--allow-leaks"):  # what counts as a violation
                        keep.append(o)
                r = run([BUILD + "/bin/rankfold-run", "--replay", trace, *keep, exe, *rest], work)
                if r.returncode != 1:
                    failures.append(f"{f}: the --shortest trace does not replay to a violation "
                                    f"(exit {r.returncode})")
            checked += 1
            shorter += b < a
    for x in failures:
        print("FAIL " + x)
    print(f"shortest: {checked} programs, {shorter} with a shorter counterexample; "
          f"{checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
