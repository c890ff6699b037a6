// CartTopology: Cart_create's checks, Cart_rank, Cart_coords, Cart_shift and Cart_sub on pinned
// values (those marked MPICH were printed by MPICH 4.0.2 with 12 processes for the grids 3p x 4,
// 2 x 3p x 2p and 5p, "p" marking a periodic dimension), every error class, then every grid of
// up to 3 dimensions of extent up to 4 against the coordinate definitions of MPI 3.1 §7.5.
#include "simulated-mpi/src/CartTopology.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <climits>
#include <set>
#include <vector>

using namespace rankfold::mpi;
using Catch::Matchers::Contains;

namespace {

constexpr int N = MPI_PROC_NULL;

template <class T> T ok(const MpiResult<T>& r) {
    INFO((r.ok() ? std::string() : r.error().message));
    REQUIRE(r.ok());
    return r.value();
}

CartTopology grid(const std::vector<int>& dims, const std::vector<int>& periods) {
    return ok(CartTopology::create(1 << 20, static_cast<int>(dims.size()), dims, periods, false));
}

struct ShiftCase {
    int rank, direction, disp, source, dest;
};

} // namespace

TEST_CASE("a topology's size is the product of its dims, 1 with no dims", "[cart]") {
    CHECK(grid({3, 4}, {1, 0}).size() == 12);
    CHECK(grid({2, 3, 2}, {0, 1, 1}).size() == 12);
    CHECK(grid({5}, {1}).size() == 5);
    CHECK(grid({}, {}).size() == 1);
    CHECK(grid({}, {}).ndims() == 0);
    CHECK(grid({1, 1, 1}, {0, 0, 0}).size() == 1);
}

TEST_CASE("coords_of is row-major: the last dimension varies fastest", "[cart]") {
    const CartTopology t = grid({3, 4}, {1, 0});
    CHECK(ok(t.coords_of(0)) == std::vector<int>{0, 0});  // MPICH
    CHECK(ok(t.coords_of(1)) == std::vector<int>{0, 1});  // MPICH
    CHECK(ok(t.coords_of(5)) == std::vector<int>{1, 1});  // MPICH
    CHECK(ok(t.coords_of(11)) == std::vector<int>{2, 3}); // MPICH
    const CartTopology u = grid({2, 3, 2}, {0, 1, 1});
    CHECK(ok(u.coords_of(3)) == std::vector<int>{0, 1, 1});  // MPICH
    CHECK(ok(u.coords_of(10)) == std::vector<int>{1, 2, 0}); // MPICH
    CHECK(ok(grid({}, {}).coords_of(0)).empty());
}

TEST_CASE("coords_of rejects a rank outside the grid with MPI_ERR_RANK", "[cart]") {
    const CartTopology t = grid({2, 2}, {0, 1});
    CHECK(t.coords_of(4).code() == MPI_ERR_RANK);  // MPICH
    CHECK(t.coords_of(-1).code() == MPI_ERR_RANK); // MPICH
    CHECK(grid({}, {}).coords_of(1).code() == MPI_ERR_RANK);
    CHECK_THAT(t.coords_of(4).error().message, Contains("rank 4"));
}

TEST_CASE("rank_of wraps periodic coordinates", "[cart]") {
    const CartTopology t = grid({2, 2}, {0, 1});
    CHECK(ok(t.rank_of({1, -3})) == 3); // MPICH
    CHECK(ok(t.rank_of({1, 5})) == 3);  // MPICH
    CHECK(ok(t.rank_of({0, -1})) == 1);
    CHECK(ok(t.rank_of({0, -2})) == 0);
    const CartTopology u = grid({3, 4}, {1, 0});
    CHECK(ok(u.rank_of({1, 1})) == 5);
    CHECK(ok(u.rank_of({-1, 0})) == 8);
    CHECK(ok(u.rank_of({5, 3})) == 11);
    CHECK(ok(u.rank_of({-4, 2})) == 10);
    CHECK(ok(u.rank_of({INT_MIN, 0})) == 4); // INT_MIN = -715827883 * 3 + 1
    CHECK(ok(u.rank_of({INT_MAX, 0})) == 4); // INT_MAX = 715827882 * 3 + 1
    CHECK(ok(grid({}, {}).rank_of({})) == 0);
}

TEST_CASE("rank_of rejects a coordinate off a non-periodic dimension with MPI_ERR_ARG", "[cart]") {
    const CartTopology t = grid({2, 2}, {0, 1});
    CHECK(t.rank_of({2, 0}).code() == MPI_ERR_ARG);  // MPICH
    CHECK(t.rank_of({-1, 0}).code() == MPI_ERR_ARG); // MPICH
    CHECK(t.rank_of({0}).code() == MPI_ERR_INTERN);
    CHECK_THAT(t.rank_of({2, 0}).error().message, Contains("coords[0] is 2"));
}

