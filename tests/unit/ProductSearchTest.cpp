// The liveness search on explicit graphs: a program state is a node with a valuation, each edge
// a transition of one rank. Checks verdicts, the fairness conditions and that every lasso found
// is a real cycle whose word the automaton of the negated property accepts.
#include "mc/search/ProductSearch.hpp"
#include "mc/search/FairCycles.hpp"
#include "properties/ltl/AutomatonRun.hpp"
#include "properties/ltl/LtlParser.hpp"
#include "properties/ltl/LtlToBuchi.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <random>

using namespace rankfold;
using namespace rankfold::mc;
namespace ltl = rankfold::properties::ltl;

namespace {

struct Arc {
    int to;
    Transition t;
};

class GraphSpace final : public SearchSpace, public LetterSource {
public:
    std::vector<std::vector<Arc>> arcs;
    std::vector<std::uint64_t> valuation;
    std::vector<bool> bad; // a safety violation there
    int at = 0;

    int add(std::uint64_t v) {
        arcs.emplace_back();
        valuation.push_back(v);
        bad.push_back(false);
        return static_cast<int>(arcs.size()) - 1;
    }
    // An edge of `rank`; `outcome` tells parallel edges apart (and makes strong-fairness
    // pairs: a wildcard match of `rank` from sender `outcome`).
    void edge(int from, int to, int rank, int outcome = 0) {
        arcs[from].push_back({to, {TransitionKind::WildcardMatch, rank, 0, outcome}});
    }
    std::optional<int> follow(int from, const Transition& t) const {
        for (const Arc& a : arcs[from])
            if (a.t == t) return a.to;
        return std::nullopt;
    }

    void enabled(std::vector<Transition>& out) override {
        out.clear();
        for (const Arc& a : arcs[at]) out.push_back(a.t);
    }
    void execute(const Transition& t) override { at = *follow(at, t); }
    bool violated() override { return bad[at]; }
    snapshot::Fingerprint fingerprint() override {
        return {static_cast<std::uint64_t>(at) * 7919 + 1, 3};
    }
    bool dependent(const Transition&, const Transition&) const override { return true; }
    Saved save() override { return static_cast<Saved>(at); }
    void restore(Saved s) override { at = static_cast<int>(s); }
    void discard(Saved) override {}
    void take_letters(std::vector<std::uint64_t>& out) override { out.assign(1, valuation[at]); }
    void reset(std::uint64_t) override {}
};

// The automaton of the negation of `property` over propositions p (bit 0) and q (bit 1).
ltl::BuchiAutomaton negated(const std::string& property) {
    std::string error;
    auto f = ltl::parse_ltl("!(" + property + ")", error);
    REQUIRE(f);
    auto a = ltl::ltl_to_buchi(*f, error);
    REQUIRE(a);
    // Fix the bit order: p then q, whatever order the formula named them in.
    ltl::BuchiAutomaton fixed;
    fixed.proposition("p");
    fixed.proposition("q");
    for (std::size_t s = 0; s < a->state_count(); ++s) fixed.add_state(a->accepting[s]);
    fixed.initial = a->initial;
    for (std::size_t s = 0; s < a->state_count(); ++s)
        for (const ltl::BuchiEdge& e : a->edges[s]) {
            ltl::Cube c;
            for (std::size_t i = 0; i < a->propositions.size(); ++i) {
                const std::uint64_t bit = std::uint64_t{1} << fixed.proposition(a->propositions[i]);
                if (e.guard.pos >> i & 1) c.pos |= bit;
                if (e.guard.neg >> i & 1) c.neg |= bit;
            }
            fixed.edges[s].push_back({c, e.target});
        }
    return fixed;
}

struct Outcome {
    ProductEnd end;
    std::optional<Lasso> lasso;
    ProductStats stats;
};

Outcome search(GraphSpace& g, const std::string& property, Fairness fairness, int ranks = 2) {
    const ltl::BuchiAutomaton a = negated(property);
    g.at = 0;
    ProductSearch s(g, g, a, fairness, ranks);
    const ProductEnd end = s.run([](const std::vector<Transition>&) {});
    Outcome o{end, s.lasso(), s.stats()};
    if (o.lasso) {
        // The lasso is a path of the graph whose cycle returns where it started, and the
        // automaton accepts its word (the stutter extension of a final state included).
        int at = 0;
        std::vector<std::uint64_t> prefix{g.valuation[0]}, cycle;
        for (const Transition& t : o.lasso->prefix) {
            const auto next = g.follow(at, t);
            REQUIRE(next);
            at = *next;
            prefix.push_back(g.valuation[at]);
        }
        const int start = at;
        for (const Transition& t : o.lasso->cycle) {
            const auto next = g.follow(at, t);
            REQUIRE(next);
            at = *next;
            cycle.push_back(g.valuation[at]);
        }
        REQUIRE(at == start);
        if (cycle.empty()) {
            REQUIRE(g.arcs[at].empty()); // only a final state repeats without moving
            cycle.push_back(g.valuation[at]);
        }
        prefix.pop_back(); // the cycle's last letter is the state it starts from
        CHECK(ltl::accepts_lasso(a, prefix, cycle));
    }
    return o;
}

constexpr std::uint64_t P = 1, Q = 2;

} // namespace

