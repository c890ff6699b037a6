// The SARIF log of a constructed run: one result per violation and warning with its rule, the
// violation's place relative to the working directory, the other blocked ranks and the frames as
// related locations, the counterexample as one thread flow per rank, the invocation. (The
// corpus-sarif-schema test validates real logs against the SARIF 2.1.0 schema.)
#include "mc/report/SarifReport.hpp"
#include "mc/report/ViolationRules.hpp"
#include "simulated-mpi/interface/Misuse.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

using namespace rankfold;
using namespace rankfold::mc;
using nlohmann::json;

namespace {

const std::string kRoot = "/work/proj";

TraceStep step(int rank, std::string call, std::string detail, std::optional<CodeLocation> at,
               bool choice = false) {
    TraceStep s;
    s.choice = choice;
    s.rank = rank;
    s.call = std::move(call);
    s.detail = std::move(detail);
    if (at) s.location = at->short_text();
    s.source = std::move(at);
    return s;
}

FoundViolation deadlock() {
    FoundViolation f;
    Violation& v = f.violation;
    v.kind = ViolationKind::Deadlock;
    v.rank = 0;
    v.message = "all 2 ranks are blocked";
    v.location = CodeLocation{kRoot + "/src/ring.c", 18, "main"};
    v.blocked = {
        {0, "MPI_Send(dest 1, tag 0, MPI_COMM_WORLD)", "rank 1 to post a receive",
         CodeLocation{kRoot + "/src/ring.c", 18, "main"}},
        {1, "MPI_Recv(source 0, tag 5, MPI_COMM_WORLD)", "a message from rank 0 with tag 5",
         CodeLocation{kRoot + "/src/ring.c", 25, "main"}},
    };
    f.steps = {
        step(0, "MPI_Init", "", CodeLocation{kRoot + "/src/ring.c", 14, "main"}),
        step(1, "MPI_Init", "", CodeLocation{kRoot + "/src/ring.c", 14, "main"}),
        step(1, "MPI_Irecv", "from any rank, tag 0",
             CodeLocation{kRoot + "/src/ring.c", 20, "main"}, true), // the explorer's choice
        step(1, "", "receives the message of rank 0", std::nullopt), // the network's: no place
        step(0, "MPI_Send", "to rank 1, tag 0", CodeLocation{kRoot + "/src/ring.c", 18, "main"}),
    };
    f.story = {"(the text report's lines; not in the log)"};
    f.trace_path = "ring.rankfold-trace.json";
    f.replay_command = "rankfold-run --replay ring.rankfold-trace.json -np 2 ./ring";
    return f;
}

FoundViolation crash_outside_root() {
    FoundViolation f;
    Violation& v = f.violation;
    v.kind = ViolationKind::Usage;
    v.subkind = "type-mismatch";
    v.rank = 1;
    v.message = "MPI_Recv: the sender's type signature differs";
    v.location = CodeLocation{"/usr/include/my lib/a:b.h", 7, "inline_recv"};
    v.backtrace = {CodeLocation{"/usr/include/my lib/a:b.h", 7, "inline_recv"},
                   CodeLocation{kRoot + "/main.c", 30, ""}};
    return f; // no steps: a --single-run records no counterexample
}

RunResult sample() {
    RunResult r;
    r.violations = {deadlock(), crash_outside_root()};
    Violation leak;
    leak.kind = ViolationKind::Usage;
    leak.subkind = "request-leak";
    leak.rank = 1;
    leak.message = "a request from MPI_Isend was never completed";
    leak.location = CodeLocation{"relative/leak.c", 3, "main"};
    r.warnings = {leak};
    r.limit = "--max-states 10";
    return r;
}

SarifInvocation invocation() {
    return {{"rankfold-run", "--sarif", "out.sarif", "-np", "2", "./ring", "an argument"},
            1,
            kRoot,
            "0.1.0"};
}

json log_of(const RunResult& r, const SarifInvocation& inv = invocation()) {
    return json::parse(sarif_log(r, inv));
}

} // namespace

