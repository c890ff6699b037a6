// Shared by the LTL tests that compare with Spin: run `spin -f`, read its never claim, and
// compare two automata on lassos u·v^ω over the valuations of p, q and r.
#pragma once

#include "properties/ltl/BuchiAutomaton.hpp"
#include "properties/ltl/LtlParser.hpp"
#include "properties/ltl/LtlToBuchi.hpp"
#include "properties/ltl/NeverClaimParser.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace rankfold::ltltest {

using namespace rankfold::properties::ltl;

// Fails the test (never skips it) when spin is missing: the cross-check is the point.
inline void require_spin() {
    if (std::system("command -v spin >/dev/null 2>&1") != 0)
        FAIL("spin is not installed: the LTL translation is checked against it. Install it with "
             "`apt-get install -y spin` (or scripts/install-deps.sh).");
}

// spin -f FORMULA's output (the formula holds only characters safe inside single quotes).
inline std::string spin_never_claim(const std::string& formula) {
    const std::string command = "timeout 20 spin -f '" + formula + "' 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::string out;
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
    const int status = pclose(pipe);
    INFO("spin -f '" << formula << "' said:\n" << out);
    REQUIRE(status == 0);
    return out;
}

inline BuchiAutomaton spin_automaton(const std::string& formula) {
    const std::string claim = spin_never_claim(formula);
    std::string error;
    auto a = parse_never_claim(claim, error);
    INFO("spin's claim for " << formula << ":\n" << claim);
    REQUIRE(error == "");
    REQUIRE(a);
    return std::move(*a);
}

inline BuchiAutomaton our_automaton(const std::string& formula) {
    std::string error;
    const auto f = parse_ltl(formula, error);
    INFO(formula);
    REQUIRE(error == "");
    REQUIRE(f);
    auto a = ltl_to_buchi(*f, error);
    REQUIRE(error == "");
    REQUIRE(a);
    return std::move(*a);
}

struct Lasso {
    std::vector<int> prefix, cycle; // letters 0..7: bit 0 p, bit 1 q, bit 2 r

    std::string to_string() const {
        auto letters = [](const std::vector<int>& w) {
            std::string s;
            for (const int l : w) {
                s += "{";
                for (int b = 0; b < 3; ++b)
                    if (l & (1 << b)) s += "pqr"[b];
                s += "}";
            }
            return s;
        };
        return letters(prefix) + " (" + letters(cycle) + ")^w";
    }
};

inline std::vector<std::uint64_t> valuations(const BuchiAutomaton& a, const std::vector<int>& w) {
    std::vector<std::uint64_t> out;
    for (const int l : w) {
        std::vector<std::string> names;
        for (int b = 0; b < 3; ++b)
            if (l & (1 << b)) names.emplace_back(1, "pqr"[b]);
        out.push_back(a.valuation(names));
    }
    return out;
}

inline bool accepts(const BuchiAutomaton& a, const Lasso& l) {
    return accepts_lasso(a, valuations(a, l.prefix), valuations(a, l.cycle));
}

inline Lasso random_lasso(std::mt19937& rng) {
    Lasso l;
    const unsigned u = rng() % 5, v = 1 + rng() % 4;
    for (unsigned i = 0; i < u; ++i) l.prefix.push_back(static_cast<int>(rng() % 8));
    for (unsigned i = 0; i < v; ++i) l.cycle.push_back(static_cast<int>(rng() % 8));
    return l;
}

// Compares ours with spin's on `lassos` random lassos; returns how many were compared.
inline int compare_with_spin(const std::string& formula, std::mt19937& rng, int lassos) {
    const BuchiAutomaton ours = our_automaton(formula);
    const BuchiAutomaton spins = spin_automaton(formula);
    for (int i = 0; i < lassos; ++i) {
        const Lasso l = random_lasso(rng);
        const bool a = accepts(ours, l), b = accepts(spins, l);
        if (a != b)
            FAIL("disagreement with spin on " << formula << "\nlasso " << l.to_string() << "\nours "
                                              << (a ? "accepts" : "rejects") << ", spin's "
                                              << (b ? "accepts" : "rejects") << "\nours:\n"
                                              << ours.to_string() << "spin's claim:\n"
                                              << spin_never_claim(formula));
    }
    return lassos;
}

} // namespace rankfold::ltltest
