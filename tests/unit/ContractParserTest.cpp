#include "properties/contracts/ContractParser.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace rankfold::properties::contracts;

namespace {

std::vector<Declaration> parse_ok(const std::string& text) {
    std::string error;
    auto d = parse_contracts(text, "t.h", error);
    INFO(error);
    REQUIRE(d.has_value());
    CHECK(error.empty());
    return *d;
}

Contract contract_of(const std::string& body) {
    auto d = parse_ok("int f(int a, int* b) CONTRACT(" + body + ");");
    REQUIRE(d.size() == 1);
    // Every contract prints to text that reads back equal.
    auto again = parse_ok("int f(void) CONTRACT(" + to_string(d[0].contract) + ");");
    REQUIRE(again.size() == 1);
    CHECK(again[0].contract == d[0].contract);
    return d[0].contract;
}

std::string parse_error(const std::string& text) {
    std::string error;
    CHECK_FALSE(parse_contracts(text, "t.h", error).has_value());
    return error;
}

} // namespace

TEST_CASE("declarations: the function's name and place; plain declarations skipped",
          "[contracts]") {
    const auto d =
        parse_ok("#include <mpi.h>\n"
                 "#define X(a) \\\n  a\n"
                 "/* comment */ typedef struct s { int x; } s_t; // line comment\n"
                 "int plain(int);\n"
                 "  const char* lib_name(int h, ...) CONTRACT(PRE { call!(lib_init) });\n"
                 "int lib_b(void) CONTRACTXFAIL();\n"
                 "int lib_c(void) CONTRACTXSUCC(TAGS { t });\n");
    REQUIRE(d.size() == 3);
    CHECK(d[0].function == "lib_name");
    CHECK(d[0].file == "t.h");
    CHECK(d[0].pos == SourcePos{6, 15});
    CHECK(d[1].function == "lib_b");
    CHECK(d[1].contract == Contract{});
    CHECK(d[2].contract.tags == std::vector<Tag>{{"t", std::nullopt}});
    CHECK(parse_ok("").empty());
}

TEST_CASE("scopes: PRE, POST and TAGS in any order; lists are conjunctions", "[contracts]") {
    const Contract c = contract_of("TAGS { a(1), b } POST { call!(g), call!(h) } PRE { call!(i) }");
    REQUIRE(c.pre.size() == 1);
    REQUIRE(c.post.size() == 2);
    CHECK(c.post[1].call.target == "h");
    CHECK(c.tags == std::vector<Tag>{{"a", 1}, {"b", std::nullopt}});
}

TEST_CASE("operations: call!, call_tag!, read!, write!, no!...until!", "[contracts]") {
    const Contract c = contract_of("POST { call!(g, 0:1, 2:*3, 4:&5), call_tag!(t, $:0, 1:2), "
                                   "read!(0), write!(*1), read!(&2), "
                                   "no! (call!(x, 0:0)) until! (call_tag!(y, $:0)), "
                                   "no! (write!(*0)) until! (call!(z)) }");
    REQUIRE(c.post.size() == 7);
    const Formula& call = c.post[0];
    CHECK(call.kind == Formula::Kind::Call);
    CHECK_FALSE(call.call.tagged);
    CHECK(call.call.maps == std::vector<ParamMap>{{false, 0, ParamRef::Value, 1},
                                                  {false, 2, ParamRef::Deref, 3},
                                                  {false, 4, ParamRef::AddressOf, 5}});
    CHECK(c.post[1].call.tagged);
    CHECK(c.post[1].call.maps[0].tag_param);
    CHECK(c.post[2].kind == Formula::Kind::Access);
    CHECK_FALSE(c.post[2].access.write);
    CHECK(c.post[3].access == AccessOp{true, ParamRef::Deref, 1});
    CHECK(c.post[4].access.ref == ParamRef::AddressOf);
    const Formula& release = c.post[5];
    CHECK(release.kind == Formula::Kind::Release);
    REQUIRE(release.no_call);
    CHECK(release.no_call->target == "x");
    CHECK(release.call.target == "y");
    CHECK_FALSE(release.needs_accesses());
    CHECK_FALSE(c.post[6].no_call);
    CHECK(c.post[6].needs_accesses());
}

TEST_CASE("combinators: | and ^ in parentheses, nested, with MSG", "[contracts]") {
    const Contract c = contract_of("PRE { (call!(a) | (call!(b) ^ call!(c) MSG \"one\") | "
                                   "call!(d)) MSG \"any, or b xor c!\" }");
    REQUIRE(c.pre.size() == 1);
    const Formula& f = c.pre[0];
    CHECK(f.kind == Formula::Kind::Or);
    CHECK(f.msg == "any, or b xor c!");
    REQUIRE(f.children.size() == 3);
    CHECK(f.children[1].kind == Formula::Kind::Xor);
    CHECK(f.children[1].children[1].msg == "one");
}

TEST_CASE("a chain without parentheses at the top of a list element, as in the paper",
          "[contracts]") {
    const Contract c = contract_of("PRE { call_tag!(f,$:7) MSG \"Fence epoch\" ^ "
                                   "call_tag!(l,$:7) MSG \"Lock epoch\", call!(z) }");
    REQUIRE(c.pre.size() == 2);
    CHECK(c.pre[0].kind == Formula::Kind::Xor);
    CHECK(c.pre[0].children[0].msg == "Fence epoch");
    CHECK_FALSE(c.pre[0].msg);
}

