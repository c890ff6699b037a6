// What went wrong in a run, in terms a user can act on: which rank, where, and why. Every
// monitor answers in this one format; the text report, the JSON, the trace file (and later
// SARIF and HTML) all read it.
#pragma once

#include "dwarf-introspect/CodeLocation.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rankfold::properties {

// Stable names: they appear in the JSON report and in the corpus's expectations.
enum class ViolationKind {
    Deadlock,
    Crash,
    Assertion,
    Abort,
    Exit,
    MpiError, // an internal error of the simulated MPI
    Usage,    // the program used MPI wrongly; Violation::subkind says how (mpi::Misuse)
    HeapError,
    NonProgress,
    Liveness, // an LTL property or never claim: a run that repeats a cycle forever (a lasso)
    Contract, // a contract of the CoVer language (properties/contracts) was broken
    Race,     // two accesses to the same bytes that nothing orders, at least one a write
    // --check-termination: a cycle of states the run can go round for ever (a lasso); a cycle
    // that never passes rankfold_progress() under --check-progress is NonProgress ("cycle")
    NonTermination
};
const char* kind_name(ViolationKind kind);

struct BlockedRank {
    int rank = 0;
    std::string call;        // "MPI_Recv(source 1, tag 0, MPI_COMM_WORLD)"
    std::string waiting_for; // "a message from rank 1"
    std::optional<CodeLocation> location;
    friend bool operator==(const BlockedRank&, const BlockedRank&) = default;
};

// A broken contract: which, the part that failed, and the call that supplied it.
struct ContractBreach {
    std::string function;                    // the supplier: "MPI_Isend", "lib_open"
    std::string contract;                    // its text, "POST { ... }"
    std::string failed;                      // the MSG of the failed part, or its formula
    std::optional<CodeLocation> supplied_at; // the supplying call site
    friend bool operator==(const ContractBreach&, const ContractBreach&) = default;
};

// One side of a race: who touched which bytes, how, and where.
struct RaceAccess {
    int rank = -1;
    std::string access;                   // "MPI_Irecv (writes)", "store", "memset (writes)"
    std::optional<CodeLocation> location; // the access, or the call that posted the operation
    std::uint64_t address = 0;            // first byte both sides touch
    std::uint64_t bytes = 0;              // how many bytes from there both touch
    friend bool operator==(const RaceAccess&, const RaceAccess&) = default;
};

// A race: the earlier access (often a pending operation) and the one that conflicts with it.
struct RacePair {
    RaceAccess first;
    RaceAccess second;
    friend bool operator==(const RacePair&, const RacePair&) = default;
};

struct Violation {
    ViolationKind kind = ViolationKind::Crash;
    int rank = -1;
    std::string subkind; // usage violations: the mpi::misuse_name
    std::string message;
    std::optional<CodeLocation> location;   // where the offending rank was
    std::vector<BlockedRank> blocked;       // deadlocks: every unfinished rank
    std::vector<CodeLocation> backtrace;    // crashes: the program's frames, innermost first
    std::optional<ContractBreach> contract; // contract violations
    std::optional<RacePair> race;           // races: both accesses (location is the second's)
    friend bool operator==(const Violation&, const Violation&) = default;
};

// A violation of the whole run rather than of one rank (no rank to name): a deadlock, and the
// cycles (liveness, non-termination, a cycle without progress).
inline bool whole_run(const Violation& v) {
    return v.kind == ViolationKind::Deadlock || v.kind == ViolationKind::Liveness ||
           v.kind == ViolationKind::NonTermination ||
           (v.kind == ViolationKind::NonProgress && v.subkind == "cycle");
}

// Two violations a user would fix in one place: same kind, rank, place and message.
bool same_finding(const Violation& a, const Violation& b);

// A finding of the usage checks the runtimes make (misuse, leak, hazard events): kind Usage
// with `subkind`, or MpiError when `subkind` is empty (an internal error).
Violation usage_violation(int rank, const std::string& subkind, const std::string& message,
                          const std::optional<CodeLocation>& location);

} // namespace rankfold::properties
