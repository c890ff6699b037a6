// Fuzz target for the contract-file parser (properties/contracts/). For any bytes:
//  - parse_contracts neither throws nor crashes; a rejection says "FILE:LINE:COLUMN: ..." in
//    UTF-8;
//  - every accepted contract prints to text that parses back to an equal contract;
//  - the declarations go into a ContractSet without trouble.
#include "properties/contracts/ContractParser.hpp"
#include "properties/contracts/ContractSet.hpp"
#include "tests/fuzz/FuzzCheck.hpp"

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using rankfold::fuzz::check;
using namespace rankfold::properties::contracts;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string error = "stale error from an earlier call";
    const auto declarations = parse_contracts(text, "f.h", error);
    if (!declarations) {
        check(error.starts_with("f.h:") && error.size() > 4 &&
                  std::isdigit(static_cast<unsigned char>(error[4])),
              "a rejection says FILE:LINE:COLUMN", error);
        check(rankfold::fuzz::is_utf8(error), "the error message is UTF-8", error);
        return 0;
    }
    check(error.empty(), "parse_contracts clears the error on success", error);
    for (const Declaration& d : *declarations) {
        check(!d.function.empty(), "a declaration names its function");
        const std::string printed = "int f(void) CONTRACT(" + to_string(d.contract) + ");";
        std::string reread_error;
        const auto again = parse_contracts(printed, "printed", reread_error);
        if (!again || again->size() != 1) {
            reread_error += "\n";
            reread_error += printed;
            rankfold::fuzz::fail("parse_contracts reads what was printed", reread_error);
        }
        check((*again)[0].contract == d.contract, "parse(to_string(c)) == c", printed);
    }
    ContractSet set;
    set.add(*declarations);
    (void)set.unchecked_parts(true);
    return 0;
}
