// A proposition over a program variable, as given on the command line:
//   --prop NAME=VAR@RANK            true when the variable is nonzero on that rank
//   --prop NAME=VAR@RANK OP INTEGER OP one of == != < <= > >=
// VAR is a global or static variable (`count`), an array element (`arr[3]`), a member
// (`s.field`), or a chain of them; how it is found (DWARF) is not this file's business.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rankfold::properties::ltl {

enum class Comparison : std::uint8_t { NonZero, Eq, Ne, Lt, Le, Gt, Ge };

struct PropositionSpec {
    std::string name;
    std::string variable; // the lvalue expression, spaces removed
    int rank = 0;
    Comparison op = Comparison::NonZero;
    std::int64_t value = 0;
    int variable_column = 1; // 1-based column of `variable` in the option's text
};

// nullopt with `error` set to "column N: what was expected" (1-based, in `text`).
std::optional<PropositionSpec> parse_proposition_spec(std::string_view text, std::string& error);

// Whether `observed` (the variable's value) makes the proposition true.
bool holds(Comparison op, long double observed, std::int64_t value);

// "count@1 >= 2", for messages.
std::string to_string(const PropositionSpec& spec);

// Proposition names are LTL names: a letter or '_' then letters, digits and '_'.
bool valid_proposition_name(std::string_view name);

} // namespace rankfold::properties::ltl
