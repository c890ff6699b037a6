"""Building the MPICH suite's programs with rankfold-cc, cached: an object or program is built
again only when its command, its sources and headers (from the compiler's dependency file) or
Rankfold's driver and libraries change. A build that fails for unsupported functions is cached
too, with their names."""
import glob
import hashlib
import json
import os
import re
import subprocess

UNSUPPORTED = re.compile(r"(MPIX?_\w+) is not supported by Rankfold")
UTIL_SOURCES = ["mtest", "dtypes", "mtest_datatype", "mtest_datatype_gen", "mtestcheck"]


def _file_digest(path, h):
    try:
        with open(path, "rb") as f:
            h.update(f.read())
    except OSError:
        h.update(b"<missing>")


class Builder:
    def __init__(self, suite, bindir, work):
        self.suite = suite
        self.cc = os.path.join(bindir, "rankfold-cc")
        self.work = work
        # The driver and what it links into every program (the runtime itself is a shared
        # library loaded at run time: a change there needs no relink).
        tools = [self.cc] + sorted(glob.glob(os.path.join(bindir, "..", "lib", "*.a")))
        h = hashlib.sha256()
        for t in tools:
            st = os.stat(t)
            h.update(("%s %d %d\n" % (t, st.st_size, st.st_mtime_ns)).encode())
        self.tools_digest = h.hexdigest()

    def _key(self, command, deps):
        h = hashlib.sha256(self.tools_digest.encode())
        h.update("\0".join(command).encode())
        for d in deps:
            h.update(d.encode())
            _file_digest(d, h)
        return h.hexdigest()

    def _cached(self, record_path, command):
        """The cached record of this command if nothing it depends on changed, else None."""
        try:
            with open(record_path, encoding="utf-8") as f:
                rec = json.load(f)
        except (OSError, ValueError):
            return None
        if rec.get("key") != self._key(command, rec.get("deps", [])):
            return None
        if rec["ok"] and not os.path.exists(rec["output"]):
            return None
        return rec

    def _run(self, record_path, command, output, depfile, extra_deps=()):
        rec = self._cached(record_path, command)
        if rec is not None:
            return rec
        os.makedirs(os.path.dirname(output), exist_ok=True)
        proc = subprocess.run(command, capture_output=True, text=True, errors="replace")
        deps = list(extra_deps)
        if depfile and os.path.exists(depfile):
            text = open(depfile, encoding="utf-8").read().replace("\\\n", " ")
            deps += text.split(":", 1)[1].split() if ":" in text else []
        unsupported = sorted(set(UNSUPPORTED.findall(proc.stderr)))
        rec = {"key": self._key(command, deps), "deps": deps, "ok": proc.returncode == 0,
               "output": output, "unsupported": unsupported,
               "error": "" if proc.returncode == 0 else _first_error(proc.stderr)}
        with open(record_path, "w", encoding="utf-8") as f:
            json.dump(rec, f)
        return rec

    def compile(self, source, name, defines=()):
        """Compile one source to an object; the record says whether it built and which
        unsupported functions stopped it."""
        out = os.path.join(self.work, "obj", name + ".o")
        dep = out + ".d"
        command = [self.cc, "-w", "-I" + os.path.join(self.suite, "include"), *defines,
                   "-MMD", "-MF", dep, "-c", source, "-o", out]
        return self._run(out + ".json", command, out, dep)

    def util_library(self):
        """The suite's util/ objects that build, in one archive (a program takes what it needs);
        returns (archive, unsupported functions of the util sources that do not build)."""
        recs = [self.compile(os.path.join(self.suite, "util", u + ".c"), "util/" + u) for u in UTIL_SOURCES]
        objects = [r["output"] for r in recs if r["ok"]]
        archive = os.path.join(self.work, "obj", "util", "libmtest.a")
        command = ["ar", "rcs", archive, *objects]
        rec = self._cached(archive + ".json", command)
        if rec is None:
            if os.path.exists(archive):
                os.remove(archive)
            self._run(archive + ".json", command, archive, None, objects)
        blocked = sorted({n for r in recs if not r["ok"] for n in r["unsupported"]})
        errors = [r["error"] for r in recs if not r["ok"] and not r["unsupported"]]
        return archive, blocked, errors

    def link(self, objects, name, archive):
        out = os.path.join(self.work, "bin", name)
        command = [self.cc, *objects, archive, "-lm", "-o", out]
        return self._run(out + ".json", command, out, None, [*objects, archive])


def _first_error(stderr):
    for line in stderr.splitlines():
        if "error" in line or "undefined reference" in line:
            return line.strip()[:200]
    return stderr.strip().splitlines()[-1][:200] if stderr.strip() else "build failed"