TEST_CASE("shift matches MPICH, wrapping periodic dimensions by any displacement", "[cart]") {
    const CartTopology a = grid({3, 4}, {1, 0});
    const CartTopology b = grid({2, 3, 2}, {0, 1, 1});
    const CartTopology c = grid({5}, {1});
    auto check = [](const CartTopology& t, const std::vector<ShiftCase>& cases) {
        for (const ShiftCase& s : cases) {
            INFO("rank " << s.rank << " direction " << s.direction << " disp " << s.disp);
            CHECK(ok(t.shift(s.rank, s.direction, s.disp)) == CartShift{s.source, s.dest});
        }
    };
    // All MPICH.
    check(a, {{0, 0, 1, 8, 4},
              {0, 0, -1, 4, 8},
              {0, 0, 3, 0, 0},
              {0, 0, 5, 4, 8},
              {0, 0, -7, 4, 8},
              {0, 0, 13, 8, 4},
              {0, 1, 1, N, 1},
              {0, 1, -1, 1, N},
              {0, 1, 3, N, 3},
              {0, 1, 5, N, N},
              {0, 1, -7, N, N},
              {5, 1, 1, 4, 6},
              {5, 1, 2, N, 7},
              {5, 1, -2, 7, N},
              {11, 1, 1, 10, N},
              {11, 1, 3, 8, N},
              {7, 0, 2, 11, 3},
              {9, 0, -2, 5, 1}});
    check(b, {{0, 0, 1, N, 6},
              {0, 0, -1, 6, N},
              {0, 0, 2, N, N},
              {0, 2, 1, 1, 1},
              {0, 2, 2, 0, 0},
              {0, 2, -7, 1, 1},
              {11, 1, 1, 9, 7},
              {11, 1, -7, 7, 9},
              {11, 1, 13, 9, 7},
              {6, 0, 1, 0, N},
              {3, 1, 2, 5, 1}});
    check(c,
          {{0, 0, 1, 4, 1}, {0, 0, 2, 3, 2}, {0, 0, 5, 0, 0}, {0, 0, -7, 2, 3}, {0, 0, 13, 2, 3}});
}

TEST_CASE("shift by zero or by the extremes of int", "[cart]") {
    const CartTopology open = grid({3}, {0});
    const CartTopology ring = grid({5}, {1});
    CHECK(ok(open.shift(2, 0, 0)) == CartShift{2, 2});
    CHECK(ok(ring.shift(4, 0, 0)) == CartShift{4, 4});
    CHECK(ok(grid({2, 2}, {0, 1}).shift(0, 1, 0)) == CartShift{0, 0});  // MPICH
    CHECK(ok(grid({2, 2}, {0, 1}).shift(0, 0, 5)) == CartShift{N, N});  // MPICH
    CHECK(ok(grid({2, 2}, {0, 1}).shift(0, 1, -7)) == CartShift{1, 1}); // MPICH
    CHECK(ok(open.shift(1, 0, INT_MAX)) == CartShift{N, N});
    CHECK(ok(open.shift(1, 0, INT_MIN)) == CartShift{N, N});
    // INT_MAX = 5 * 429496729 + 2, and -INT_MIN is one more.
    CHECK(ok(ring.shift(0, 0, INT_MAX)) == CartShift{3, 2});
    CHECK(ok(ring.shift(0, 0, INT_MIN)) == CartShift{3, 2});
    // A dimension of extent 1 is its own neighbour when periodic.
    CHECK(ok(grid({1}, {1}).shift(0, 0, 1)) == CartShift{0, 0});
    CHECK(ok(grid({1}, {0}).shift(0, 0, 1)) == CartShift{N, N});
}

TEST_CASE("shift errors: MPI_ERR_ARG direction, MPI_ERR_TOPOLOGY 0-d, MPI_ERR_RANK rank",
          "[cart]") {
    const CartTopology t = grid({2, 2}, {0, 1});
    CHECK(t.shift(0, 2, 1).code() == MPI_ERR_ARG);  // MPICH
    CHECK(t.shift(0, -1, 1).code() == MPI_ERR_ARG); // MPICH
    CHECK(grid({}, {}).shift(0, 0, 1).code() == MPI_ERR_TOPOLOGY);
    CHECK(t.shift(4, 0, 1).code() == MPI_ERR_RANK);
    CHECK_THAT(t.shift(0, 2, 1).error().message, Contains("direction 2"));
}

