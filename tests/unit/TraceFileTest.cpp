// Trace files: what the checker writes reads back equal, every malformed input is rejected with a
// message naming the field, and no input (deep, huge, not UTF-8, random bytes) throws or crashes.
#include "mc/report/TraceFile.hpp"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <utility>
#include <vector>

// CMake defines it; the standalone build (run from the repository root) does not.
#ifndef RF_TEST_FIXTURE_DIR
#define RF_TEST_FIXTURE_DIR "tests/fixtures"
#endif

using namespace rankfold::mc;

namespace {

const std::string kTraces = RF_TEST_FIXTURE_DIR "/traces/";

TraceStep step(int rank, std::string call, std::string detail, std::string location) {
    TraceStep s;
    s.rank = rank;
    s.call = std::move(call);
    s.detail = std::move(detail);
    s.location = std::move(location);
    return s;
}

Trace sample() {
    Trace t;
    t.program = "./app";
    t.arguments = {"a", "with space", "quote\" back\\slash", "ünïcode", ""};
    t.ranks = 3;
    t.buffering = "both";
    t.violation_kind = "deadlock";
    t.violation_rank = 0;
    t.violation_message = "rank 0 waits\nfor rank 1";
    t.transitions = {{TransitionKind::WildcardMatch, 1, 3, 2},
                     {TransitionKind::ProbeReport, 2, -1, 0},
                     {TransitionKind::CompletionPick, 0, -1, -2147483647 - 1}, // bit 31 set
                     {TransitionKind::TestOutcome, 1, -1, 4},
                     {TransitionKind::SendBuffering, 2, -1, 1}};
    t.story = {step(0, "MPI_Recv", "from rank 1, tag 0", "a.c:12"), step(2, "MPI_Send", "", "")};
    // What the report's diagram needs: the messages a call sent, the message a match delivered.
    t.story[0].sent = {{(std::uint64_t{1} << 40) | 1, 2}};
    t.story[1].sent = {{(std::uint64_t{3} << 40) | 1, 0}, {(std::uint64_t{3} << 40) | 2, 1}};
    t.story.push_back(step(0, "", "its MPI_ANY_SOURCE receive takes the message of rank 2", ""));
    t.story.back().choice = true;
    t.story.back().message = (std::uint64_t{3} << 40) | 1;
    t.story.push_back(step(1, "MPI_Barrier", "MPI_COMM_WORLD", "a.c:20"));
    t.story.back().collective = true;
    return t;
}

// A unique path in the temporary directory, removed at the end of the test.
struct TempFile {
    std::string path = (std::filesystem::temp_directory_path() /
                        ("rankfold_trace_" + std::to_string(getpid()) + ".json"))
                           .string();
    ~TempFile() { std::remove(path.c_str()); }
};

// Parses `text`, which must fail; returns the error.
std::string rejection(const std::string& text) {
    std::string error;
    std::optional<Trace> t;
    REQUIRE_NOTHROW(t = parse_trace(text, error));
    INFO(text);
    CHECK_FALSE(t.has_value());
    CHECK_FALSE(error.empty());
    return error;
}

// A minimal valid document with `extra` spliced in before the closing brace.
std::string doc(const std::string& extra, const std::string& transitions = "[]") {
    return R"({"rankfold_trace": 1, "ranks": 2, "transitions": )" + transitions + extra + "}";
}

std::string transition(const std::string& body) {
    return doc("", "[" + body + "]");
}

} // namespace

TEST_CASE("a trace written to JSON parses back equal", "[trace]") {
    const Trace t = sample();
    const std::string text = trace_to_json(t);
    std::string error = "stale";
    auto back = parse_trace(text, error);
    INFO(text << error);
    REQUIRE(back.has_value());
    CHECK(*back == t);
    CHECK(error.empty());

    // The documented key order, one transition per line, and a trailing newline.
    CHECK(text.starts_with("{\n  \"rankfold_trace\": 1,\n  \"program\": \"./app\",\n"));
    CHECK(text.ends_with("}\n"));
    std::size_t at = 0;
    for (const char* key :
         {"program", "arguments", "ranks", "buffering", "violation", "transitions", "story"}) {
        auto next = text.find(std::string("\"") + key + "\":");
        CHECK(next > at);
        at = next;
    }
    CHECK(text.find(R"(    {"kind": "wildcard-match", "rank": 1, "object": 3, "outcome": 2},)") !=
          std::string::npos);
    CHECK(trace_to_json(*back) == text); // stable: writing is a function of the value
}

