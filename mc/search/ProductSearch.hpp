// The liveness search (EXPLORATION.md §5): a depth-first search of the product of the program
// (a SearchSpace) with the Büchi automaton of the negated property, which finds strongly
// connected components on the fly (Tarjan) and checks each one, as it completes, for a fair
// accepting cycle (FairCycles.hpp). The first one found becomes a lasso: the shortest path from
// the initial state into the component, then a cycle inside it that meets the acceptance and
// fairness conditions.
//
// No reduction: every enabled transition of every state is taken (sleep sets are not sound for
// cycles of the product; a proviso is future work). A program state whose ranks have all ended
// is extended by stuttering — it repeats forever — as Spin does, so that a finite execution can
// violate the property too. A violation of a safety property met on the way (a deadlock, a crash)
// ends the search like in the safety search.
//
// Product nodes are told apart by (program state fingerprint, automaton state). The replay of a
// lasso confirms with full state equality that its cycle returns to the state it left.
#pragma once

#include "mc/search/FairCycles.hpp"
#include "mc/search/LetterSource.hpp"
#include "mc/search/ProductGraph.hpp"
#include "mc/search/SearchSpace.hpp"
#include "properties/ltl/AutomatonRun.hpp"
#include "properties/ltl/BuchiAutomaton.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace rankfold::mc {

enum class Fairness : std::uint8_t { None, Weak, Strong };

struct ProductStats {
    std::uint64_t product_states = 0; // nodes of the product
    std::uint64_t product_edges = 0;
    std::uint64_t transitions = 0; // program transitions executed (re-executions included)
    std::uint64_t components = 0;  // non-trivial strongly connected components checked
    std::uint64_t max_depth = 0;
};

struct Lasso {
    std::vector<Transition> prefix; // program transitions from the initial state
    std::vector<Transition> cycle;  // then these, forever (empty: the final state repeats)
    std::size_t prefix_nodes = 0, cycle_nodes = 0; // product steps, stutters included
};

enum class ProductEnd { NoCycle, Cycle, SafetyViolation, Limit };

class ProductSearch {
public:
    using LimitCheck = std::function<bool(const ProductStats&)>;
    // Called at a safety violation with the path to it.
    using ViolationHandler = std::function<void(const std::vector<Transition>&)>;

    ProductSearch(SearchSpace& space, LetterSource& letters,
                  const properties::ltl::BuchiAutomaton& automaton, Fairness fairness, int ranks);

    ProductEnd run(const ViolationHandler& on_violation, const LimitCheck& within_limits = {});
    const ProductStats& stats() const { return stats_; }
    // After ProductEnd::Cycle.
    const std::optional<Lasso>& lasso() const { return lasso_; }
    const ProductGraph& graph() const { return graph_; }

private:
    struct Frame {
        NodeId node = 0;
        SearchSpace::Saved saved = 0;
        std::vector<Transition> todo;                      // empty: the program has ended (stutter)
        std::size_t next = 0;                              // next transition of todo to take
        std::vector<properties::ltl::AutomatonMove> moves; // of the transition being taken
        std::size_t next_move = 0;
        snapshot::Fingerprint child; // program state after the transition being taken
        std::vector<std::uint64_t> child_letters;
        bool at_self = true;         // the program is in this node's state now
        bool at_child = false;       // the program is in `child` now
        bool via_transition = false; // reached by a program transition (on path_), not a stutter
        snapshot::Fingerprint self;
        std::uint64_t letter = 0; // the valuation of this node's program state
        std::uint64_t idle = 0;   // rank marks of the ranks without a choice here
    };
    struct Key {
        snapshot::Fingerprint program;
        std::uint32_t automaton;
        bool operator==(const Key&) const = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const noexcept {
            return static_cast<std::size_t>(k.program.low ^ (k.automaton * 0x9e3779b97f4a7c15ULL));
        }
    };

    // A new product node for the current program state; false when the search must stop.
    bool arrive(NodeId node, const snapshot::Fingerprint& self, std::uint64_t letter,
                bool via_transition);
    NodeId node_for(const Key& key, bool& is_new);
    // Takes the next move of the top frame; returns false when the search must stop.
    bool advance();
    void take_next_transition(Frame& f);
    void return_to(Frame& f); // puts the program back in f's state
    bool finish_node(); // the top frame is done (Tarjan's root test); false when a cycle is found
    void add_edge(Frame& f, NodeId target, const properties::ltl::AutomatonMove& m);
    std::int32_t pair_of(const Transition& t);
    void build_lasso(const std::vector<NodeId>& component);

    SearchSpace& space_;
    LetterSource& letters_;
    const properties::ltl::BuchiAutomaton& automaton_;
    FairnessCondition condition_;
    int ranks_;
    ProductStats stats_;
    ProductGraph graph_;
    std::unordered_map<Key, NodeId, KeyHash> nodes_;
    std::map<std::tuple<int, int, int>, std::int32_t> pairs_; // (kind, rank, outcome) -> id
    // Transition identity (kind, rank, object, outcome) -> index in graph_.transitions.
    std::map<std::tuple<int, int, int, int>, std::uint32_t> transition_ids_;
    // Tarjan's bookkeeping, by node.
    std::vector<std::uint32_t> index_, low_;
    std::vector<bool> on_stack_;
    std::vector<NodeId> tarjan_stack_;
    std::uint32_t counter_ = 0;
    std::vector<Frame> stack_;
    std::vector<Transition> path_; // program transitions to the top frame
    std::vector<std::uint64_t> scratch_letters_;
    std::vector<Transition> enabled_;
    const ViolationHandler* on_violation_ = nullptr;
    const LimitCheck* within_limits_ = nullptr;
    std::optional<Lasso> lasso_;
    bool limit_hit_ = false, safety_ = false;
};

} // namespace rankfold::mc