TEST_CASE("every error says file, line, column and what was expected", "[contracts]") {
    CHECK(parse_error("int f() CONTRACT(PRE { call!(g) }") ==
          "t.h:1:34: expected PRE, POST, TAGS or ')', found the end of the file");
    CHECK(parse_error("int f()") == "t.h:1:8: expected ';' to end the declaration, found the "
                                    "end of the file");
    CHECK(parse_error("CONTRACT(PRE { call!(g) });") ==
          "t.h:1:1: expected a function declaration before CONTRACT, found 'CONTRACT'");
    CHECK(parse_error("int f());") == "t.h:1:8: expected a declaration, found ')'");
    CHECK(parse_error("int f() CONTRACT(PRE { call!(g) }) int") ==
          "t.h:1:36: expected ';', found 'int'");
    CHECK(parse_error("int f() CONTRACT(BODY { })") ==
          "t.h:1:18: expected PRE, POST, TAGS or ')', found 'BODY'");
    CHECK(parse_error("int f() CONTRACT(PRE { call!(g) } PRE { call!(g) });") ==
          "t.h:1:35: PRE given twice in one contract");
    CHECK(parse_error("int f() CONTRACT(POST { call!(g) } POST { call!(g) });") ==
          "t.h:1:36: POST given twice in one contract");
    CHECK(parse_error("int f() CONTRACT(TAGS { a } TAGS { b });") ==
          "t.h:1:29: TAGS given twice in one contract");
    CHECK(parse_error("int f() CONTRACT(PRE call!(g));") ==
          "t.h:1:22: expected '{', found 'call!'");
    CHECK(parse_error("int f() CONTRACT(PRE { call!(g) );") == "t.h:1:33: expected '}', found ')'");
    CHECK(parse_error("int f() CONTRACT(TAGS { 1 });") ==
          "t.h:1:25: expected a tag name, found the number 1");
    CHECK(parse_error("int f() CONTRACT(TAGS { a(b) });") ==
          "t.h:1:27: expected a parameter index, found 'b'");
    CHECK(parse_error("int f() CONTRACT(PRE { g });") ==
          "t.h:1:24: expected an operation (call!, call_tag!, read!, write!, no!) or '(', found "
          "'g'");
    CHECK(parse_error("int f() CONTRACT(PRE { go!(g) });") ==
          "t.h:1:24: expected an operation (call!, call_tag!, read!, write!, no!), found 'go!'");
    CHECK(parse_error("int f() CONTRACT(PRE { (call!(g)) });") ==
          "t.h:1:33: expected '|' or '^', found ')'");
    CHECK(parse_error("int f() CONTRACT(PRE { (call!(a) | call!(b) ^ call!(c)) });") ==
          "t.h:1:45: '^' after '|': put parentheses around one of them");
    CHECK(parse_error("int f() CONTRACT(PRE { call!(g) MSG g });") ==
          "t.h:1:37: expected a string after MSG, found 'g'");
    CHECK(parse_error("int f() CONTRACT(PRE { call!(1) });") ==
          "t.h:1:30: expected a function name, found the number 1");
    CHECK(parse_error("int f() CONTRACT(PRE { call_tag!() });") ==
          "t.h:1:34: expected a tag name, found ')'");
    CHECK(parse_error("int f() CONTRACT(PRE { call!(g, $:0) });") ==
          "t.h:1:33: '$' (the tag's parameter) is only meaningful in call_tag!");
    CHECK(parse_error("int f() CONTRACT(PRE { call!(g, x:0) });") ==
          "t.h:1:33: expected a parameter index or '$', found 'x'");
    CHECK(parse_error("int f() CONTRACT(PRE { call!(g, 0 0) });") ==
          "t.h:1:35: expected ':', found the number 0");
    CHECK(parse_error("int f() CONTRACT(PRE { call!(g, 0:64) });") ==
          "t.h:1:35: parameter index 64 is too large (at most 63)");
    CHECK(parse_error("int f() CONTRACT(PRE { read!(x) });") ==
          "t.h:1:30: expected a parameter index, found 'x'");
    CHECK(parse_error("int f() CONTRACT(POST { no! call!(g) });") ==
          "t.h:1:29: expected '(', found 'call!'");
    CHECK(parse_error("int f() CONTRACT(POST { no! (g) });") ==
          "t.h:1:30: expected call!, call_tag!, read! or write! after no!, found 'g'");
    CHECK(parse_error("int f() CONTRACT(POST { no! (call!(g)) });") ==
          "t.h:1:40: expected until! after no! (...), found '}'");
    CHECK(parse_error("int f() CONTRACT(POST { no! (call!(g)) until! (read!(0)) });") ==
          "t.h:1:48: expected call! or call_tag! after until!, found 'read!'");
    CHECK(parse_error("int f() CONTRACT(PRE { call!(g) MSG \"open });") ==
          "t.h:1:37: unterminated string");
    CHECK(parse_error("int f() /* open") == "t.h:1:9: unterminated comment");
    CHECK(parse_error("int f\x01();") == "t.h:1:6: a byte that is not printable ASCII");
    std::string deep = "int f() CONTRACT(PRE { ";
    for (int i = 0; i < 300; ++i) deep += "(";
    CHECK(parse_error(deep).find("expected less nesting") != std::string::npos);
}
