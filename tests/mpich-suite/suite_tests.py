"""The tests of the MPICH suite's testlists: which program, built from which source with which
defines, run with how many processes and which arguments."""
import os
import re
from dataclasses import dataclass, field

FOLDERS = ["pt2pt", "coll", "comm", "datatype", "group", "topo", "init", "attr", "errhan", "info", "rma"]

# Programs MPICH's Makefile.am builds from another test's source with defines; this copy of the
# suite keeps only the sources, so the recipe is written here (the defines are the ones the
# sources test for).
VARIANTS = {
    ("coll", "reduce_mpich"): ("reduce", []),
    ("coll", "bcast_full"): ("bcast", []),
    ("coll", "bcast_min_datatypes"): ("bcast", ["-DBCAST_MIN_DATATYPES_ONLY"]),
    ("coll", "bcast_comm_world"): ("bcast", ["-DBCAST_COMM_WORLD_ONLY"]),
    ("coll", "nballtoall1"): ("alltoall1", ["-DUSE_MTEST_NBC"]),
    ("coll", "nbredscat"): ("redscat", ["-DUSE_MTEST_NBC"]),
    ("coll", "nbredscat3"): ("redscat3", ["-DUSE_MTEST_NBC"]),
    ("coll", "nbredscatinter"): ("redscatinter", ["-DUSE_MTEST_NBC"]),
    ("rma", "transpose3_shm"): ("transpose3", ["-DUSE_WIN_ALLOCATE"]),
    ("rma", "win_shared_create_allocshm"): ("win_shared_create", ["-DUSE_INFO_ALLOC_SHM"]),
    ("rma", "win_shared_create_no_allocshm"): ("win_shared_create", []),
    ("rma", "linked_list_bench_lock_shr_nocheck"): ("linked_list_bench_lock_shr", ["-DUSE_MODE_NOCHECK"]),
    ("rma", "mutex_bench_shm"): ("mutex_bench", []),
    ("rma", "mutex_bench_shm_ordered"): ("mutex_bench", ["-DUSE_CONTIGUOUS_RANK"]),
    ("rma", "mutex_bench_shared"): ("mutex_bench", ["-DUSE_WIN_SHARED"]),
}
# Tests that abort at the capped process count because they need the testlist's: these run
# with it, up to 8 (each stays within the per-test limits there; measured, see the README's
# MPICH-suite section). coll2, coll3, coll6, coll7 and gatherv check their own size and call
# MPI_Abort below 5; grouptest includes rank 7 in its groups.
FULL_NP = {("coll", "coll2"), ("coll", "coll3"), ("coll", "coll6"), ("coll", "coll7"),
           ("coll", "gatherv"), ("group", "grouptest")}
FULL_NP_CAP = 8

# Programs made of more than one source: (folder, name prefix) -> the other sources.
EXTRA_SOURCES = {("rma", "mutex_bench"): ["mcs-mutex.c"]}

for _t in ["char", "short", "int", "long", "double", "long_double"]:
    VARIANTS[("rma", "fetch_and_op_" + _t)] = ("fetch_and_op", [] if _t == "int" else ["-DFOP_TYPE_" + _t.upper()])
for _t in ["int", "short", "long", "double"]:
    _d = [] if _t == "int" else ["-DGACC_TYPE_" + _t.upper()]
    VARIANTS[("rma", "get_accumulate_" + _t)] = ("get_accumulate", _d)
    VARIANTS[("rma", "get_accumulate_" + _t + "_derived")] = ("get_accumulate", _d + ["-DGACC_TYPE_DERIVED"])
for _op in ["put", "acc", "gacc", "fop", "cas"]:
    _d = ["-DTEST_" + _op.upper()]
    VARIANTS[("rma", "win_shared_%s_flush_load" % _op)] = ("win_shared_rma_flush_load", _d)
    VARIANTS[("rma", "%s_flush_get" % _op)] = ("wrma_flush_get", _d)
    VARIANTS[("rma", "overlap_wins_" + _op)] = ("overlap_wins_rma", _d)


@dataclass
class SuiteTest:
    folder: str
    name: str
    np: int  # processes Rankfold runs it with (the testlist's, capped)
    listed_np: list = field(default_factory=list)  # every process count the testlist gives
    args: list = field(default_factory=list)
    commented: bool = False  # a '#' line of the testlist (left out by SMPI)
    source: str = ""  # the .c file, "" when this copy of the suite has none
    defines: list = field(default_factory=list)
    extra_sources: list = field(default_factory=list)  # other .c files of the same folder
    # How MPICH's runtests judges it (the testlist's resultTest=): "" for ' No Errors' and
    # exit 0; "TestStatus" for a non-zero exit status (the test returns one on purpose).
    result_test: str = ""

    @property
    def ident(self):
        """What tells two testlist lines apart once the process count is capped."""
        return (self.folder, self.name, self.np, tuple(self.args))

    @property
    def key(self):
        """The test's name in the expected-results file, with the testlist's process counts
        where the cap changed them."""
        extra = "".join(" arg=" + a for a in self.args)
        capped = ""
        if any(n != self.np for n in self.listed_np):
            capped = " (testlist np %s)" % ",".join(str(n) for n in sorted(set(self.listed_np)))
        return "%s/%s np=%d%s%s" % (self.folder, self.name, self.np, capped, extra)

    @property
    def program(self):
        """The executable's name: one per source and defines."""
        return "%s/%s" % (self.folder, self.name)


LINE = re.compile(r"^\s*(#?)[#\s]*(\S+)\s+(\d+)(.*)$")


def read_testlists(suite, max_np, folders=FOLDERS):
    """Every test line of the folders' testlists ('#' lines too), one SuiteTest per distinct
    program, process count (after the cap) and arguments, in testlist order."""
    tests = {}
    for folder in folders:
        listing = os.path.join(suite, folder, "testlist")
        if not os.path.exists(listing):
            continue
        for line in open(listing, encoding="utf-8", errors="replace"):
            m = LINE.match(line)
            if not m:
                continue
            name, np, rest = m.group(2), int(m.group(3)), m.group(4).split()
            if not re.fullmatch(r"[A-Za-z0-9_\-]+", name):
                continue
            args = [kv[4:] for kv in rest if kv.startswith("arg=")]
            source, defines = VARIANTS.get((folder, name), (name, []))
            path = os.path.join(suite, folder, source + ".c")
            cap = max(max_np, FULL_NP_CAP) if (folder, name) in FULL_NP else max_np
            t = SuiteTest(folder, name, min(np, cap), [np], args, bool(m.group(1)),
                          path if os.path.exists(path) else "", defines)
            t.result_test = next((kv[11:] for kv in rest if kv.startswith("resultTest=")), "")
            t.extra_sources = next((e for (f, p), e in EXTRA_SOURCES.items()
                                    if f == folder and name.startswith(p)), [])
            if t.ident in tests:
                tests[t.ident].listed_np.append(np)
                tests[t.ident].commented &= t.commented
            else:
                tests[t.ident] = t
    return list(tests.values())
