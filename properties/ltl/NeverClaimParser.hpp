// Promela never claims, as `spin -f` prints them (also ltl2ba's and Spot's --spin dialects:
// `if … fi` or `do … od`, guards `(1)`, `((true))`), read into a BuchiAutomaton.
//
// Accepted shape: `never [name] { [label:]... statement [;] ... }` where a statement is
//   if/do :: guard -> goto label ... fi/od | skip | false | goto label
// and an option may instead be `atomic { guard -> assert(...) }`, Spin's shortcut for "the claim
// is matched as soon as guard holds". Guards are &&, ||, ! over names, 0, 1, true and false.
// Each statement is a state; labels starting with `accept` make it accepting; the first one is
// initial. Reaching the end of the claim matches it: that is an accepting state that loops on
// every letter.
#pragma once

#include "properties/ltl/BuchiAutomaton.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace rankfold::properties::ltl {

// The automaton, or nullopt with `error` set to "LINE:COLUMN: what was expected" (1-based).
// Never throws for any input.
std::optional<BuchiAutomaton> parse_never_claim(std::string_view text, std::string& error);

} // namespace rankfold::properties::ltl
