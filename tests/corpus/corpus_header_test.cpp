// Unit tests of the RANKFOLD-RUN header grammar (corpus_header.hpp).
#define CATCH_CONFIG_MAIN
#include "corpus_header.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <unistd.h>

using namespace corpus;

namespace {

// parse_run on `text`; the problem it reports ("" when well formed).
std::string problem(const std::string& text) {
    RunLine run;
    return parse_run(text, run);
}

} // namespace

TEST_CASE("a RUN line without counts") {
    RunLine run;
    REQUIRE(parse_run(" -np 2 --buffering infinite -- 300 x => deadlock", run) == "");
    CHECK(run.np == 2);
    CHECK(run.options == Strings{"-np", "2", "--buffering", "infinite"});
    CHECK(run.args == Strings{"300", "x"});
    CHECK(run.verdict == "deadlock");
    CHECK(run.stats.empty());
    CHECK(run.text() == "-np 2 --buffering infinite -- 300 x => deadlock");
}

TEST_CASE("which verdicts expect a violation") {
    auto expects_violation = [](const std::string& text) {
        RunLine run;
        REQUIRE(parse_run(text, run) == "");
        return run.expects_violation();
    };
    CHECK(!expects_violation("-np 2 => ok"));
    CHECK(!expects_violation("-np 2 --max-states 100 => limit states=100"));
    CHECK(expects_violation("-np 2 => crash"));
    CHECK(expects_violation("-np 2 => deadlock"));
    CHECK(expects_violation("-np 2 => usage:type-mismatch"));
}

TEST_CASE("a usage verdict names its sub-kind") {
    RunLine run;
    REQUIRE(parse_run("-np 2 => usage:collective-mismatch", run) == "");
    CHECK(run.verdict == "usage:collective-mismatch");
    CHECK(problem("-np 2 => usage") != "");
    CHECK(problem("-np 2 => usage:") != "");
}

TEST_CASE("exact counts after the verdict") {
    RunLine run;
    REQUIRE(parse_run(" -np 4 => ok states=13 executions=3", run) == "");
    CHECK(run.verdict == "ok");
    CHECK(run.stats == std::map<std::string, std::uint64_t>{{"states", 13}, {"executions", 3}});
    CHECK(run.text() == "-np 4 => ok executions=3 states=13");

    RunLine all;
    REQUIRE(parse_run("-np 2 => deadlock states=0 transitions=1 executions=2 revisits=3 "
                      "sleep_blocked=4 warnings=5 counterexample_steps=6",
                      all) == "");
    CHECK(all.stats.size() == kStatKeys.size());
    CHECK(all.stats.at("sleep_blocked") == 4);
}

TEST_CASE("malformed counts are reported") {
    CHECK(problem("-np 4 => ok executions") != "");
    CHECK(problem("-np 4 => ok matches=3") != ""); // not a pinnable stat
    CHECK(problem("-np 4 => ok executions=") != "");
    CHECK(problem("-np 4 => ok executions=-1") != "");
    CHECK(problem("-np 4 => ok executions=6x") != "");
    CHECK(problem("-np 4 => ok executions=6 executions=6") != "");
    CHECK(problem("-np 4 => ok ok") != "");
    CHECK(problem("-np 4 => executions=6") != ""); // the verdict comes first
    CHECK(problem("-np 4 => ok States=6") != "");  // keys are case-sensitive
}

TEST_CASE("other malformed RUN lines") {
    CHECK(problem("-np 4") != "");
    CHECK(problem("-np 4 =>") != "");
    CHECK(problem("-np 4 => fine") != "");
    CHECK(problem("--buffering zero => ok") != ""); // no -np
    CHECK(problem("-np 2 --buffering some => ok") != "");
    CHECK(problem("-np 2 --json out.json => ok") != "");     // chosen by the runner
    CHECK(problem("-np 2 --trace-file t.json => ok") != ""); // chosen by the runner
    CHECK(problem("-np 2 --replay t.json => ok") != "");     // the runner replays
    CHECK(problem("-np 2 300 => ok") != "");                 // arguments go after --
    CHECK(problem("-np 2 --max-states 100 => ok") == "");    // unknown options pass through
}

TEST_CASE("a header with counts, parsed from a file") {
    char path[] = "/tmp/corpus_header_test_XXXXXX.c";
    int fd = mkstemps(path, 2);
    REQUIRE(fd >= 0);
    close(fd);
    {
        std::ofstream out(path);
        out << "/* Title.\n"
               " *\n"
               " * RANKFOLD-RUN: -np 4 => ok executions=6\n"
               " * RANKFOLD-RUN: -np 4 --no-reduction => ok states=40 executions=6\n"
               " * RANKFOLD-RUN: -np 2 => deadlock\n"
               " */\n"
               "int main() { return 0; } /* ERROR */\n";
    }
    Program p = parse_program(path, "t");
    std::remove(path);
    REQUIRE(p.error == "");
    REQUIRE(p.runs.size() == 3);
    CHECK(p.runs[0].stats.at("executions") == 6);
    CHECK(p.runs[1].stats.at("states") == 40);
    CHECK(p.runs[1].options == Strings{"-np", "4", "--no-reduction"});
    CHECK(p.runs[2].stats.empty());
    CHECK(p.error_lines == std::set<int>{7});

    std::ofstream(path) << "/*\n * RANKFOLD-RUN: -np 4 => ok executions=six\n */\n";
    Program bad = parse_program(path, "t");
    std::remove(path);
    CHECK(bad.error.find(":2: 'executions=six'") != std::string::npos);
}
