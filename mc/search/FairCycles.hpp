// Fair accepting cycles in a stored product graph (ProductGraph.hpp): a cycle whose edges carry
// every required mark (the automaton's acceptance and, under weak fairness, each rank's mark —
// a generalised Büchi condition), and which takes every strong-fairness pair it enables (a
// Streett condition: "enabled infinitely often implies taken infinitely often").
//
// The check is the classic one for Streett emptiness (Emerson and Lei 1987; Latvala and Heljanko
// 2000 for its use in model checking): in a strongly connected component that carries every
// mark, a pair enabled somewhere in it but taken nowhere cannot be satisfied by any cycle through
// the nodes that enable it, so those nodes are removed and what remains is decomposed again.
#pragma once

#include "mc/search/ProductGraph.hpp"

#include <optional>
#include <utility>
#include <vector>

namespace rankfold::mc {

struct FairnessCondition {
    std::uint64_t required_marks = 1; // bit kAcceptingMark, plus rank marks under weak fairness
    bool streett = false;             // strong fairness: honour the pairs
};

// The strongly connected components of the subgraph induced by `members` (node ids), found
// from every member; each component lists its nodes. Iterative (no recursion depth limit).
std::vector<std::vector<NodeId>> strongly_connected(const ProductGraph& g,
                                                    const std::vector<NodeId>& members);

// Within `component` (a strongly connected set of nodes), a non-empty set of nodes that holds
// a fair accepting cycle — strongly connected itself — or nullopt.
std::optional<std::vector<NodeId>> fair_component(const ProductGraph& g,
                                                  const std::vector<NodeId>& component,
                                                  const FairnessCondition& fairness);

// A step of a lasso: the edge `edge` of node `from`.
struct LassoStep {
    NodeId from = 0;
    std::uint32_t edge = 0;
};

// A cycle inside `component` (as returned by fair_component) from `start` back to `start`, that
// carries every required mark and takes every pair enabled in the component.
std::vector<LassoStep> fair_cycle(const ProductGraph& g, const std::vector<NodeId>& component,
                                  NodeId start, const FairnessCondition& fairness);

// The node of `targets` nearest to an initial node, and the shortest path to it (breadth first
// over the whole graph). `targets` must be reachable.
std::pair<NodeId, std::vector<LassoStep>> path_to_nearest(const ProductGraph& g,
                                                          const std::vector<NodeId>& targets);

} // namespace rankfold::mc
