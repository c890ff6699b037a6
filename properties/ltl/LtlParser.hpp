// Spin's LTL syntax (spin -f), parsed into an LtlFormula.
//
// Grammar, loosest first; binary operators on one line share a level and associate to the left,
// as in Spin's tl_parse (so `p || q && r` is `(p || q) && r`):
//   formula := temporal { ('&&' | '||' | '->' | '<->') temporal }
//   temporal := unary { ('U' | 'V' | 'R') unary }
//   unary := ('!' | '[]' | '<>' | 'X' | 'G' | 'F') unary | '(' formula ')' | 'true' | 'false' |
//   name
// Word forms: `always`, `eventually`, `until` (Spin's), and `G`, `F`, `R` (the common names of
// [], <> and V). A name is a letter or '_' then letters, digits and '_', other than these words.
#pragma once

#include "properties/ltl/LtlFormula.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace rankfold::properties::ltl {

// The formula, or nullopt with `error` set to "LINE:COLUMN: what was expected" (1-based; the
// column counts bytes). Never throws for any input; nesting deeper than 1000
// or more than 4000 operators is an error.
std::optional<LtlFormula> parse_ltl(std::string_view text, std::string& error);

} // namespace rankfold::properties::ltl