TEST_CASE("create keeps ranks and leaves ranks past the grid without a communicator", "[cart]") {
    const CartTopology t = ok(CartTopology::create(4, 1, {3}, {1}, true)); // MPICH: reorder kept
    CHECK(t.dims == std::vector<int>{3});
    CHECK(t.periods == std::vector<int>{1});
    CHECK(t.member_rank(0) == 0);
    CHECK(t.member_rank(2) == 2);
    CHECK(t.member_rank(3) == MPI_UNDEFINED); // MPICH: MPI_COMM_NULL on rank 3
    CHECK(ok(CartTopology::create(4, 2, {2, 2}, {0, 0}, false)).member_rank(3) == 3);
    // Periods are logicals: any nonzero value is true, kept as 1 so equal grids compare equal.
    CHECK(ok(CartTopology::create(12, 2, {3, 4}, {7, 0}, false)) == grid({3, 4}, {1, 0}));
    CHECK(ok(CartTopology::create(12, 2, {3, 4}, {-1, 0}, false)).periods ==
          std::vector<int>{1, 0});
    // A 0-dimensional grid holds rank 0 alone (MPICH).
    const CartTopology zero = ok(CartTopology::create(4, 0, {}, {}, false));
    CHECK(zero.size() == 1);
    CHECK(zero.member_rank(0) == 0);
    CHECK(zero.member_rank(1) == MPI_UNDEFINED);
}

TEST_CASE("create errors", "[cart]") {
    // MPICH: a grid larger than the communicator is MPI_ERR_ARG, negative ndims too.
    CHECK(CartTopology::create(4, 1, {5}, {0}, false).code() == MPI_ERR_ARG);
    CHECK(CartTopology::create(4, 2, {3, 2}, {0, 0}, false).code() == MPI_ERR_ARG);
    CHECK(CartTopology::create(4, -1, {}, {}, false).code() == MPI_ERR_ARG);
    CHECK(CartTopology::create(100, 3, {65536, 65536, 2}, {0, 0, 0}, false).code() ==
          MPI_ERR_ARG); // the product overflows int
    // Extents must be positive (MPICH 4.0.2 does not check).
    CHECK(CartTopology::create(4, 1, {0}, {0}, false).code() == MPI_ERR_DIMS);
    CHECK(CartTopology::create(4, 2, {2, -1}, {0, 0}, false).code() == MPI_ERR_DIMS);
    CHECK(CartTopology::create(4, 2, {2}, {0, 0}, false).code() == MPI_ERR_INTERN);
    CHECK(CartTopology::create(4, 1, {2}, {}, false).code() == MPI_ERR_INTERN);
    CHECK_THAT(CartTopology::create(4, 1, {5}, {0}, false).error().message,
               Contains("5 processes") && Contains("only 4"));
    CHECK_THAT(CartTopology::create(4, 2, {2, -1}, {0, 0}, false).error().message,
               Contains("dims[1] is -1"));
}

TEST_CASE("cart_sub matches MPICH's subgrids", "[cart]") {
    // World ranks 100.. stand for the members, so that ranks and members cannot be confused.
    Group members;
    for (int r = 0; r < 12; ++r) members.push_back(100 + r);
    const CartTopology a = grid({3, 4}, {1, 0});
    const CartSub columns = ok(cart_sub(a, members, {1, 0}));
    CHECK(columns.topology == grid({3}, {1}));
    CHECK(columns.groups[5] == Group{101, 105, 109}); // MPICH: [1,5,9], rank 1 in it
    CHECK(columns.groups[0] == Group{100, 104, 108});
    CHECK(columns.groups[11] == Group{103, 107, 111});
    const CartSub rows = ok(cart_sub(a, members, {0, 1}));
    CHECK(rows.topology == grid({4}, {0}));
    CHECK(rows.groups[5] == Group{104, 105, 106, 107}); // MPICH
    CHECK(rows.groups[8] == Group{108, 109, 110, 111}); // MPICH

    const CartTopology b = grid({2, 3, 2}, {0, 1, 1});
    const CartSub outer = ok(cart_sub(b, members, {1, 0, 1}));
    CHECK(outer.topology == grid({2, 2}, {0, 1}));        // MPICH: dims 2 2p
    CHECK(outer.groups[3] == Group{102, 103, 108, 109});  // MPICH, rank 1 in it
    CHECK(outer.groups[10] == Group{104, 105, 110, 111}); // MPICH, rank 2 in it
    const CartSub middle = ok(cart_sub(b, members, {0, 1, 0}));
    CHECK(middle.topology == grid({3}, {1}));
    CHECK(middle.groups[7] == Group{107, 109, 111}); // MPICH
    CHECK(middle.groups[2] == Group{100, 102, 104}); // MPICH
    const CartSub all = ok(cart_sub(b, members, {1, 1, 1}));
    CHECK(all.topology == b);
    CHECK(all.groups[4] == members);
}