TEST_CASE("an empty trace round-trips and leaves out the violation", "[trace]") {
    Trace t;
    t.ranks = 1;
    const std::string text = trace_to_json(t);
    CHECK(text.find("violation") == std::string::npos);
    std::string error;
    auto back = parse_trace(text, error);
    INFO(error);
    REQUIRE(back.has_value());
    CHECK(*back == t);
}

TEST_CASE("only rankfold_trace, ranks and transitions are required", "[trace]") {
    std::string error;
    auto t = parse_trace(doc(""), error);
    INFO(error);
    REQUIRE(t.has_value());
    Trace expected;
    expected.ranks = 2;
    CHECK(*t == expected);
}

TEST_CASE("a trace file is written and read back", "[trace]") {
    TempFile file;
    std::string error;
    REQUIRE(write_trace_file(file.path, sample(), error));
    auto back = read_trace_file(file.path, error);
    INFO(error);
    REQUIRE(back.has_value());
    CHECK(*back == sample());
}

TEST_CASE("the valid fixture reads as written", "[trace]") {
    std::string error;
    auto t = read_trace_file(kTraces + "valid.json", error);
    INFO(error);
    REQUIRE(t.has_value());
    CHECK(t->program == "./ring");
    CHECK(t->arguments == std::vector<std::string>{"--rounds", "2"});
    CHECK(t->ranks == 3);
    CHECK(t->buffering == "zero");
    CHECK(t->violation_kind == "deadlock");
    CHECK(t->violation_rank == -1);
    REQUIRE(t->transitions.size() == 4);
    CHECK(t->transitions[0] == Transition{TransitionKind::WildcardMatch, 0, 1, 2});
    CHECK(t->transitions[2] == Transition{TransitionKind::CompletionPick, 2, -1, 5});
    REQUIRE(t->story.size() == 2);
    CHECK(t->story[0] == step(0, "MPI_Recv", "from MPI_ANY_SOURCE, tag 0", "ring.c:12"));
}

TEST_CASE("malformed fixtures are rejected with the file and the field", "[trace]") {
    auto [file, fragment] = GENERATE(table<std::string, std::string>({
        {"bad_kind.json", R"(transitions[3].kind: unknown transition kind "foo")"},
        {"syntax_error.json", "line 4, column 15: syntax error"},
        {"rank_out_of_range.json", "transitions[1].rank: 3 is outside [0, 2]"},
        {"unsupported_version.json", "rankfold_trace: unsupported version 2"},
    }));
    const std::string path = kTraces + file;
    std::string error;
    std::optional<Trace> t;
    REQUIRE_NOTHROW(t = read_trace_file(path, error));
    INFO(error);
    CHECK_FALSE(t.has_value());
    CHECK(error.starts_with(path + ": "));
    CHECK(error.find(fragment) != std::string::npos);
}

