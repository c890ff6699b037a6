#include "properties/ltl/GuardCubes.hpp"

namespace rankfold::properties::ltl {

namespace {

constexpr std::size_t kMaxCubes = 4096; // (a || b) && (c || d) && ... doubles at each &&

// The cubes of f (of !f when `neg`); sets `why` and returns {} on failure.
std::vector<Cube> dnf(const LtlFormula& f, bool neg, BuchiAutomaton& automaton, std::string& why) {
    switch (f.op()) {
    case LtlOp::True:
        return neg ? std::vector<Cube>{} : std::vector<Cube>{Cube{}};
    case LtlOp::False:
        return neg ? std::vector<Cube>{Cube{}} : std::vector<Cube>{};
    case LtlOp::Prop: {
        const std::size_t i = automaton.proposition(f.name());
        if (i == BuchiAutomaton::kMaxPropositions) {
            why = "more than 64 propositions";
            return {};
        }
        Cube c;
        (neg ? c.neg : c.pos) = std::uint64_t{1} << i;
        return {c};
    }
    case LtlOp::Not:
        return dnf(f.left(), !neg, automaton, why);
    default:
        break;
    }
    auto a = dnf(f.left(), neg, automaton, why);
    auto b = dnf(f.right(), neg, automaton, why);
    if (!why.empty()) return {};
    if ((f.op() == LtlOp::Or) != neg) { // a disjunction
        a.insert(a.end(), b.begin(), b.end());
        return a;
    }
    std::vector<Cube> out;
    for (const Cube& x : a)
        for (const Cube& y : b) {
            const Cube c{x.pos | y.pos, x.neg | y.neg};
            if ((c.pos & c.neg) != 0) continue; // unsatisfiable
            if (out.size() == kMaxCubes) {
                why = "guard too large (more than 4096 cubes)";
                return {};
            }
            out.push_back(c);
        }
    return out;
}

} // namespace

std::optional<std::vector<Cube>> guard_cubes(const LtlFormula& guard, BuchiAutomaton& a,
                                             std::string& why) {
    why.clear();
    auto cubes = dnf(guard, false, a, why);
    if (!why.empty()) return std::nullopt;
    return cubes;
}

} // namespace rankfold::properties::ltl
