#include "mc/search/ProductSearch.hpp"

#include <algorithm>
#include <limits>

namespace rankfold::mc {

using properties::ltl::AutomatonMove;

namespace {
constexpr std::uint32_t kUnseen = std::numeric_limits<std::uint32_t>::max();
}

ProductSearch::ProductSearch(SearchSpace& space, LetterSource& letters,
                             const properties::ltl::BuchiAutomaton& automaton, Fairness fairness,
                             int ranks)
    : space_(space), letters_(letters), automaton_(automaton), ranks_(ranks) {
    condition_.required_marks = std::uint64_t{1} << kAcceptingMark;
    if (fairness != Fairness::None)
        for (int r = 0; r < ranks && r < kMaxFairRanks; ++r)
            condition_.required_marks |= rank_mark(r);
    condition_.streett = fairness == Fairness::Strong;
}

NodeId ProductSearch::node_for(const Key& key, bool& is_new) {
    const auto [it, inserted] = nodes_.try_emplace(key, static_cast<NodeId>(graph_.nodes.size()));
    is_new = inserted;
    if (inserted) {
        graph_.nodes.emplace_back().automaton_state = key.automaton;
        index_.push_back(kUnseen);
        low_.push_back(0);
        on_stack_.push_back(false);
        ++stats_.product_states;
    }
    return it->second;
}

std::int32_t ProductSearch::pair_of(const Transition& t) {
    int outcome = t.outcome;
    switch (t.kind) {
    case TransitionKind::WildcardMatch:
    case TransitionKind::ProbeReport:
    case TransitionKind::CompletionPick:
    case TransitionKind::LockGrant:
    case TransitionKind::RemoteLanding:
    case TransitionKind::CancelOutcome:
        break;
    case TransitionKind::TestOutcome:
        if (t.outcome == 0) return -1; // "not yet" is never owed to anybody
        outcome = 1;                   // any way of "done"
        break;
    case TransitionKind::SendBuffering:
    case TransitionKind::LandingDeferred:
        return -1;
    }
    const auto key = std::make_tuple(static_cast<int>(t.kind), t.rank, outcome);
    const auto [it, inserted] = pairs_.try_emplace(key, static_cast<std::int32_t>(pairs_.size()));
    return it->second;
}

bool ProductSearch::arrive(NodeId node, const snapshot::Fingerprint& self, std::uint64_t letter,
                           bool via_transition) {
    index_[node] = low_[node] = counter_++;
    on_stack_[node] = true;
    tarjan_stack_.push_back(node);
    stats_.max_depth = std::max<std::uint64_t>(stats_.max_depth, stack_.size());
    if (space_.violated()) {
        safety_ = true;
        (*on_violation_)(path_);
        return false;
    }
    if (*within_limits_ && !(*within_limits_)(stats_)) {
        limit_hit_ = true;
        return false;
    }
    Frame f;
    f.node = node;
    f.self = self;
    f.letter = letter;
    f.via_transition = via_transition;
    space_.enabled(f.todo);
    std::uint64_t moving = 0;
    std::vector<std::int32_t>& pairs = graph_.nodes[node].enabled_pairs;
    for (const Transition& t : f.todo) {
        if (t.rank < kMaxFairRanks) moving |= rank_mark(t.rank);
        if (const std::int32_t p = pair_of(t); p >= 0) pairs.push_back(p);
    }
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    for (int r = 0; r < ranks_ && r < kMaxFairRanks; ++r) f.idle |= rank_mark(r);
    f.idle &= ~moving;
    f.saved = space_.save();
    stack_.push_back(std::move(f));
    return true;
}

void ProductSearch::return_to(Frame& f) {
    if (f.at_self) return;
    space_.restore(f.saved);
    letters_.reset(f.letter);
    f.at_self = true;
    f.at_child = false;
}

void ProductSearch::take_next_transition(Frame& f) {
    const std::size_t q = graph_.nodes[f.node].automaton_state;
    if (f.todo.empty()) { // the program has ended: it stays in its state, the automaton moves
        f.next = 1;
        f.child = f.self;
        f.child_letters.assign(1, f.letter);
        f.at_child = f.at_self;
    } else {
        const Transition& t = f.todo[f.next++];
        return_to(f);
        space_.execute(t);
        ++stats_.transitions;
        letters_.take_letters(f.child_letters);
        f.child = space_.fingerprint();
        f.at_self = false;
        f.at_child = true;
    }
    properties::ltl::read_letters(automaton_, q, f.child_letters, f.moves);
    f.next_move = 0;
}

void ProductSearch::add_edge(Frame& f, NodeId target, const AutomatonMove& m) {
    ProductEdge e;
    e.target = target;
    e.marks = f.idle | (m.accepting ? std::uint64_t{1} << kAcceptingMark : 0);
    if (f.todo.empty()) {
        e.transition = ProductEdge::kStutter;
    } else {
        const Transition& t = f.todo[f.next - 1];
        if (t.rank < kMaxFairRanks) e.marks |= rank_mark(t.rank);
        e.taken_pair = pair_of(t);
        const auto key = std::make_tuple(static_cast<int>(t.kind), t.rank, t.object, t.outcome);
        const auto [it, inserted] =
            transition_ids_.try_emplace(key, static_cast<std::uint32_t>(graph_.transitions.size()));
        if (inserted) {
            // The ids of a wildcard match belong to the state it was listed in; the lasso's
            // replay finds them again among the choices of its own states.
            Transition plain = t;
            plain.receive_id = plain.message_id = 0;
            graph_.transitions.push_back(plain);
        }
        e.transition = it->second;
    }
    graph_.nodes[f.node].edges.push_back(e);
    ++stats_.product_edges;
}

bool ProductSearch::advance() {
    Frame& f = stack_.back();
    if (f.next_move == f.moves.size()) {
        const std::size_t count = f.todo.empty() ? 1 : f.todo.size();
        if (f.next == count) return finish_node();
        take_next_transition(f);
        return true;
    }
    const AutomatonMove m = f.moves[f.next_move++];
    bool is_new = false;
    const NodeId w = node_for({f.child, static_cast<std::uint32_t>(m.target)}, is_new);
    add_edge(f, w, m);
    if (!is_new) {
        if (on_stack_[w]) low_[f.node] = std::min(low_[f.node], index_[w]);
        return true;
    }
    if (!f.at_child) { // an earlier move of this transition went deeper: take it again
        return_to(f);
        if (!f.todo.empty()) {
            space_.execute(f.todo[f.next - 1]);
            ++stats_.transitions;
            letters_.take_letters(scratch_letters_);
            f.at_self = false;
        }
    }
    f.at_self = f.at_self && f.todo.empty();
    f.at_child = false;
    const bool via = !f.todo.empty();
    if (via) path_.push_back(f.todo[f.next - 1]);
    const snapshot::Fingerprint child = f.child;
    const std::uint64_t letter = f.child_letters.back();
    // The stutter child is this very state: the frame stays usable, the child saves its own.
    return arrive(w, child, letter, via);
}

bool ProductSearch::finish_node() {
    Frame f = std::move(stack_.back());
    stack_.pop_back();
    space_.discard(f.saved);
    if (f.via_transition) path_.pop_back();
    if (!stack_.empty()) {
        Frame& parent = stack_.back();
        low_[parent.node] = std::min(low_[parent.node], low_[f.node]);
        parent.at_self = false;
        parent.at_child = false;
    }
    if (low_[f.node] != index_[f.node]) return true;
    std::vector<NodeId> component;
    NodeId w = 0;
    do {
        w = tarjan_stack_.back();
        tarjan_stack_.pop_back();
        on_stack_[w] = false;
        component.push_back(w);
    } while (w != f.node);
    const bool self_loop =
        std::any_of(graph_.nodes[f.node].edges.begin(), graph_.nodes[f.node].edges.end(),
                    [&](const ProductEdge& e) { return e.target == f.node; });
    if (component.size() == 1 && !self_loop) return true;
    ++stats_.components;
    if (auto fair = fair_component(graph_, component, condition_)) {
        build_lasso(*fair);
        return false;
    }
    return true;
}

void ProductSearch::build_lasso(const std::vector<NodeId>& component) {
    const auto [start, prefix] = path_to_nearest(graph_, component);
    const std::vector<LassoStep> cycle = fair_cycle(graph_, component, start, condition_);
    Lasso lasso;
    const auto append = [&](const std::vector<LassoStep>& steps, std::vector<Transition>& out) {
        for (const LassoStep& s : steps) {
            const ProductEdge& e = graph_.nodes[s.from].edges[s.edge];
            if (e.transition != ProductEdge::kStutter)
                out.push_back(graph_.transitions[e.transition]);
        }
    };
    append(prefix, lasso.prefix);
    append(cycle, lasso.cycle);
    lasso.prefix_nodes = prefix.size();
    lasso.cycle_nodes = cycle.size();
    lasso_ = std::move(lasso);
}

ProductEnd ProductSearch::run(const ViolationHandler& on_violation,
                              const LimitCheck& within_limits) {
    on_violation_ = &on_violation;
    within_limits_ = &within_limits;
    std::vector<std::uint64_t> first;
    letters_.take_letters(first);
    std::vector<AutomatonMove> initial;
    properties::ltl::read_from_initial(automaton_, first, initial);
    const snapshot::Fingerprint program = space_.fingerprint();
    const SearchSpace::Saved origin = space_.save();
    bool stop = false;
    for (std::size_t i = 0; i < initial.size() && !stop; ++i) {
        bool is_new = false;
        const NodeId n = node_for({program, static_cast<std::uint32_t>(initial[i].target)}, is_new);
        graph_.initial.push_back(n);
        if (!is_new) continue;
        if (i > 0) {
            space_.restore(origin);
            letters_.reset(first.back());
        }
        stop = !arrive(n, program, first.back(), false);
        while (!stop && !stack_.empty()) stop = !advance();
    }
    for (Frame& f : stack_) space_.discard(f.saved);
    stack_.clear();
    space_.discard(origin);
    if (safety_) return ProductEnd::SafetyViolation;
    if (lasso_) return ProductEnd::Cycle;
    return limit_hit_ ? ProductEnd::Limit : ProductEnd::NoCycle;
}

} // namespace rankfold::mc
