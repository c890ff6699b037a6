// Fuzz target for the never claim reader (properties/ltl/NeverClaimParser.hpp). For any bytes:
//  - parse_never_claim neither throws nor crashes; a rejection has a "LINE:COLUMN: ..." UTF-8
//    error;
//  - an accepted claim is a well-formed automaton: one initial state, edges inside it, guards
//    satisfiable and over its own propositions.
#include "properties/ltl/NeverClaimParser.hpp"
#include "tests/fuzz/FuzzCheck.hpp"

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using rankfold::fuzz::check;
using namespace rankfold::properties::ltl;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string error = "stale error from an earlier call";
    const auto a = parse_never_claim(text, error);
    if (!a) {
        check(!error.empty() && std::isdigit(static_cast<unsigned char>(error[0])),
              "a rejection says LINE:COLUMN", error);
        check(rankfold::fuzz::is_utf8(error), "the error message is UTF-8", error);
        return 0;
    }
    check(error.empty(), "parse_never_claim clears the error on success", error);
    check(a->initial.size() == 1 && a->initial[0] < a->state_count(), "one initial state");
    check(a->accepting.size() == a->state_count(), "acceptance for every state");
    const std::size_t props = a->propositions.size();
    const std::uint64_t used = props == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << props) - 1;
    for (const auto& out : a->edges)
        for (const auto& e : out) {
            check(e.target < a->state_count(), "edge in range");
            check((e.guard.pos & e.guard.neg) == 0, "guards are satisfiable");
            check(((e.guard.pos | e.guard.neg) & ~used) == 0, "guards use known propositions");
        }
    return 0;
}
