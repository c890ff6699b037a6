"""The labelled corpus as the Python checks read it: each program's RUN lines (options, expected
verdict, pinned counts) and compiler flags, the folders it lives in, and how to run
rankfold-run on one line with a JSON report (tests/programs/README.md has the format)."""
import json
import os
import re
import subprocess

RUN = re.compile(r"RANKFOLD-RUN:\s*(.*?)\s*=>\s*(\S+)(.*)")
CFLAGS = re.compile(r"RANKFOLD-CFLAGS:\s*(.*)")
FOLDERS = ("tests/programs", "examples")
OK_VERDICTS = {"ok", "limit"}


def programs(src):
    """(name, path) of every corpus program, in a fixed order."""
    for folder in FOLDERS:
        for f in sorted(os.listdir(os.path.join(src, folder))):
            if f.endswith((".c", ".cpp")):
                yield f, os.path.join(src, folder, f)


def run_lines(path):
    """(options, verdict, pinned counts) of each RUN line; %S is the program's folder."""
    folder = os.path.dirname(path)
    out = []
    for line in open(path, encoding="utf-8", errors="replace"):
        m = RUN.search(line)
        if m:
            pins = dict((k, int(v)) for k, v in re.findall(r"(\w+)=(\d+)", m.group(3)))
            out.append(([a.replace("%S", folder) for a in m.group(1).split()], m.group(2), pins))
    return out


def compiler_flags(path):
    for line in open(path, encoding="utf-8", errors="replace"):
        m = CFLAGS.search(line)
        if m:
            return m.group(1).split()
    return []


def run(cmd, cwd, timeout=60):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)


def build(bin_dir, name, path, work, flags=()):
    """Compiles a program as a user would (with `flags`; corpus_runner's pinned counts are for
    -O1); the executable, or None."""
    exe = os.path.join(work, name.rsplit(".", 1)[0])
    cc = "rankfold-cxx" if name.endswith(".cpp") else "rankfold-cc"
    ok = run([os.path.join(bin_dir, cc), *flags, *compiler_flags(path), "-o", exe, path], work)
    return exe if ok.returncode == 0 else None


def report(bin_dir, args, exe, work, name, extra=()):
    """Runs rankfold-run with `extra` options and a RUN line's arguments (options, then the
    program's own after --); returns (report or None, trace path or None, options, program
    arguments)."""
    out = os.path.join(work, name + ".json")
    trace = os.path.join(work, name + ".trace.json")
    for f in (out, trace):
        if os.path.exists(f):
            os.remove(f)
    cut = args.index("--") if "--" in args else len(args)
    opts, rest = args[:cut], args[cut + 1:]
    run([os.path.join(bin_dir, "rankfold-run"), *extra, *opts, "--json", out, "--trace-file", trace,
         exe, *rest], work)
    if not os.path.exists(out):
        return None, None, opts, rest
    j = json.load(open(out))
    return j, (trace if os.path.exists(trace) else None), opts, rest


def kind_of(v):
    """A reported violation as a RUN line's verdict names it: kind, or kind:subkind."""
    return v.get("kind", "?") + (":" + v["subkind"] if "subkind" in v else "")


def verdict_differs(verdict, j):
    """'' if report `j` has the verdict a RUN line pins (none for ok/limit, else a first
    violation of that kind); otherwise why not. Counts are the caller's."""
    if j is None:
        return "no report"
    violations = j.get("violations") or []
    if verdict in OK_VERDICTS:
        return f"found {kind_of(violations[0])}, the pinned verdict is {verdict}" \
            if violations else ""
    if not violations:
        return f"no violation, the pinned verdict is {verdict}"
    if kind_of(violations[0]) != verdict:
        return f"found {kind_of(violations[0])}, the pinned verdict is {verdict}"
    return ""