TEST_CASE("every malformed field is named in the error", "[trace]") {
    auto [text, fragment] = GENERATE(table<std::string, std::string>({
        // Syntax and document shape
        {"", "line 1, column 1: syntax error"},
        {"{} trailing", "syntax error"},
        {"[]", "expected an object, got array"},
        {"{}", R"(missing required key "rankfold_trace")"},
        {R"({"rankfold_trace": 1, "transitions": []})", R"(missing required key "ranks")"},
        {R"({"rankfold_trace": 1, "ranks": 2})", R"(missing required key "transitions")"},
        {doc(R"(, "buffring": "both")"), R"(unknown key "buffring")"},
        {doc(R"(, "ranks": 3)"), R"(duplicate key "ranks")"},
        // Version and ranks
        {R"({"rankfold_trace": "1", "ranks": 2, "transitions": []})",
         "rankfold_trace: expected an integer, got string"},
        {R"({"rankfold_trace": 0, "ranks": 2, "transitions": []})", "unsupported version 0"},
        {R"({"rankfold_trace": 1, "ranks": 0, "transitions": []})",
         "ranks: must be at least 1, got 0"},
        {R"({"rankfold_trace": 1, "ranks": -4, "transitions": []})", "ranks: must be at least 1"},
        {R"({"rankfold_trace": 1, "ranks": 2.5, "transitions": []})",
         "ranks: expected an integer, got a floating-point number"},
        {R"({"rankfold_trace": 1, "ranks": 2.0, "transitions": []})", "ranks: expected an integer"},
        {R"({"rankfold_trace": 1, "ranks": 2147483648, "transitions": []})",
         "ranks: integer out of range"},
        {R"({"rankfold_trace": 1, "ranks": -9223372036854775808, "transitions": []})",
         "ranks: integer out of range"},
        {R"({"rankfold_trace": 1, "ranks": 123456789012345678901234567890, "transitions": []})",
         "ranks: integer out of range"},
        {R"({"rankfold_trace": 1, "ranks": 1e400, "transitions": []})", "number overflow"},
        {R"({"rankfold_trace": 1, "ranks": null, "transitions": []})",
         "ranks: expected an integer, got null"},
        // Optional top-level fields
        {doc(R"(, "program": 7)"), "program: expected a string, got number"},
        {doc(R"(, "arguments": "a b")"), "arguments: expected an array, got string"},
        {doc(R"(, "arguments": ["a", 1])"), "arguments[1]: expected a string, got number"},
        {doc(R"(, "buffering": "eager")"),
         R"(buffering: "eager" is not one of "zero", "infinite", "both")"},
        {doc(R"(, "buffering": true)"), "buffering: expected a string, got boolean"},
        {doc(R"(, "violation": "deadlock")"), "violation: expected an object, got string"},
        {doc(R"(, "violation": {"kind": "crash", "rank": 2})"), "violation.rank: 2 is outside"},
        {doc(R"(, "violation": {"kind": 1})"), "violation.kind: expected a string"},
        {doc(R"(, "violation": {"kind": "crash", "where": 1})"),
         R"(violation: unknown key "where")"},
        // Transitions
        {doc("", "{}"), "transitions: expected an array, got object"},
        {doc("", "[1]"), "transitions[0]: expected an object, got number"},
        {transition(R"({"rank": 0, "object": -1, "outcome": 0})"),
         R"(transitions[0]: missing required key "kind")"},
        {transition(R"({"kind": "test-outcome", "rank": 0, "outcome": 0})"),
         R"(transitions[0]: missing required key "object")"},
        {transition(R"({"kind": "Wildcard-Match", "rank": 0, "object": 0, "outcome": 0})"),
         R"(transitions[0].kind: unknown transition kind "Wildcard-Match")"},
        {transition(R"({"kind": 3, "rank": 0, "object": 0, "outcome": 0})"),
         "transitions[0].kind: expected a string, got number"},
        {transition(R"({"kind": "test-outcome", "rank": -1, "object": -1, "outcome": 0})"),
         "transitions[0].rank: -1 is outside [0, 1]"},
        {transition(R"({"kind": "test-outcome", "rank": 0, "object": -2, "outcome": 0})"),
         "transitions[0].object: -2 is outside"},
        {transition(R"({"kind": "test-outcome", "rank": 0, "object": -1, "outcome": -1})"),
         "transitions[0].outcome: -1 is outside"},
        {transition(R"({"kind": "wildcard-match", "rank": 0, "object": 0, "outcome": 2})"),
         "transitions[0].outcome: 2 is outside [0, 1]"},
        {transition(R"({"kind": "test-outcome", "rank": 0, "object": -1, "outcome": 1, "x": 0})"),
         R"(transitions[0]: unknown key "x")"},
        {transition(R"({"kind": "send-buffering", "rank": 0, "object": -1, "outcome": 1})"),
         R"(transitions[0].kind: send-buffering needs buffering "both", the trace has "zero")"},
        // Story
        {doc(R"(, "story": {})"), "story: expected an array, got object"},
        {doc(R"(, "story": [{"rank": 0}])"), R"(story[0]: missing required key "call")"},
        {doc(R"(, "story": [{"rank": 5, "call": "MPI_Send"}])"), "story[0].rank: 5 is outside"},
        {doc(R"(, "story": [{"rank": 0, "call": "MPI_Send", "location": 12}])"),
         "story[0].location: expected a string, got number"},
        {doc(R"(, "story": [{"rank": 0, "call": "", "choice": 1}])"),
         "story[0].choice: expected true or false, got number"},
        {doc(R"(, "story": [{"rank": 0, "call": "", "collective": "yes"}])"),
         "story[0].collective: expected true or false, got string"},
        {doc(R"(, "story": [{"rank": 0, "call": "", "message": -3}])"),
         "story[0].message: expected a non-negative integer, got number"},
        {doc(R"(, "story": [{"rank": 0, "call": "", "sent": 4}])"),
         "story[0].sent: expected an array, got number"},
        {doc(R"(, "story": [{"rank": 0, "call": "", "sent": [1]}])"),
         "story[0].sent[0]: expected an object, got number"},
        {doc(R"(, "story": [{"rank": 0, "call": "", "sent": [{"id": "2", "to": 0}]}])"),
         "story[0].sent[0].id: expected a non-negative integer, got string"},
        {doc(R"(, "story": [{"rank": 0, "call": "", "sent": [{"id": 2, "to": 9}]}])"),
         "story[0].sent[0].to: 9 is outside [0, 1]"},
        {doc(R"(, "story": [{"rank": 0, "call": "", "sent": [{"id": 2}]}])"),
         R"(story[0].sent[0]: missing required key "to")"},
    }));
    const std::string error = rejection(text);
    INFO(text);
    CHECK(error.find(fragment) != std::string::npos);
}

