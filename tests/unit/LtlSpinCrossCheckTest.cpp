// The tableau translation (LtlToBuchi) against Spin's: random formulas over p, q and r, each
// translated by both (spin's never claim read with NeverClaimParser), must accept the same
// random lassos. Spin must be installed: without it the test fails.
#include "tests/unit/LtlSpinHarness.hpp"

using namespace rankfold::ltltest;

namespace {

// A random formula in Spin's syntax, fully parenthesised, at most `depth` operators deep.
// No X: Spin 6 reads it only when built with -DNXT.
std::string random_formula(std::mt19937& rng, int depth) {
    unsigned pick = depth == 0 ? rng() % 3 : rng() % 16;
    switch (pick) {
    case 0:
        return "p";
    case 1:
        return "q";
    case 2:
        return "r";
    case 3:
        return rng() % 4 == 0 ? (rng() % 2 ? "true" : "false") : "p";
    case 4:
    case 5:
        return "!" + random_formula(rng, depth - 1);
    case 6:
        return "[]" + random_formula(rng, depth - 1);
    case 7:
        return "<>" + random_formula(rng, depth - 1);
    default:
        break;
    }
    // <-> only between atoms: nested equivalences take spin -f minutes.
    static const char* binary[] = {"U", "V", "&&", "||", "->", "<->", "U", "V"};
    if (pick == 13 && depth > 1) pick = 8;
    return "(" + random_formula(rng, depth - 1) + " " + binary[pick - 8] + " " +
           random_formula(rng, depth - 1) + ")";
}

} // namespace

TEST_CASE("LTL to Büchi agrees with spin -f on random formulas and lassos", "[ltl][spin]") {
    require_spin();
    std::mt19937 rng(20261125);
    int formulas = 0, lassos = 0;
    for (int i = 0; i < 600; ++i) {
        const std::string f = "!(" + random_formula(rng, 1 + i % 3) + ")";
        // LTL_TRACE=1 names each formula as it goes: finds the one spin -f is slow on.
        if (std::getenv("LTL_TRACE")) std::fprintf(stderr, "%d %s\n", i, f.c_str());
        lassos += compare_with_spin(f, rng, 50);
        ++formulas;
    }
    CHECK(formulas == 600);
    CHECK(lassos == 30000);
}

TEST_CASE("LTL parser precedence agrees with spin -f on unparenthesised formulas", "[ltl][spin]") {
    require_spin();
    std::mt19937 rng(13);
    // Unparenthesised: Spin reads these with its LTL grammar (inside parentheses without a
    // temporal operator it would hand the text to its C-like expression parser instead).
    for (const char* f :
         {"p || q && r", "p && q || r", "p -> q && r", "p <-> q -> r", "p U q && r", "p && q U r",
          "p U q U r", "p V q U r", "!p U q", "[]p U q", "<>p && q", "p U q || r U p",
          "[]<>p -> <>[]q", "p -> q || r", "p && q <-> r", "!p V q && r"})
        compare_with_spin(f, rng, 200);
}