TEST_CASE("a SARIF log names the format, the tool and the rules it reports", "[sarif]") {
    const json log = log_of(sample());
    CHECK(log["version"] == "2.1.0");
    CHECK(log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json");
    REQUIRE(log["runs"].size() == 1);
    const json& run = log["runs"][0];
    CHECK(run["tool"]["driver"]["name"] == "Rankfold");
    CHECK(run["tool"]["driver"]["version"] == "0.1.0");
    const json& rules = run["tool"]["driver"]["rules"];
    REQUIRE(rules.size() == 3);
    CHECK(rules[0]["id"] == "deadlock");
    CHECK(rules[1]["id"] == "usage/type-mismatch");
    CHECK(rules[2]["id"] == "usage/request-leak");
    for (const json& rule : rules)
        CHECK(rule["shortDescription"]["text"] == *rule_description(rule["id"].get<std::string>()));
    CHECK(run["properties"]["verdict"] == "violation");
    CHECK(run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == "file:///work/proj/");
}

TEST_CASE("a deadlock is a result at its rank's call, with the other ranks' calls", "[sarif]") {
    const json log = log_of(sample());
    const json& results = log["runs"][0]["results"];
    REQUIRE(results.size() == 3);
    const json& r = results[0];
    CHECK(r["ruleId"] == "deadlock");
    CHECK(r["ruleIndex"] == 0);
    CHECK(r["level"] == "error");
    const std::string text = r["message"]["text"];
    CHECK(text.starts_with("all 2 ranks are blocked; rank 0 is blocked in MPI_Send("));
    CHECK(text.find("rank 1 is blocked in MPI_Recv(source 0, tag 5, MPI_COMM_WORLD), waiting for "
                    "a message from rank 0 with tag 5") != std::string::npos);
    REQUIRE(r["locations"].size() == 1);
    const json& at = r["locations"][0];
    CHECK(at["physicalLocation"]["artifactLocation"] ==
          json{{"uri", "src/ring.c"}, {"uriBaseId", "%SRCROOT%"}});
    CHECK(at["physicalLocation"]["region"]["startLine"] == 18);
    CHECK(at["logicalLocations"][0]["name"] == "main");
    // Rank 0's call is the result's own location; rank 1's is the one related location.
    REQUIRE(r["relatedLocations"].size() == 1);
    const json& other = r["relatedLocations"][0];
    CHECK(other["id"] == 1);
    CHECK(other["physicalLocation"]["region"]["startLine"] == 25);
    CHECK(other["message"]["text"].get<std::string>().starts_with("rank 1 is blocked in MPI_Recv"));
    CHECK(r["properties"]["trace"] == "ring.rankfold-trace.json");
    CHECK(r["properties"]["replayCommand"] ==
          "rankfold-run --replay ring.rankfold-trace.json -np 2 ./ring");
}

TEST_CASE("the counterexample is a code flow with one thread flow per rank", "[sarif]") {
    const json log = log_of(sample());
    const json& r = log["runs"][0]["results"][0];
    REQUIRE(r["codeFlows"].size() == 1);
    const json& flow = r["codeFlows"][0];
    CHECK(flow["message"]["text"] ==
          "counterexample of 5 steps; replay it with: rankfold-run --replay "
          "ring.rankfold-trace.json -np 2 ./ring");
    const json& threads = flow["threadFlows"];
    REQUIRE(threads.size() == 2);
    CHECK(threads[0]["id"] == "rank 0");
    CHECK(threads[1]["id"] == "rank 1");
    // Each step keeps its place in the whole execution, so the ranks can be interleaved again.
    std::vector<int> order0, order1;
    for (const json& s : threads[0]["locations"]) order0.push_back(s["executionOrder"]);
    for (const json& s : threads[1]["locations"]) order1.push_back(s["executionOrder"]);
    CHECK(order0 == std::vector<int>{0, 4});
    CHECK(order1 == std::vector<int>{1, 2, 3});
    const json& irecv = threads[1]["locations"][1]["location"];
    CHECK(irecv["message"]["text"] == "MPI_Irecv from any rank, tag 0");
    CHECK(irecv["physicalLocation"]["region"]["startLine"] == 20);
    // The explorer's choice is marked; the other steps keep the default importance.
    CHECK(threads[1]["locations"][1]["importance"] == "essential");
    CHECK_FALSE(threads[1]["locations"][0].contains("importance"));
    const json& match = threads[1]["locations"][2]["location"];
    CHECK(match["message"]["text"] == "receives the message of rank 0");
    CHECK_FALSE(match.contains("physicalLocation"));
}

TEST_CASE("paths outside the working directory are absolute file URIs, percent-encoded",
          "[sarif]") {
    const json log = log_of(sample());
    const json& r = log["runs"][0]["results"][1];
    CHECK(r["ruleId"] == "usage/type-mismatch");
    CHECK(r["ruleIndex"] == 1);
    CHECK(r["message"]["text"] == "rank 1: MPI_Recv: the sender's type signature differs");
    CHECK(r["locations"][0]["physicalLocation"]["artifactLocation"] ==
          json{{"uri", "file:///usr/include/my%20lib/a%3Ab.h"}});
    CHECK_FALSE(r.contains("codeFlows")); // no steps recorded
    // The backtrace's frames, innermost first.
    REQUIRE(r["relatedLocations"].size() == 2);
    CHECK(r["relatedLocations"][0]["message"]["text"] == "frame #0 in inline_recv");
    CHECK(r["relatedLocations"][1]["id"] == 2);
    CHECK(r["relatedLocations"][1]["message"]["text"] == "frame #1 in ?");
    CHECK(r["relatedLocations"][1]["physicalLocation"]["artifactLocation"]["uri"] == "main.c");
}

TEST_CASE("warnings are results of level warning", "[sarif]") {
    const json log = log_of(sample());
    const json& r = log["runs"][0]["results"][2];
    CHECK(r["ruleId"] == "usage/request-leak");
    CHECK(r["level"] == "warning");
    // A path the debug info gives relative stays relative to the source root.
    CHECK(r["locations"][0]["physicalLocation"]["artifactLocation"] ==
          json{{"uri", "relative/leak.c"}, {"uriBaseId", "%SRCROOT%"}});
}

TEST_CASE("the invocation records the command line, exit status and a reached limit", "[sarif]") {
    const json log = log_of(sample());
    const json& inv = log["runs"][0]["invocations"][0];
    CHECK(inv["executionSuccessful"] == true);
    CHECK(inv["exitCode"] == 1);
    CHECK(inv["commandLine"] == "rankfold-run --sarif out.sarif -np 2 ./ring 'an argument'");
    CHECK(inv["arguments"].size() == 6);
    CHECK(inv["workingDirectory"]["uri"] == "file:///work/proj/");
    REQUIRE(inv["toolExecutionNotifications"].size() == 1);
    CHECK(inv["toolExecutionNotifications"][0]["level"] == "warning");
    CHECK(inv["toolExecutionNotifications"][0]["message"]["text"].get<std::string>().find(
              "--max-states 10") != std::string::npos);
}

TEST_CASE("a run without findings is a log with no results", "[sarif]") {
    const json log = log_of(RunResult{}, SarifInvocation{});
    const json& run = log["runs"][0];
    CHECK(run["results"].empty());
    CHECK(run["tool"]["driver"]["rules"].empty());
    CHECK(run["properties"]["verdict"] == "ok");
    CHECK_FALSE(run.contains("originalUriBaseIds"));
    CHECK_FALSE(run["invocations"][0].contains("toolExecutionNotifications"));
}

TEST_CASE("bytes that are not UTF-8 do not stop the log", "[sarif]") {
    RunResult r;
    FoundViolation f;
    f.violation.kind = ViolationKind::Crash;
    f.violation.rank = 0;
    f.violation.message = "argument \xff\xfe";
    f.violation.location = CodeLocation{"/tmp/\xff.c", 1, "main"};
    r.violations = {f};
    std::string text;
    REQUIRE_NOTHROW(text = sarif_log(r, invocation()));
    CHECK(json::parse(text)["runs"][0]["results"][0]["message"]["text"] ==
          "rank 0: argument \xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST_CASE("every violation kind and usage sub-kind has a rule description", "[sarif]") {
    for (int k = 0; k <= static_cast<int>(ViolationKind::NonTermination); ++k) {
        Violation v;
        v.kind = static_cast<ViolationKind>(k);
        INFO(rule_id(v));
        CHECK(rule_description(rule_id(v)));
    }
    for (int m = 0; m <= static_cast<int>(mpi::Misuse::Unsupported); ++m) {
        Violation v;
        v.kind = ViolationKind::Usage;
        v.subkind = mpi::misuse_name(static_cast<mpi::Misuse>(m));
        INFO(rule_id(v));
        CHECK(rule_id(v) == "usage/" + v.subkind);
        CHECK(rule_description(rule_id(v)));
    }
    CHECK_FALSE(rule_description("usage/no-such-thing"));
}
