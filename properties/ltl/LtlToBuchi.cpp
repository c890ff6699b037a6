#include "properties/ltl/LtlToBuchi.hpp"

#include <map>
#include <set>
#include <utility>
#include <vector>

namespace rankfold::properties::ltl {

namespace {

using FormulaSet = std::set<LtlFormula>;

// A tableau node under construction. `incoming` holds node ids; kInit is the virtual initial node.
struct Pending {
    std::set<std::size_t> incoming;
    FormulaSet todo, old, next;
};

struct Node {
    std::set<std::size_t> incoming;
    FormulaSet old, next;
};

constexpr std::size_t kInit = static_cast<std::size_t>(-1);

bool contradicts(const LtlFormula& lit, const FormulaSet& old) {
    if (lit.op() == LtlOp::False) return true;
    if (lit.op() == LtlOp::Prop) return old.contains(LtlFormula::unary(LtlOp::Not, lit));
    if (lit.op() == LtlOp::Not) return old.contains(lit.left());
    return false; // true
}

class Tableau {
public:
    explicit Tableau(std::size_t max_nodes) : max_nodes_(max_nodes) {}

    // Expands from the formula; false when the node limit was hit.
    bool build(const LtlFormula& f) {
        work_.push_back(Pending{{kInit}, {f}, {}, {}});
        while (!work_.empty()) {
            Pending p = std::move(work_.back());
            work_.pop_back();
            if (!expand(std::move(p))) return false;
        }
        return true;
    }
    const std::vector<Node>& nodes() const { return nodes_; }

private:
    bool expand(Pending p) {
        while (!p.todo.empty()) {
            const LtlFormula f = *p.todo.begin();
            p.todo.erase(p.todo.begin());
            if (p.old.contains(f)) continue;
            if (f.is_literal()) {
                if (contradicts(f, p.old)) return true; // the node is discarded
                p.old.insert(f);
                continue;
            }
            switch (f.op()) {
            case LtlOp::And:
                add_todo(p, f.left()), add_todo(p, f.right());
                p.old.insert(f);
                continue;
            case LtlOp::Next:
                p.old.insert(f), p.next.insert(f.left());
                continue;
            default:
                break; // Or, Until, Release: split in two
            }
            Pending second = p;
            p.old.insert(f), second.old.insert(f);
            if (f.op() == LtlOp::Or) {
                add_todo(p, f.left()), add_todo(second, f.right());
            } else if (f.op() == LtlOp::Until) { // a U b: b now, or a now and a U b next
                add_todo(p, f.left()), p.next.insert(f);
                add_todo(second, f.right());
            } else { // a R b: b now and a R b next, or a and b now
                add_todo(p, f.right()), p.next.insert(f);
                add_todo(second, f.left()), add_todo(second, f.right());
            }
            work_.push_back(std::move(second));
        }
        // Fully expanded: merge with an equal node, or record it and expand its successor.
        const auto key = std::make_pair(p.old, p.next);
        if (const auto it = index_.find(key); it != index_.end()) {
            nodes_[it->second].incoming.insert(p.incoming.begin(), p.incoming.end());
            return true;
        }
        if (nodes_.size() >= max_nodes_) return false;
        const std::size_t id = nodes_.size();
        index_.emplace(key, id);
        work_.push_back(Pending{{id}, p.next, {}, {}});
        nodes_.push_back(Node{std::move(p.incoming), std::move(p.old), std::move(p.next)});
        return true;
    }

    static void add_todo(Pending& p, const LtlFormula& f) {
        if (!p.old.contains(f)) p.todo.insert(f);
    }

    std::size_t max_nodes_;
    std::vector<Pending> work_;
    std::vector<Node> nodes_;
    std::map<std::pair<FormulaSet, FormulaSet>, std::size_t> index_;
};

void collect_untils(const LtlFormula& f, FormulaSet& out) {
    if (f.op() == LtlOp::Until) out.insert(f);
    if (f.op() == LtlOp::True || f.op() == LtlOp::False || f.op() == LtlOp::Prop) return;
    collect_untils(f.left(), out);
    if (f.op() == LtlOp::And || f.op() == LtlOp::Or || f.op() == LtlOp::Until ||
        f.op() == LtlOp::Release)
        collect_untils(f.right(), out);
}

} // namespace

std::optional<BuchiAutomaton> ltl_to_buchi(const LtlFormula& formula, std::string& error,
                                           std::size_t max_nodes) {
    const LtlFormula f = to_nnf(formula);
    BuchiAutomaton a;
    Tableau t(max_nodes);
    if (!t.build(f)) {
        error = "the formula's tableau has more than " + std::to_string(max_nodes) + " nodes";
        return std::nullopt;
    }
    const auto& nodes = t.nodes();

    // Each node's guard: the conjunction of the literals in Old.
    std::vector<Cube> guard(nodes.size());
    for (std::size_t n = 0; n < nodes.size(); ++n)
        for (const auto& g : nodes[n].old) {
            if (g.op() != LtlOp::Prop && !(g.op() == LtlOp::Not && g.left().op() == LtlOp::Prop))
                continue;
            const bool positive = g.op() == LtlOp::Prop;
            const std::size_t i = a.proposition(positive ? g.name() : g.left().name());
            if (i == BuchiAutomaton::kMaxPropositions) {
                error = "the formula has more than 64 propositions";
                return std::nullopt;
            }
            (positive ? guard[n].pos : guard[n].neg) |= std::uint64_t{1} << i;
        }

    // Acceptance set j (for the j-th a U b): nodes where a U b is not promised or b holds.
    FormulaSet untils_set;
    collect_untils(f, untils_set);
    const std::vector<LtlFormula> untils(untils_set.begin(), untils_set.end());
    const std::size_t k = untils.size();
    auto in_set = [&](std::size_t n, std::size_t j) {
        return !nodes[n].old.contains(untils[j]) || nodes[n].old.contains(untils[j].right());
    };

    std::vector<std::vector<std::size_t>> successors(nodes.size());
    std::vector<std::size_t> initial_nodes;
    for (std::size_t n = 0; n < nodes.size(); ++n)
        for (const std::size_t from : nodes[n].incoming)
            (from == kInit ? initial_nodes : successors[from]).push_back(n);

    // Degeneralise: state (node, counter); the counter moves on when the node it leaves is in
    // the set it waits for; accepting = counter 0 in a node of set 0 (every state when k == 0).
    std::map<std::pair<std::size_t, std::size_t>, std::size_t> state_of;
    std::vector<std::pair<std::size_t, std::size_t>> work;
    auto state = [&](std::size_t n, std::size_t c) {
        const auto [it, fresh] = state_of.emplace(std::make_pair(n, c), 0);
        if (fresh) {
            it->second = a.add_state(k == 0 || (c == 0 && in_set(n, 0)));
            work.emplace_back(n, c);
        }
        return it->second;
    };
    const std::size_t init = a.add_state(false);
    a.initial.push_back(init);
    for (const std::size_t n : initial_nodes) {
        const std::size_t to = state(n, 0); // before indexing edges: it may grow
        a.edges[init].push_back({guard[n], to});
    }
    while (!work.empty()) {
        const auto [n, c] = work.back();
        work.pop_back();
        const std::size_t from = state_of.at({n, c});
        const std::size_t next_c = (k == 0 || !in_set(n, c)) ? c : (c + 1) % k;
        for (const std::size_t m : successors[n]) {
            const std::size_t to = state(m, next_c);
            a.edges[from].push_back({guard[m], to});
        }
    }
    error.clear();
    return a;
}

} // namespace rankfold::properties::ltl