TEST_CASE("cart_sub dropping every dimension gives each process its own 0-d grid", "[cart]") {
    const CartTopology t = grid({2, 2}, {0, 1});
    const CartSub s = ok(cart_sub(t, Group{7, 3, 5, 1}, {0, 0}));
    CHECK(s.topology == grid({}, {}));
    CHECK(s.groups == std::vector<Group>{{7}, {3}, {5}, {1}});
    const CartSub z = ok(cart_sub(grid({}, {}), Group{9}, {}));
    CHECK(z.topology.ndims() == 0);
    CHECK(z.groups == std::vector<Group>{{9}});
}

TEST_CASE("cart_sub rejects arguments that do not fit the grid as internal errors", "[cart]") {
    const CartTopology t = grid({2, 2}, {0, 1});
    CHECK(cart_sub(t, Group{0, 1, 2}, {1, 0}).code() == MPI_ERR_INTERN);
    CHECK(cart_sub(t, Group{0, 1, 2, 3}, {1}).code() == MPI_ERR_INTERN);
}

TEST_CASE("every grid up to 3 dimensions of extent up to 4", "[cart][exhaustive]") {
    int grids = 0;
    for (int nd = 1; nd <= 3; ++nd) {
        const int shapes = nd == 1 ? 4 : nd == 2 ? 16 : 64;
        for (int shape = 0; shape < shapes; ++shape) {
            for (int pmask = 0; pmask < (1 << nd); ++pmask) {
                std::vector<int> dims, periods;
                for (int i = 0, s = shape; i < nd; ++i, s /= 4) {
                    dims.push_back(s % 4 + 1);
                    periods.push_back(pmask >> i & 1);
                }
                const CartTopology t = grid(dims, periods);
                INFO("dims " << Catch::Detail::stringify(dims) << " periods "
                             << Catch::Detail::stringify(periods));
                ++grids;
                // Row-major bijection.
                for (int r = 0; r < t.size(); ++r) {
                    const std::vector<int> c = ok(t.coords_of(r));
                    int want = 0;
                    for (int i = 0; i < nd; ++i) want = want * dims[i] + c[i];
                    REQUIRE(want == r);
                    REQUIRE(ok(t.rank_of(c)) == r);
                }
                // Shifts: the coordinate definition, and source/dest are inverse of each other.
                for (int r = 0; r < t.size(); ++r) {
                    const std::vector<int> c = ok(t.coords_of(r));
                    for (int dir = 0; dir < nd; ++dir) {
                        for (int disp = -9; disp <= 9; ++disp) {
                            const CartShift s = ok(t.shift(r, dir, disp));
                            auto expect = [&](int step) {
                                std::vector<int> n = c;
                                n[dir] += step;
                                if (!periods[dir] && (n[dir] < 0 || n[dir] >= dims[dir])) return N;
                                n[dir] = ((n[dir] % dims[dir]) + dims[dir]) % dims[dir];
                                return ok(t.rank_of(n));
                            };
                            REQUIRE(s.dest == expect(disp));
                            REQUIRE(s.source == expect(-disp));
                            if (s.dest != N) REQUIRE(ok(t.shift(s.dest, dir, disp)).source == r);
                        }
                    }
                }
                // Every Cart_sub: a partition into subgrids, ordered row-major by kept coords.
                Group members;
                for (int r = 0; r < t.size(); ++r) members.push_back(1000 + r);
                for (int keep = 0; keep < (1 << nd); ++keep) {
                    std::vector<int> remain(nd);
                    for (int i = 0; i < nd; ++i) remain[i] = keep >> i & 1;
                    const CartSub s = ok(cart_sub(t, members, remain));
                    REQUIRE(static_cast<int>(s.groups.size()) == t.size());
                    std::set<Group> distinct(s.groups.begin(), s.groups.end());
                    REQUIRE(static_cast<int>(distinct.size()) * s.topology.size() == t.size());
                    for (int r = 0; r < t.size(); ++r) {
                        const std::vector<int> c = ok(t.coords_of(r));
                        std::vector<int> kept;
                        for (int i = 0; i < nd; ++i)
                            if (remain[i]) kept.push_back(c[i]);
                        const Group& g = s.groups[r];
                        REQUIRE(static_cast<int>(g.size()) == s.topology.size());
                        // Its rank in the new communicator is its rank in the subgrid.
                        REQUIRE(rank_of(g, members[r]) == ok(s.topology.rank_of(kept)));
                        for (int m : g) {
                            const std::vector<int> mc = ok(t.coords_of(m - 1000));
                            for (int i = 0; i < nd; ++i)
                                if (!remain[i]) REQUIRE(mc[i] == c[i]);
                        }
                    }
                }
            }
        }
    }
    CHECK(grids == 4 * 2 + 16 * 4 + 64 * 8);
}
