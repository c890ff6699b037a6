// The product of the program with the Büchi automaton, as the liveness search stores it: every
// node reached and every edge between them, with what the fairness conditions need to know.
// Kept whole (not only the DFS stack) because a fair cycle is found per strongly connected
// component, and the lasso is then built by walking the stored edges.
#pragma once

#include "mc/search/Transition.hpp"

#include <cstdint>
#include <vector>

namespace rankfold::mc {

using NodeId = std::uint32_t;

// Bits of ProductEdge::marks: bit 0 the automaton's acceptance, bit 1 + r "rank r moved or
// could not move" (weak fairness of rank r).
inline constexpr int kAcceptingMark = 0;
inline constexpr int kMaxFairRanks = 63;
constexpr std::uint64_t rank_mark(int rank) {
    return std::uint64_t{1} << (1 + rank);
}

struct ProductEdge {
    NodeId target = 0;
    // The program transition (ProductGraph::transitions index), or kStutter: the program has
    // ended and stays where it is while the automaton reads its last letter again.
    std::uint32_t transition = 0;
    static constexpr std::uint32_t kStutter = ~std::uint32_t{0};
    std::uint64_t marks = 0;
    std::int32_t taken_pair = -1; // the strong-fairness pair this edge takes, or -1
};

struct ProductNode {
    std::vector<ProductEdge> edges;
    std::vector<std::int32_t> enabled_pairs; // strong-fairness pairs enabled here, sorted
    std::uint32_t automaton_state = 0;
};

struct ProductGraph {
    std::vector<ProductNode> nodes;
    std::vector<Transition> transitions; // distinct transitions, referenced by the edges
    std::vector<NodeId> initial;
};

} // namespace rankfold::mc