TEST_CASE("automaton run: letters are read in order, acceptance on the way is kept",
          "[ltl][product]") {
    const ltl::BuchiAutomaton a = negated("[]<>p"); // <>[]!p
    std::vector<ltl::AutomatonMove> moves;
    const std::uint64_t word[] = {0, 0};
    ltl::read_from_initial(a, word, moves);
    REQUIRE(!moves.empty());
    bool accepting = false;
    for (const auto& m : moves) accepting = accepting || m.accepting;
    CHECK(accepting); // !p twice may already be in the accepting part
    const std::uint64_t with_p[] = {0, P};
    ltl::read_from_initial(a, with_p, moves);
    for (const auto& m : moves) CHECK(!a.accepting[m.target]); // p ends any accepting run
}

TEST_CASE("product search: a cycle that never meets p violates []<>p", "[ltl][product]") {
    GraphSpace g;
    g.add(0), g.add(0);
    g.edge(0, 1, 0), g.edge(1, 0, 0);
    const Outcome o = search(g, "[]<>p", Fairness::None);
    CHECK(o.end == ProductEnd::Cycle);
    REQUIRE(o.lasso);
    CHECK(o.lasso->cycle.size() == 2);
}

TEST_CASE("product search: p on the cycle satisfies []<>p", "[ltl][product]") {
    GraphSpace g;
    g.add(0), g.add(P);
    g.edge(0, 1, 0), g.edge(1, 0, 0);
    const Outcome o = search(g, "[]<>p", Fairness::None);
    CHECK(o.end == ProductEnd::NoCycle);
    CHECK(o.stats.product_states >= 2);
}

TEST_CASE("product search: a finite run repeats its final state", "[ltl][product]") {
    GraphSpace g;
    g.add(0), g.add(0), g.add(P);
    g.edge(0, 1, 0), g.edge(0, 2, 1);
    const Outcome o = search(g, "<>p", Fairness::None);
    REQUIRE(o.end == ProductEnd::Cycle);
    CHECK(o.lasso->prefix.size() == 1);
    CHECK(o.lasso->prefix[0].rank == 0);
    CHECK(o.lasso->cycle.empty());
    GraphSpace h;
    h.add(0), h.add(P);
    h.edge(0, 1, 0);
    CHECK(search(h, "<>p", Fairness::None).end == ProductEnd::NoCycle);
}

TEST_CASE("product search: weak fairness excludes a rank that could always move but never does",
          "[ltl][product]") {
    // Rank 0 spins at state 0; rank 1 could go to state 1, where p holds, at every moment.
    GraphSpace g;
    g.add(0), g.add(P);
    g.edge(0, 0, 0), g.edge(0, 1, 1), g.edge(1, 0, 1);
    CHECK(search(g, "[]<>p", Fairness::None).end == ProductEnd::Cycle);
    CHECK(search(g, "[]<>p", Fairness::Weak).end == ProductEnd::NoCycle);
    CHECK(search(g, "[]<>p", Fairness::Strong).end == ProductEnd::NoCycle);
}

TEST_CASE("product search: strong fairness excludes a choice offered infinitely often but never "
          "taken",
          "[ltl][product]") {
    // Rank 0 goes 0 -> 2 -> 0 forever; rank 1's match (to state 1, where p holds) is offered at
    // state 0 only, so rank 1 is not continuously able to move: weak fairness allows the cycle.
    GraphSpace g;
    g.add(0), g.add(P), g.add(0);
    g.edge(0, 2, 0), g.edge(2, 0, 0), g.edge(0, 1, 1, 5), g.edge(1, 0, 1);
    CHECK(search(g, "[]<>p", Fairness::None).end == ProductEnd::Cycle);
    const Outcome weak = search(g, "[]<>p", Fairness::Weak);
    CHECK(weak.end == ProductEnd::Cycle);
    CHECK(search(g, "[]<>p", Fairness::Strong).end == ProductEnd::NoCycle);
}

