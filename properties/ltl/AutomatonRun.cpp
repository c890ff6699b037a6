#include "properties/ltl/AutomatonRun.hpp"

#include <algorithm>

namespace rankfold::properties::ltl {

namespace {

// One letter: from the moves in `now` to those in `next` (now and next indexed by state:
// 0 not reached, 1 reached, 2 reached through an accepting state).
void step(const BuchiAutomaton& a, const std::vector<std::uint8_t>& now, std::uint64_t letter,
          std::vector<std::uint8_t>& next) {
    std::fill(next.begin(), next.end(), 0);
    for (std::size_t q = 0; q < now.size(); ++q) {
        if (now[q] == 0) continue;
        for (const BuchiEdge& e : a.edges[q]) {
            if (!e.guard.holds(letter)) continue;
            const std::uint8_t mark = now[q] == 2 || a.accepting[e.target] ? 2 : 1;
            next[e.target] = std::max(next[e.target], mark);
        }
    }
}

void collect(const std::vector<std::uint8_t>& reached, std::vector<AutomatonMove>& out) {
    out.clear();
    for (std::size_t q = 0; q < reached.size(); ++q)
        if (reached[q] != 0) out.push_back({q, reached[q] == 2});
}

} // namespace

namespace {

void read_from(const BuchiAutomaton& a, std::vector<std::uint8_t>& now,
               std::span<const std::uint64_t> letters, std::vector<AutomatonMove>& out) {
    std::vector<std::uint8_t> next(a.state_count(), 0);
    for (std::uint64_t letter : letters) {
        step(a, now, letter, next);
        now.swap(next);
    }
    collect(now, out);
}

} // namespace

void read_letters(const BuchiAutomaton& a, std::size_t from, std::span<const std::uint64_t> letters,
                  std::vector<AutomatonMove>& out) {
    std::vector<std::uint8_t> now(a.state_count(), 0);
    now[from] = 1;
    read_from(a, now, letters, out);
}

void read_from_initial(const BuchiAutomaton& a, std::span<const std::uint64_t> letters,
                       std::vector<AutomatonMove>& out) {
    std::vector<std::uint8_t> now(a.state_count(), 0);
    for (std::size_t q : a.initial) now[q] = 1;
    read_from(a, now, letters, out);
}

} // namespace rankfold::properties::ltl
