// Fuzz target for the LTL parser and translation (properties/ltl/). For any bytes:
//  - parse_ltl neither throws nor crashes; a rejection has a "LINE:COLUMN: ..." UTF-8 error;
//  - an accepted formula prints to text that parses back to an equal formula;
//  - small accepted formulas translate to an automaton whose edges stay inside it;
//  - the same bytes as a --prop definition (the other parser of a liveness command line, too
//    small for a target of its own): accepted or rejected with "column N: ...", never a crash,
//    and an accepted one has a valid name and prints back to an equal definition.
#include "properties/ltl/LtlParser.hpp"
#include "properties/ltl/LtlToBuchi.hpp"
#include "properties/ltl/PropositionSpec.hpp"
#include "tests/fuzz/FuzzCheck.hpp"

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using rankfold::fuzz::check;
using namespace rankfold::properties::ltl;

namespace {

void check_proposition_spec(std::string_view text) {
    std::string error;
    const auto spec = parse_proposition_spec(text, error);
    if (!spec) {
        check(error.starts_with("column "), "a --prop rejection says column N", error);
        return;
    }
    check(valid_proposition_name(spec->name), "an accepted --prop has a valid name", spec->name);
    const std::string printed = spec->name + "=" + to_string(*spec);
    const auto again = parse_proposition_spec(printed, error);
    check(again.has_value(), "a printed --prop parses again", printed + "\n" + error);
    check(again->variable == spec->variable && again->rank == spec->rank && again->op == spec->op &&
              again->value == spec->value,
          "a printed --prop reads back equal", printed);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    check_proposition_spec(text);
    std::string error = "stale error from an earlier call";
    const auto f = parse_ltl(text, error);
    if (!f) {
        check(!error.empty() && std::isdigit(static_cast<unsigned char>(error[0])),
              "a rejection says LINE:COLUMN", error);
        check(rankfold::fuzz::is_utf8(error), "the error message is UTF-8", error);
        return 0;
    }
    check(error.empty(), "parse_ltl clears the error on success", error);
    const std::string printed = f->to_string();
    std::string reread_error;
    const auto again = parse_ltl(printed, reread_error);
    check(again.has_value(), "parse_ltl reads what to_string printed",
          reread_error + "\n" + printed);
    check(*again == *f, "parse_ltl(to_string(f)) == f", printed);
    if (f->size() <= 12) { // the tableau is exponential: keep each input fast
        const auto a = ltl_to_buchi(*f, error, 2000);
        if (a) {
            check(a->initial.size() == 1, "one initial state");
            for (const auto& out : a->edges)
                for (const auto& e : out) check(e.target < a->state_count(), "edge in range");
        }
    }
    return 0;
}
