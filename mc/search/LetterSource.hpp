// What the liveness search reads besides the program: the valuation of the propositions
// (bit i = proposition i of the automaton) at every observed state. An observed state is a
// state between choices, or a point inside the deterministic steps between two choices where a
// proposition changed value (so a value that changes and changes back there is not lost).
#pragma once

#include <cstdint>
#include <vector>

namespace rankfold::mc {

class LetterSource {
public:
    virtual ~LetterSource() = default;
    // The valuations observed since the last call, restore or start: one per change, in order,
    // the last one the current state's; just the current state's if nothing changed.
    virtual void take_letters(std::vector<std::uint64_t>& out) = 0;
    // Forgets what was observed (the search restored a state, whose valuation is `current`).
    virtual void reset(std::uint64_t current) = 0;
};

} // namespace rankfold::mc
