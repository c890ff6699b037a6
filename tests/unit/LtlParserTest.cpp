// The LTL parser (properties/ltl/LtlParser.hpp): Spin's precedence and associativity, the word
// forms, and errors that say where and what was expected.
#include "properties/ltl/LtlParser.hpp"

#include <catch2/catch.hpp>

using namespace rankfold::properties::ltl;

namespace {

std::string parsed(const std::string& text) {
    std::string error;
    const auto f = parse_ltl(text, error);
    return f ? f->to_string() : "error " + error;
}

} // namespace

TEST_CASE("LTL parser: unary operators bind tightest, then U and V, then the boolean ones",
          "[ltl]") {
    CHECK(parsed("!p U q") == "(!p U q)");
    CHECK(parsed("[]p U <>q") == "([]p U <>q)");
    CHECK(parsed("p U q && r") == "((p U q) && r)");
    CHECK(parsed("p && q U r") == "(p && (q U r))");
    CHECK(parsed("X p V q") == "(X p V q)");
}

TEST_CASE("LTL parser: binary operators of a level associate to the left, as in Spin", "[ltl]") {
    // Spin's tl_parse puts ||, &&, -> and <-> on one level, U and V on the one below.
    CHECK(parsed("p || q && r") == "((p || q) && r)");
    CHECK(parsed("p && q || r") == "((p && q) || r)");
    CHECK(parsed("p -> q -> r") == "((p -> q) -> r)");
    CHECK(parsed("p <-> q || r") == "((p <-> q) || r)");
    CHECK(parsed("p U q U r") == "((p U q) U r)");
    CHECK(parsed("p U q V r") == "((p U q) V r)");
    CHECK(parsed("p || (q && r)") == "(p || (q && r))");
}

TEST_CASE("LTL parser: word forms and constants", "[ltl]") {
    CHECK(parsed("G F p") == "[]<>p");
    CHECK(parsed("always eventually p") == "[]<>p");
    CHECK(parsed("p R q") == "(p V q)");
    CHECK(parsed("p until q") == "(p U q)");
    CHECK(parsed("X X p") == "X X p");
    CHECK(parsed("true && !false") == "(true && !false)");
    CHECK(parsed("Gp") == "Gp"); // a name: operators are whole words
    CHECK(parsed("  _x1\n&& y_2 ") == "(_x1 && y_2)");
}

TEST_CASE("LTL parser: to_string parses back to an equal formula", "[ltl]") {
    for (const char* text : {"[]((p -> <>q) && (q V !r))", "!(p U X q) <-> [](r || false)"}) {
        std::string error;
        const auto f = parse_ltl(text, error);
        REQUIRE(f);
        const auto again = parse_ltl(f->to_string(), error);
        REQUIRE(again);
        CHECK(*again == *f);
    }
}

TEST_CASE("LTL parser: errors name line, column and what was expected", "[ltl]") {
    CHECK(parsed("p && ") == "error 1:6: expected a formula after '&&'");
    CHECK(parsed("p &&") == "error 1:5: expected a formula after '&&'");
    CHECK(parsed("") == "error 1:1: expected a formula, saw the end of the formula");
    CHECK(parsed("(p U q") ==
          "error 1:7: expected ')' to close the '(' at 1:1, saw the end of the formula");
    CHECK(parsed("p q") == "error 1:3: expected an operator or the end of the formula, saw 'q'");
    CHECK(parsed("p U\n  && q") == "error 2:3: expected a formula after 'U'");
    CHECK(parsed("[] ") == "error 1:4: expected a formula after '[]'");
    CHECK(parsed("p & q") == "error 1:3: unexpected character '&'");
    CHECK(parsed("p && \x01") == "error 1:6: unexpected character '0x01'");
    CHECK(parsed(")") == "error 1:1: expected a formula, saw ')'");
    CHECK(parsed(std::string(2000, '(') + "p").starts_with("error 1:1001: formula nested too"));
}

TEST_CASE("LTL formulas: negation normal form folds constants soundly", "[ltl]") {
    auto nnf = [](const std::string& text) {
        std::string error;
        const auto f = parse_ltl(text, error);
        REQUIRE(f);
        return to_nnf(*f).to_string();
    };
    CHECK(nnf("!(p U q)") == "(!p V !q)");
    CHECK(nnf("![]p") == "(true U !p)");
    CHECK(nnf("!<>p") == "(false V !p)");
    CHECK(nnf("!(p -> q)") == "(p && !q)");
    CHECK(nnf("!!p") == "p");
    CHECK(nnf("!X p") == "X !p");
    CHECK(nnf("p && true") == "p");
    CHECK(nnf("p || true") == "true");
    CHECK(nnf("p U false") == "false");
    CHECK(nnf("p V true") == "true");
    CHECK(nnf("X false") == "false");
    CHECK(nnf("p U p") == "p");
    CHECK(nnf("(p && q) || (p && q)") == "(p && q)");
}

TEST_CASE("LTL formulas: nests of <> and [] collapse to at most two operators", "[ltl]") {
    auto nnf = [](const std::string& text) {
        std::string error;
        const auto f = parse_ltl(text, error);
        REQUIRE(f);
        return to_nnf(*f).to_string();
    };
    CHECK(nnf("<><>p") == "(true U p)");
    CHECK(nnf("[][]p") == "(false V p)");
    CHECK(nnf("<>[]<>p") == "(false V (true U p))");
    CHECK(nnf("[]<>[]p") == "(true U (false V p))");
    CHECK(nnf("[]<>[]<>p") == "(false V (true U p))");
    // Only <> and [] themselves are absorbed: other until and release stay.
    CHECK(nnf("<>(q U p)") == "(true U (q U p))");
    CHECK(nnf("[](q V p)") == "(false V (q V p))");
    CHECK(nnf("<>[](p U q)") == "(true U (false V (p U q)))");
    // The nest fuzzing found (11 operators): now translated at once, to []<> p's automaton.
    std::string error;
    const auto nest = parse_ltl("[]F <>\nG F <>\n\n<>F <>\nG F \np", error);
    REQUIRE(nest);
    const auto gfp = parse_ltl("[]<>p", error);
    REQUIRE(gfp);
    CHECK(to_nnf(*nest) == to_nnf(*gfp));
}
