// The counterexample diagram's layout (--html): columns as a logical clock, arrows from the call
// that sent a message to the match that delivered it, bands for collectives; and the SVG's
// elements that the HTML test counts.
#include "mc/report/SpaceTimeLayout.hpp"
#include "mc/report/SpaceTimeSvg.hpp"

#include <catch2/catch.hpp>

#include <string>

using rankfold::mc::lay_out;
using rankfold::mc::TraceStep;

namespace {

TraceStep call(int rank, const char* name, std::vector<rankfold::mc::SentMessage> sent = {}) {
    TraceStep s;
    s.rank = rank;
    s.call = name;
    s.sent = std::move(sent);
    return s;
}

TraceStep match(int rank, std::uint64_t message, bool chosen = false) {
    TraceStep s;
    s.rank = rank;
    s.detail = "receives";
    s.message = message;
    s.choice = chosen;
    return s;
}

TraceStep collective(int rank, const char* name) {
    TraceStep s;
    s.rank = rank;
    s.call = name;
    s.detail = "MPI_COMM_WORLD";
    s.collective = true;
    return s;
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

} // namespace

TEST_CASE("independent ranks share columns; a match waits for its send", "[report]") {
    // Rank 0 sends twice; rank 1 does two local steps, then receives the second message.
    const std::vector<TraceStep> steps = {call(0, "MPI_Send", {{11, 1}}),
                                          call(0, "MPI_Send", {{12, 1}}), call(1, "MPI_Recv"),
                                          call(1, "MPI_Recv"), match(1, 12)};
    const auto l = lay_out(steps, 2);
    CHECK(l.column == std::vector<int>{0, 1, 0, 1, 2});
    CHECK(l.columns == 3);
    REQUIRE(l.arrows.size() == 2);
    CHECK(l.arrows[0].from == 1);
    CHECK(l.arrows[0].to == 4);
    // Message 11 was never delivered: an arrow into nowhere.
    CHECK(l.arrows[1].from == 0);
    CHECK(l.arrows[1].to == -1);
    CHECK(l.arrows[1].to_rank == 1);
    CHECK(l.last_step == std::vector<long>{1, 4});
}

TEST_CASE("a late send pushes the match to the right of it", "[report]") {
    const std::vector<TraceStep> steps = {call(1, "MPI_Recv"), call(0, "MPI_Init"),
                                          call(0, "MPI_Barrier"), call(0, "MPI_Send", {{7, 1}}),
                                          match(1, 7, true)};
    const auto l = lay_out(steps, 2);
    CHECK(l.column[3] == 2);
    CHECK(l.column[4] == 3); // not 1, the receiver's next free column
    REQUIRE(l.arrows.size() == 1);
    CHECK(l.arrows[0].chosen);
}

TEST_CASE("the k-th collective of each rank forms one band", "[report]") {
    const std::vector<TraceStep> steps = {collective(0, "MPI_Bcast"), collective(1, "MPI_Bcast"),
                                          collective(0, "MPI_Bcast"), collective(2, "MPI_Bcast"),
                                          collective(1, "MPI_Bcast"), collective(2, "MPI_Bcast")};
    const auto l = lay_out(steps, 3);
    REQUIRE(l.bands.size() == 2);
    CHECK(l.bands[0].steps == std::vector<std::size_t>{0, 1, 3});
    CHECK(l.bands[1].steps == std::vector<std::size_t>{2, 4, 5});
}

TEST_CASE("steps of ranks outside the run are left alone", "[report]") {
    const std::vector<TraceStep> steps = {call(5, "MPI_Send"), match(0, 99)};
    const auto l = lay_out(steps, 2);
    CHECK(l.arrows.empty()); // message 99 was never sent in this story
    CHECK(l.last_step == std::vector<long>{1, -1});
}

TEST_CASE("the SVG has a lane per rank, an arrow per message and the violation", "[report]") {
    rankfold::mc::Violation v;
    v.kind = rankfold::mc::ViolationKind::Deadlock;
    v.rank = 1;
    v.message = "1 rank is blocked <and> 1 has finished";
    v.blocked.push_back({1, "MPI_Recv(source 0)", "a message from rank 0", std::nullopt});
    const std::vector<TraceStep> steps = {call(0, "MPI_Send", {{1, 1}}), call(1, "MPI_Recv"),
                                          match(1, 1, true), call(1, "MPI_Recv")};
    const std::string svg = rankfold::mc::space_time_svg(steps, 3, v);
    CHECK(count(svg, "class=\"lane\"") == 3);
    CHECK(count(svg, "class=\"msg") == 1);
    CHECK(count(svg, "class=\"msg chosen\"") == 1);
    CHECK(count(svg, "id=\"violation\"") == 1);
    CHECK(count(svg, "step call blocked") == 1); // rank 1's last call
    CHECK(count(svg, "class=\"blocked-note\"") == 1);
    CHECK(svg.find("&lt;and&gt;") != std::string::npos); // text is escaped
    CHECK(svg.find("<and>") == std::string::npos);
}

TEST_CASE("stretches without a choice fold into one column", "[report]") {
    // Rank 0: ten calls in a row, then a chosen match; rank 1 sends at the start.
    std::vector<TraceStep> steps = {call(1, "MPI_Send", {{5, 0}})};
    for (int i = 0; i < 10; ++i) steps.push_back(call(0, "MPI_Barrier"));
    steps.push_back(match(0, 5, true));
    const auto l = lay_out(steps, 2);
    REQUIRE(l.columns == 11);
    const auto f = rankfold::mc::fold_columns(steps, l, 4);
    // Kept: column 0 (the start and rank 1's last step) and 1 beside it; 9 and 10 around the
    // choice; columns 2..8 fold into one.
    REQUIRE(f.folds.size() == 1);
    CHECK(f.folds[0].hidden == 7);
    CHECK(f.columns == 5);
    CHECK(f.shown == std::vector<int>{0, 1, -1, -1, -1, -1, -1, -1, -1, 3, 4});
    // Shorter stretches stay.
    CHECK(rankfold::mc::fold_columns(steps, l, 8).folds.empty());
    const auto none = rankfold::mc::no_folding(l);
    CHECK(none.columns == 11);
    CHECK(none.folds.empty());
}
