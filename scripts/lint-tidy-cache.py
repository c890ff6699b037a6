#!/usr/bin/env python3
"""A result cache for clang-tidy, as ccache is for the compiler: CI lints a clean clone each
time, and clang-tidy on every source was the longest step of CI (about 13 minutes on 2 cores)
while a commit changes a few files.

A file's key is the hash of everything its clang-tidy result depends on: the tool's version, the
.clang-tidy files, the file's compile command and its translation unit as clang's preprocessor
expands it (with comments kept, for NOLINT), with the checkout's path replaced so that clones in
different folders share entries. Only clean results are stored: a file with findings is always
linted again, so its findings are always printed.

Usage:
  lint-tidy-cache.py split ROOT WORK CLANG_TIDY JOBS   reads WORK/compile_commands.json, writes
      WORK/files (the files to lint) and WORK/keys.json (each file's key); prints the counts
  lint-tidy-cache.py store WORK                         records each linted file without a
      WORK/tidy/*.failed log as clean
Environment: RANKFOLD_LINT_CACHE, the cache folder (default ~/.cache/rankfold-lint); "off"
lints every file.
"""
import concurrent.futures
import hashlib
import json
import os
import shlex
import subprocess
import sys


def cache_dir():
    where = os.environ.get("RANKFOLD_LINT_CACHE")
    if where == "off":
        return None
    if not where:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
        where = os.path.join(base, "rankfold-lint")
    os.makedirs(where, exist_ok=True)
    return where


def tool_versions(clang_tidy):
    out = []
    for tool in (clang_tidy, "clang++"):
        out.append(subprocess.run([tool, "--version"], capture_output=True, text=True,
                                  check=True).stdout)
    return "".join(out)


def tidy_configs(root):
    found = []
    for folder, subdirs, files in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if not d.startswith(("build", ".git")))
        if ".clang-tidy" in files:
            path = os.path.join(folder, ".clang-tidy")
            with open(path, encoding="utf-8") as f:
                found.append(os.path.relpath(path, root) + "\n" + f.read())
    return "".join(found)


def preprocess_command(entry):
    """The entry's compile command turned into clang's preprocessor on the same flags."""
    args = shlex.split(entry["command"]) if "command" in entry else list(entry["arguments"])
    out, skip = ["clang++"], False
    for arg in args[1:]:
        if skip:
            skip = False
        elif arg == "-o":
            skip = True
        elif arg != "-c" and not arg.startswith("-ftrivial-auto-var-init"):
            out.append(arg)
    return out + ["-E", "-C", "-w", "-o", "-"]


def key_of(entry, root, common):
    command = preprocess_command(entry)
    result = subprocess.run(command, cwd=entry["directory"], capture_output=True)
    if result.returncode != 0:
        return None  # clang-tidy will say why
    digest = hashlib.sha256(common)
    digest.update(" ".join(command).replace(root, "@ROOT@").encode())
    digest.update(result.stdout.replace(root.encode(), b"@ROOT@"))
    return digest.hexdigest()


def split(root, work, clang_tidy, jobs):
    with open(os.path.join(work, "compile_commands.json"), encoding="utf-8") as f:
        entries = json.load(f)
    where = cache_dir()
    keys = {}
    if where:
        common = (tool_versions(clang_tidy) + tidy_configs(root)).encode()
        with concurrent.futures.ThreadPoolExecutor(max_workers=int(jobs)) as pool:
            found = pool.map(lambda e: (e["file"], key_of(e, root, common)), entries)
            keys = {file: key for file, key in found if key}
    todo = [e["file"] for e in entries
            if not (e["file"] in keys and os.path.exists(os.path.join(where, keys[e["file"]])))]
    with open(os.path.join(work, "files"), "w", encoding="utf-8") as f:
        f.writelines(file + "\n" for file in sorted(todo))
    with open(os.path.join(work, "keys.json"), "w", encoding="utf-8") as f:
        json.dump(keys, f)
    print(f"{len(entries)} {len(todo)}")


def store(work):
    where = cache_dir()
    if not where:
        return
    with open(os.path.join(work, "keys.json"), encoding="utf-8") as f:
        keys = json.load(f)
    root = os.environ.get("LINT_ROOT", "")
    with open(os.path.join(work, "files"), encoding="utf-8") as f:
        linted = [line.strip() for line in f if line.strip()]
    for file in linted:
        log = os.path.join(work, "tidy", os.path.relpath(file, root).replace("/", "_") + ".log")
        if file in keys and os.path.exists(log) and not os.path.exists(log + ".failed"):
            with open(os.path.join(where, keys[file]), "w", encoding="utf-8") as f:
                f.write(os.path.relpath(file, root) + "\n")


if __name__ == "__main__":
    if len(sys.argv) == 6 and sys.argv[1] == "split":
        split(*sys.argv[2:])
    elif len(sys.argv) == 3 and sys.argv[1] == "store":
        store(sys.argv[2])
    else:
        sys.exit(__doc__)
