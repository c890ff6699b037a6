#include "properties/ltl/BuchiAutomaton.hpp"

#include <algorithm>
#include <deque>

namespace rankfold::properties::ltl {

std::size_t BuchiAutomaton::add_state(bool is_accepting) {
    edges.emplace_back();
    accepting.push_back(is_accepting);
    return edges.size() - 1;
}

std::size_t BuchiAutomaton::proposition(const std::string& name) {
    const auto it = std::find(propositions.begin(), propositions.end(), name);
    if (it != propositions.end()) return static_cast<std::size_t>(it - propositions.begin());
    if (propositions.size() == kMaxPropositions) return kMaxPropositions;
    propositions.push_back(name);
    return propositions.size() - 1;
}

std::uint64_t BuchiAutomaton::valuation(const std::vector<std::string>& true_names) const {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < propositions.size(); ++i)
        if (std::find(true_names.begin(), true_names.end(), propositions[i]) != true_names.end())
            v |= std::uint64_t{1} << i;
    return v;
}

std::string BuchiAutomaton::to_string() const {
    std::string out;
    for (std::size_t s = 0; s < state_count(); ++s) {
        const bool init = std::find(initial.begin(), initial.end(), s) != initial.end();
        out += "state " + std::to_string(s) + (accepting[s] ? " accepting" : "") +
               (init ? " initial" : "") + "\n";
        for (const auto& e : edges[s]) {
            std::string guard;
            for (std::size_t i = 0; i < propositions.size(); ++i) {
                const auto bit = std::uint64_t{1} << i;
                if (e.guard.pos & bit) guard += (guard.empty() ? "" : " && ") + propositions[i];
                if (e.guard.neg & bit) guard += (guard.empty() ? "!" : " && !") + propositions[i];
            }
            out += "  (" + (guard.empty() ? std::string("true") : guard) + ") -> " +
                   std::to_string(e.target) + "\n";
        }
    }
    return out;
}

bool accepts_lasso(const BuchiAutomaton& a, const std::vector<std::uint64_t>& prefix,
                   const std::vector<std::uint64_t>& cycle) {
    if (cycle.empty()) return false;
    const std::size_t positions = prefix.size() + cycle.size();
    auto letter = [&](std::size_t i) {
        return i < prefix.size() ? prefix[i] : cycle[i - prefix.size()];
    };
    auto next_pos = [&](std::size_t i) { return i + 1 < positions ? i + 1 : prefix.size(); };
    // Product state (q, i): in automaton state q, about to read position i.
    auto id = [&](std::size_t q, std::size_t i) { return q * positions + i; };
    auto successors = [&](std::size_t node, auto&& visit) {
        const std::size_t q = node / positions, i = node % positions;
        for (const auto& e : a.edges[q])
            if (e.guard.holds(letter(i))) visit(id(e.target, next_pos(i)));
    };
    const std::size_t n = a.state_count() * positions;
    auto reach = [&](const std::vector<std::size_t>& from, std::vector<bool>& seen) {
        std::deque<std::size_t> work(from.begin(), from.end());
        while (!work.empty()) {
            const std::size_t node = work.front();
            work.pop_front();
            successors(node, [&](std::size_t s) {
                if (!seen[s]) seen[s] = true, work.push_back(s);
            });
        }
    };
    std::vector<bool> reachable(n, false);
    std::vector<std::size_t> starts;
    for (const std::size_t q : a.initial) starts.push_back(id(q, 0)), reachable[id(q, 0)] = true;
    reach(starts, reachable);
    // Small products (tests, counterexample checks): one search per accepting state is enough.
    for (std::size_t node = 0; node < n; ++node) {
        if (!reachable[node] || !a.accepting[node / positions]) continue;
        std::vector<bool> back(n, false); // nodes reachable in one step or more
        reach({node}, back);
        if (back[node]) return true;
    }
    return false;
}

} // namespace rankfold::properties::ltl
