#!/usr/bin/env python3
"""--shortest on the corpus: for the first violating RUN line of every program, the counterexample
found with --shortest is never longer than the depth-first one, ends in the same kind of
violation, and its trace replays to that violation.

Usage: shortest_check.py BUILD_DIR SOURCE_DIR
"""
import json
import os
import re
import subprocess
import sys
import tempfile

RUN = re.compile(r"RANKFOLD-RUN:\s*(.*?)\s*=>\s*(\S+)")
OK_VERDICTS = {"ok", "limit"}


CFLAGS = re.compile(r"RANKFOLD-CFLAGS:\s*(.*)")


def first_violating_run(path):
    folder = os.path.dirname(path)
    for line in open(path, encoding="utf-8", errors="replace"):
        m = RUN.search(line)
        # A lasso (liveness) is not a path to a state: --shortest does not apply to it.
        if m and m.group(2) not in OK_VERDICTS and m.group(2) != "liveness":
            # %S: the program's folder (contract files next to it), as corpus_runner reads it
            return [a.replace("%S", folder) for a in m.group(1).split()], m.group(2)
    return None


def compiler_flags(path):
    for line in open(path, encoding="utf-8", errors="replace"):
        m = CFLAGS.search(line)
        if m:
            return m.group(1).split()
    return []


def run(cmd, cwd, timeout=60):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)


def report(args, exe, work, name):
    out = os.path.join(work, name + ".json")
    trace = os.path.join(work, name + ".trace.json")
    for f in (out, trace):
        if os.path.exists(f):
            os.remove(f)
    cut = args.index("--") if "--" in args else len(args)
    opts, rest = args[:cut], args[cut + 1:]
    run([BUILD + "/bin/rankfold-run", *opts, "--json", out, "--trace-file", trace, exe, *rest], work)
    if not os.path.exists(out):
        return None, None, opts, rest
    j = json.load(open(out))
    return j, (trace if os.path.exists(trace) else None), opts, rest


def main():
    global BUILD
    BUILD, src = sys.argv[1], sys.argv[2]
    failures, checked, shorter = [], 0, 0
    with tempfile.TemporaryDirectory() as work:
        for folder in ("tests/programs", "examples"):
            for f in sorted(os.listdir(os.path.join(src, folder))):
                if not f.endswith((".c", ".cpp")):
                    continue
                found = first_violating_run(os.path.join(src, folder, f))
                if not found:
                    continue
                args, verdict = found
                exe = os.path.join(work, f.rsplit(".", 1)[0])
                cc = "rankfold-cxx" if f.endswith(".cpp") else "rankfold-cc"
                source = os.path.join(src, folder, f)
                if run([BUILD + "/bin/" + cc, *compiler_flags(source), "-o", exe, source],
                       work).returncode:
                    failures.append(f"{f}: does not build")
                    continue
                dfs, _, _, _ = report(args, exe, work, "dfs")
                bfs, trace, opts, rest = report(["--shortest"] + args, exe, work, "bfs")
                if not dfs or not bfs or not dfs["violations"] or not bfs["violations"]:
                    failures.append(f"{f}: no violation reported ({' '.join(args)})")
                    continue
                a = dfs["stats"].get("counterexample_steps", 0)
                b = bfs["stats"].get("counterexample_steps", 0)
                if b > a:
                    failures.append(f"{f}: --shortest gave {b} steps, depth-first {a}")
                if bfs["violations"][0]["kind"] != dfs["violations"][0]["kind"]:
                    failures.append(f"{f}: --shortest ends in {bfs['violations'][0]['kind']}, "
                                    f"depth-first in {dfs['violations'][0]['kind']}")
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
