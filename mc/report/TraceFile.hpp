// Trace files: one execution that led to a violation, written by the checker and read back by
// `rankfold-run --replay`. The transitions are what replay needs (the choices taken from the
// initial state); the story is for people and is never used to steer the replay.
//
// Reading is strict and never throws, whatever the input: a trace that does not say exactly what
// replay needs is rejected with an error naming the offending field ("transitions[3].kind: ...")
// rather than replayed into a confusing divergence.
#pragma once

#include "dwarf-introspect/CodeLocation.hpp"
#include "mc/search/Transition.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rankfold::mc {

inline constexpr int kTraceVersion = 1; // the only version parse_trace accepts

// One step of a trace as a person reads it: a visible call, a match the network made, a choice.
// Informational only: replay follows the transitions.
// A message a call sent: its id and the world rank it went to.
struct SentMessage {
    std::uint64_t id = 0;
    int to = 0;
    friend bool operator==(const SentMessage&, const SentMessage&) = default;
};

struct TraceStep {
    int rank = 0;
    std::string call;        // "MPI_Recv", or "" for a match made by the network
    std::string detail;      // "from rank 1, tag 0", "takes the message of rank 1", ...
    std::string location;    // "file.c:12" or "" (filled from `site` when the trace is written)
    std::uintptr_t site = 0; // while recording: return address into the program (not in files)
    // For drawing the counterexample (--html): the step is a choice the explorer made (which
    // sender, which request, "not yet"); a collective call; the ids of the messages the call
    // sent; for a match, the id of the message it delivered.
    bool choice = false;
    bool collective = false;
    bool cycle_start = false; // a lasso's cycle (the steps that repeat forever) begins here
    std::vector<SentMessage> sent;
    std::uint64_t message = 0;
    // While reporting: where `site` is, with the file's folders, which `location` leaves out and
    // reports that point into the sources need (SARIF). Not in files.
    std::optional<CodeLocation> source{}; // {}: brace initializations may leave it out
    friend bool operator==(const TraceStep&, const TraceStep&) = default;
};

struct Trace {
    int version = kTraceVersion;
    std::string program; // as given on the command line
    std::vector<std::string> arguments;
    int ranks = 0;
    std::string buffering = "zero"; // zero|infinite|both
    std::string violation_kind;     // "deadlock", "crash", ... ("" if none)
    int violation_rank = -1;
    std::string violation_message;
    std::vector<Transition> transitions; // what replay needs
    std::vector<TraceStep> story;        // what a person reads
    // Liveness counterexamples (lassos): the property, and where in `transitions` the cycle
    // that repeats forever begins (transitions.size(): the final state repeats); -1 otherwise.
    std::string property;
    int cycle_start = -1;
    friend bool operator==(const Trace&, const Trace&) = default;
};

// Pretty-printed JSON in a fixed key order, one transition or story step per line, ending in a
// newline. Never throws: bytes that are not UTF-8 (possible in program arguments) become U+FFFD.
std::string trace_to_json(const Trace& trace);
// Returns false and sets `error` (naming `path`) if the file cannot be written.
bool write_trace_file(const std::string& path, const Trace& trace, std::string& error);

// On failure returns nullopt and sets `error` to a precise message, e.g.
// `transitions[3].kind: unknown transition kind "foo"` or `line 4, column 7: syntax error ...`.
// On success `error` is cleared.
std::optional<Trace> parse_trace(std::string_view text, std::string& error);
// As parse_trace; every error starts with "<path>: ".
std::optional<Trace> read_trace_file(const std::string& path, std::string& error);

} // namespace rankfold::mc
