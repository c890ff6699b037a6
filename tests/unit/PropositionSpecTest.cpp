// The --prop definitions: every form, every error with its column.
#include "properties/ltl/PropositionSpec.hpp"

#include <catch2/catch.hpp>

using namespace rankfold::properties::ltl;

namespace {
PropositionSpec ok(const std::string& text) {
    std::string error;
    const auto spec = parse_proposition_spec(text, error);
    INFO(text << ": " << error);
    REQUIRE(spec);
    return *spec;
}
std::string bad(const std::string& text) {
    std::string error;
    CHECK_FALSE(parse_proposition_spec(text, error));
    return error;
}
} // namespace

TEST_CASE("--prop: the forms", "[ltl][prop]") {
    const PropositionSpec a = ok("cs=in_cs@1");
    CHECK(a.name == "cs");
    CHECK(a.variable == "in_cs");
    CHECK(a.rank == 1);
    CHECK(a.op == Comparison::NonZero);
    CHECK(a.variable_column == 4);
    const PropositionSpec b = ok(" full = queue . count [ 2 ] @ 0 >= -3 ");
    CHECK(b.name == "full");
    CHECK(b.variable == "queue.count[2]");
    CHECK(b.rank == 0);
    CHECK(b.op == Comparison::Ge);
    CHECK(b.value == -3);
    CHECK(ok("x=v@2==+4").value == 4);
    CHECK(ok("x=v@2!=0").op == Comparison::Ne);
    CHECK(ok("x=v@2<1").op == Comparison::Lt);
    CHECK(ok("x=v@2<=1").op == Comparison::Le);
    CHECK(ok("x=v@2>1").op == Comparison::Gt);
    CHECK(ok("x=fn::calls@3").variable == "fn::calls");
    CHECK(to_string(ok("x=v@2 <= 7")) == "v@2 <= 7");
    CHECK(to_string(ok("x=v@2")) == "v@2");
}

TEST_CASE("--prop: errors name the column", "[ltl][prop]") {
    CHECK(bad("") == "column 1: expected a proposition name before '='");
    CHECK(bad("=v@1") == "column 1: expected a proposition name before '='");
    CHECK(bad("1x=v@1").starts_with("column 1: '1x' is not a proposition name"));
    CHECK(bad("U=v@1").starts_with("column 1: 'U' is not a proposition name"));
    CHECK(bad("p v@1") == "column 3: expected '=' after the proposition name");
    CHECK(bad("p=") == "column 3: expected a variable after '='");
    CHECK(bad("p=3v@1") == "column 3: expected a variable name");
    CHECK(bad("p=v") == "column 4: expected '@RANK' after the variable");
    CHECK(bad("p=v@") == "column 5: expected a rank number after '@'");
    CHECK(bad("p=v@-1") == "column 5: expected a rank number after '@'");
    CHECK(bad("p=v@1 = 2") == "column 7: expected one of == != < <= > >= or the end");
    CHECK(bad("p=v@1 == x") == "column 10: expected an integer");
    CHECK(bad("p=v@1 == 99999999999999999999") == "column 10: expected an integer");
    CHECK(bad("p=v@1 == 2 3") == "column 12: expected the end after the integer");
}

TEST_CASE("--prop: comparisons", "[ltl][prop]") {
    CHECK(holds(Comparison::NonZero, 0.5L, 0));
    CHECK_FALSE(holds(Comparison::NonZero, 0, 0));
    CHECK(holds(Comparison::Eq, 3, 3));
    CHECK(holds(Comparison::Ne, 3, 4));
    CHECK(holds(Comparison::Lt, -5, -4));
    CHECK(holds(Comparison::Le, -4, -4));
    CHECK(holds(Comparison::Gt, 18446744073709551615.0L, 0)); // an unsigned 64-bit maximum
    CHECK(holds(Comparison::Ge, 2.5L, 2));
    CHECK_FALSE(holds(Comparison::Ge, 1.5L, 2));
}
