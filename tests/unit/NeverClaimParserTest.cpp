// The never claim reader (properties/ltl/NeverClaimParser.hpp): Spin's output for a fixed set of
// formulas, the other dialects (ltl2ba's if…fi and (1), Spot's ((true))), and errors.
#include "tests/unit/LtlSpinHarness.hpp"

using namespace rankfold::ltltest;

namespace {

std::optional<BuchiAutomaton> claim(const std::string& text, std::string& error) {
    return parse_never_claim(text, error);
}

std::string claim_error(const std::string& text) {
    std::string error;
    const auto a = parse_never_claim(text, error);
    return a ? "accepted" : error;
}

} // namespace

TEST_CASE("Never claims: spin -f output for a fixed set of formulas", "[ltl][spin]") {
    require_spin();
    std::mt19937 rng(7);
    for (const char* f : {"!(p U q)", "!([]<>p)", "!([](p -> <>q))", "!(<>[]p)", "!(p V q)",
                          "!(true)", "!(false)", "!([]p && <>q)", "!((p U q) U r)",
                          "!([](p -> (q U r)))", "!(<>p <-> []q)", "!((p || q) && r)"}) {
        const BuchiAutomaton a = spin_automaton(f);
        CHECK(a.initial.size() == 1);
        CHECK(a.state_count() >= 2);    // at least the claim's start and its end
        compare_with_spin(f, rng, 100); // and it means what the tableau means
    }
}

TEST_CASE("Never claims: states, labels, acceptance and Spin's atomic shortcut", "[ltl]") {
    // spin -f '!(p U q)' (Spin 6.5.2)
    const std::string text = "never  {    /* !(p U q) */\n"
                             "accept_init:\n"
                             "T0_init:\n"
                             "\tdo\n"
                             "\t:: (! ((q))) -> goto T0_init\n"
                             "\t:: atomic { (! ((p)) && ! ((q))) -> assert(!(! ((p)) && ! "
                             "((q)))) }\n"
                             "\tod;\n"
                             "accept_all:\n"
                             "\tskip\n"
                             "}\n";
    std::string error = "stale";
    const auto a = claim(text, error);
    REQUIRE(a);
    CHECK(error.empty());
    // T0_init (accepting), accept_all (skip), the end of the claim.
    REQUIRE(a->state_count() == 3);
    CHECK(a->accepting[0]);
    CHECK(a->accepting[1]);
    CHECK(a->accepting[2]);
    CHECK(a->initial == std::vector<std::size_t>{0});
    REQUIRE(a->edges[0].size() == 2);
    CHECK(a->edges[0][0].target == 0);
    CHECK(a->edges[0][1].target == 2); // the atomic shortcut: the claim is matched
    CHECK(a->propositions == std::vector<std::string>{"q", "p"});
}

TEST_CASE("Never claims: ltl2ba's and Spot's dialects", "[ltl]") {
    std::string error;
    const auto ltl2ba = claim("never { /* []<>p */\nT0_init:\n  if\n  :: (1) -> goto T0_init\n"
                              "  :: (p) -> goto accept_S1\n  fi;\naccept_S1:\n  if\n"
                              "  :: (1) -> goto T0_init\n  fi;\n}\n",
                              error);
    REQUIRE(ltl2ba);
    CHECK(ltl2ba->accepting == std::vector<bool>{false, true, true});
    const auto spot = claim("never {\nT0_init:\n  if\n  :: ((true)) -> goto T0_init\n"
                            "  :: ((p) || (!(q))) -> goto accept_S1\n  fi;\n"
                            "accept_S1:\n  if\n  :: ((true)) -> goto T0_init\n  fi;\n}\n",
                            error);
    REQUIRE(spot);
    CHECK(spot->edges[0].size() == 3); // the disjunction is two edges
    const auto dead = claim("never { T0_init: false; }", error);
    REQUIRE(dead);
    CHECK(dead->edges[0].empty());
}

TEST_CASE("Never claims: errors name line, column and what was expected", "[ltl]") {
    CHECK(claim_error("") == "1:1: expected 'never', saw the end of the input");
    CHECK(claim_error("never {\n  T0_init: if :: (p) goto T0_init fi }") ==
          "2:22: expected '->' after the guard, saw 'goto'");
    CHECK(claim_error("never { T0_init: if :: (p) -> goto nowhere fi }") ==
          "1:36: unknown label 'nowhere'");
    CHECK(claim_error("never { T0_init: if :: (p && ) -> goto T0_init fi }") ==
          "1:30: expected a guard (a name, 0, 1, '!' or '('), saw ')'");
    CHECK(claim_error("never { /* open") == "1:9: unterminated comment");
    CHECK(claim_error("never { T0_init: do :: (p) -> goto T0_init") ==
          "1:43: expected '::' or 'od', saw the end of the input");
    CHECK(claim_error("never { T0_init: skip } x") ==
          "1:25: expected the end of the input after '}', saw 'x'");
    CHECK(claim_error("never { T0_init: \x01 }") ==
          "1:18: expected a statement (if, do, skip, false or goto) after the label, saw '0x01'");
}