TEST_CASE("product search: the lasso takes what fairness asks on its cycle", "[ltl][product]") {
    // Both ranks can always move; q never holds, so every cycle violates []<>q, but a fair one
    // must contain moves of both: rank 0 spins in place, rank 1 goes between 0 and 1.
    GraphSpace g;
    g.add(0), g.add(P);
    g.edge(0, 0, 0), g.edge(0, 1, 1), g.edge(1, 0, 1), g.edge(1, 1, 0);
    const Outcome o = search(g, "[]<>q", Fairness::Weak);
    REQUIRE(o.end == ProductEnd::Cycle);
    bool rank0 = false, rank1 = false;
    for (const Transition& t : o.lasso->cycle) (t.rank == 0 ? rank0 : rank1) = true;
    CHECK(rank0);
    CHECK(rank1);
}

TEST_CASE("product search: a safety violation met on the way ends the search", "[ltl][product]") {
    GraphSpace g;
    g.add(0), g.add(0);
    g.bad[1] = true;
    g.edge(0, 0, 0), g.edge(0, 1, 1);
    g.at = 0;
    const ltl::BuchiAutomaton a = negated("[]<>p");
    ProductSearch s(g, g, a, Fairness::None, 2);
    std::vector<Transition> path;
    const ProductEnd end = s.run([&](const std::vector<Transition>& p) { path = p; });
    // Depth first: the self-loop's component closes only after the way to state 1 was tried.
    CHECK(end == ProductEnd::SafetyViolation);
    REQUIRE(!path.empty());
    int at = 0;
    for (const Transition& t : path) at = *g.follow(at, t);
    CHECK(at == 1);
}

TEST_CASE("product search: random graphs agree with a search of every lasso", "[ltl][product]") {
    // Reference without fairness: the property is violated iff some reachable product state
    // with an accepting automaton state lies on a cycle — checked here on the explicit product.
    std::mt19937 rng(7);
    const char* properties[] = {"[]<>p", "[](p -> <>q)", "<>[]p",
                                "p U q", "[](p || q)",   "<>(p && q)"};
    int violated = 0, held = 0;
    for (int round = 0; round < 300; ++round) {
        GraphSpace g;
        const int n = 2 + static_cast<int>(rng() % 6);
        for (int i = 0; i < n; ++i) g.add(rng() % 4);
        for (int i = 0; i < n; ++i) {
            const int out = static_cast<int>(rng() % 3);
            for (int k = 0; k < out; ++k) g.edge(i, static_cast<int>(rng() % n), k % 2, k);
        }
        const std::string property = properties[rng() % 6];
        const Outcome o = search(g, property, Fairness::None);
        // Reference: states (node, q) after reading node's letter, edges as in the product.
        const ltl::BuchiAutomaton a = negated(property);
        using PState = std::pair<int, std::size_t>;
        std::map<PState, std::vector<PState>> succ;
        std::vector<PState> todo;
        std::vector<ltl::AutomatonMove> moves;
        const std::uint64_t first[] = {g.valuation[0]};
        ltl::read_from_initial(a, first, moves);
        todo.reserve(moves.size());
        for (const auto& m : moves) todo.emplace_back(0, m.target);
        while (!todo.empty()) {
            const PState s = todo.back();
            todo.pop_back();
            if (succ.contains(s)) continue;
            auto& out = succ[s];
            std::vector<int> next;
            next.reserve(g.arcs[s.first].size());
            for (const Arc& arc : g.arcs[s.first]) next.push_back(arc.to);
            if (next.empty()) next.push_back(s.first);
            for (int to : next) {
                const std::uint64_t letter[] = {g.valuation[to]};
                ltl::read_letters(a, s.second, letter, moves);
                for (const auto& m : moves) {
                    out.emplace_back(to, m.target);
                    todo.emplace_back(to, m.target);
                }
            }
        }
        bool expected = false;
        for (const auto& [s, out] : succ) {
            if (!a.accepting[s.second]) continue;
            // s reaches itself?
            std::vector<PState> stack(out.begin(), out.end());
            std::map<PState, bool> seen;
            while (!stack.empty() && !expected) {
                const PState x = stack.back();
                stack.pop_back();
                if (x == s) expected = true;
                if (seen[x]) continue;
                seen[x] = true;
                for (const PState& y : succ[x]) stack.push_back(y);
            }
        }
        INFO("round " << round << " property " << property);
        CHECK((o.end == ProductEnd::Cycle) == expected);
        (expected ? violated : held)++;
    }
    CHECK(violated > 30);
    CHECK(held > 30);
}
