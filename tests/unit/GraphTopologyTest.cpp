// GraphTopology: MPI_Graph_create's checks and neighbour lists (MPI 3.1 §7.5.3, on the example
// graph of §7.5.4) and the distributed graph of edges given by any process (§7.5.4), weights
// following the edges, the order of the edges kept.
#include "simulated-mpi/src/GraphTopology.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <vector>

using namespace rankfold::mpi;

using Ints = std::vector<int>;

TEST_CASE("graph_create: the standard's example graph and its neighbours", "[graph]") {
    // MPI 3.1 §7.5.3: nodes 0..3, index {2, 3, 4, 6}, edges {1, 3, 0, 3, 0, 2}.
    const Ints index{2, 3, 4, 6}, edges{1, 3, 0, 3, 0, 2};
    const auto g = make_graph(4, index, edges);
    REQUIRE(g);
    CHECK(g->kind == MPI_GRAPH);
    CHECK(g->nnodes() == 4);
    const auto n0 = g->neighbours(0), n3 = g->neighbours(3);
    CHECK(Ints(n0.begin(), n0.end()) == Ints{1, 3});
    CHECK(Ints(n3.begin(), n3.end()) == Ints{0, 2});
    CHECK(g->neighbours(1).size() == 1);
    CHECK(make_graph(4, {}, {})->nnodes() == 0); // legal: everyone gets MPI_COMM_NULL
}

TEST_CASE("graph_create rejects what MPI rejects with MPI_ERR_ARG", "[graph]") {
    CHECK(make_graph(2, Ints{1, 2, 3}, Ints{0, 1, 2}).code() == MPI_ERR_ARG); // 3 nodes > 2
    CHECK(make_graph(4, Ints{2, 1}, Ints{1, 0}).code() == MPI_ERR_ARG);       // index falls
    CHECK(make_graph(4, Ints{1, 2}, Ints{1, 2}).code() == MPI_ERR_ARG);       // edge 2 of 2
    CHECK(make_graph(4, Ints{1, 3}, Ints{1, 0}).code() == MPI_ERR_ARG);       // 3 edges named
}

TEST_CASE("dist graph: each edge is an out-edge of its source, an in-edge of its target",
          "[graph]") {
    const std::vector<DistEdge> edges{{0, 1, 5}, {2, 1, 7}, {1, 0, 9}, {0, 2, 3}};
    const auto g = make_dist_graph(3, edges, true);
    REQUIRE(g);
    CHECK(g->kind == MPI_DIST_GRAPH);
    CHECK(g->adjacency[0].destinations == Ints{1, 2});
    CHECK(g->adjacency[0].destination_weights == Ints{5, 3});
    CHECK(g->adjacency[1].sources == Ints{0, 2});
    CHECK(g->adjacency[1].source_weights == Ints{5, 7});
    CHECK(g->adjacency[2].sources == Ints{0});
    const auto unweighted = make_dist_graph(3, edges, false);
    CHECK(unweighted->adjacency[1].source_weights.empty());
    CHECK(make_dist_graph(3, std::vector<DistEdge>{{0, 3, 1}}, true).code() == MPI_ERR_ARG);
}