TEST_CASE("file errors name the path", "[trace]") {
    std::string error;
    const std::string missing = "/nonexistent-dir/no-such-trace.json";
    CHECK_FALSE(read_trace_file(missing, error).has_value());
    CHECK(error.find(missing) != std::string::npos);

    const std::string dir = std::filesystem::temp_directory_path().string();
    CHECK_FALSE(read_trace_file(dir, error).has_value());
    CHECK(error.find(dir) != std::string::npos);

    CHECK_FALSE(write_trace_file(missing, sample(), error));
    CHECK(error.find(missing) != std::string::npos);
}

TEST_CASE("hostile input neither throws nor crashes", "[trace]") {
    const std::size_t deep = 100000;
    SECTION("deep nesting") {
        rejection(std::string(deep, '['));
        rejection(std::string(deep, '[') + std::string(deep, ']'));
        std::string objects;
        for (std::size_t i = 0; i < deep; ++i) objects += R"({"a":)";
        rejection(objects + "1" + std::string(deep, '}'));
        CHECK(rejection(
                  doc(R"(, "arguments": )" + std::string(deep, '[') + std::string(deep, ']'))) ==
              "arguments[0]: expected a string, got array");
    }
    SECTION("huge numbers and strings") {
        rejection(R"({"rankfold_trace": 1, "ranks": )" + std::string(5000, '9') +
                  R"(, "transitions": []})");
        rejection(R"({"rankfold_trace": 1, "ranks": 1e-99999, "transitions": []})");
        const std::string error =
            rejection(doc(R"(, "buffering": ")" + std::string(1 << 20, 'z') + "\""));
        CHECK(error.size() < 200); // the value is cut short in the message
    }
    SECTION("invalid UTF-8 and NUL bytes") {
        for (const std::string& bad : {std::string("\xff\xfe"), std::string("\xc3"),
                                       std::string("\xed\xa0\x80"), std::string("a\0b", 3)}) {
            std::string error = rejection(doc(R"(, "program": ")" + bad + "\""));
            for (unsigned char c : error) CHECK((c >= 0x20 && c < 0x7f)); // printable ASCII
            rejection(bad);
        }
    }
    SECTION("writing arguments that are not UTF-8") {
        Trace t = sample();
        t.arguments = {"\xff\xfe", "ok"};
        std::string text, error;
        REQUIRE_NOTHROW(text = trace_to_json(t));
        auto back = parse_trace(text, error);
        INFO(error);
        REQUIRE(back.has_value());
        CHECK(back->arguments[1] == "ok");
    }
    SECTION("random mutations of a valid trace") {
        const std::string valid = trace_to_json(sample());
        std::mt19937 rng(12345);
        int accepted = 0;
        for (int round = 0; round < 3000; ++round) {
            std::string text = valid;
            for (int k = std::uniform_int_distribution<int>(1, 4)(rng); k > 0; --k) {
                std::size_t at = rng() % text.size();
                switch (rng() % 3) {
                case 0:
                    text[at] = static_cast<char>(rng());
                    break;
                case 1:
                    text.erase(at, 1 + rng() % 8);
                    break;
                default:
                    text.insert(at, 1, "{}[]\",:0-9e \\"[rng() % 13]);
                    break;
                }
                if (text.empty()) text = "x";
            }
            std::string error;
            std::optional<Trace> t;
            REQUIRE_NOTHROW(t = parse_trace(text, error));
            CHECK(t.has_value() == error.empty());
            accepted += t.has_value();
        }
        CHECK(accepted < 3000);
    }
}

TEST_CASE("trace syntax errors stay short whatever the offending token", "[trace]") {
    // The JSON parser quotes the whole bad token; found by the fuzzer (tests/fuzz).
    std::string text = R"({"rankfold_trace": 1, "program": ")" + std::string(1000000, 'a');
    text += "\x01\"}";
    std::string error;
    CHECK_FALSE(parse_trace(text, error));
    CHECK(!error.empty());
    CHECK(error.size() < 400);
}
