// CommSplit: who ends up with whom, in which order, for MPI_Comm_split and
// MPI_Comm_split_type(MPI_COMM_TYPE_SHARED); then every color/key assignment of 4 members
// against a direct reading of MPI 3.1 §6.4.2.
#include "simulated-mpi/src/CommSplit.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <algorithm>
#include <optional>
#include <vector>

using namespace rankfold::mpi;
using Catch::Matchers::Contains;

namespace {

constexpr int U = MPI_UNDEFINED;

SplitResult ok(const MpiResult<SplitResult>& r) {
    INFO((r.ok() ? std::string() : r.error().message));
    REQUIRE(r.ok());
    return r.value();
}

std::optional<Group> none() {
    return std::nullopt;
}

} // namespace

TEST_CASE("comm_split groups by color and orders by key, then parent rank", "[split]") {
    // Parent ranks 0..5 are world ranks 10..15.
    const Group parent{10, 11, 12, 13, 14, 15};
    const SplitResult r = ok(comm_split(parent, {{0, 5}, {1, 0}, {0, 1}, {1, 0}, {0, 1}, {2, -3}}));
    const Group even{12, 14, 10}; // keys 1, 1, 5: equal keys keep parent order (2 before 4)
    const Group odd{11, 13};
    CHECK(r == SplitResult{even, odd, even, odd, even, Group{15}});
}

TEST_CASE("comm_split with MPI_UNDEFINED gives those members no communicator", "[split]") {
    const Group parent{0, 1, 2, 3};
    CHECK(ok(comm_split(parent, {{U, 0}, {3, 0}, {U, 9}, {3, 0}})) ==
          SplitResult{none(), Group{1, 3}, none(), Group{1, 3}});
    CHECK(ok(comm_split(parent, {{U, 0}, {U, 0}, {U, 0}, {U, 0}})) ==
          SplitResult{none(), none(), none(), none()});
    CHECK(ok(comm_split(Group{}, {})).empty());
}

TEST_CASE("comm_split reorders by key, including negative keys", "[split]") {
    // The classic reversal: key = size - rank.
    const Group parent{0, 1, 2, 3};
    const Group reversed{3, 2, 1, 0};
    CHECK(ok(comm_split(parent, {{0, 4}, {0, 3}, {0, 2}, {0, 1}})) ==
          SplitResult{reversed, reversed, reversed, reversed});
    const Group by_key{2, 0, 3, 1};
    CHECK(ok(comm_split(parent, {{7, -1}, {7, 100}, {7, -50}, {7, 0}})) ==
          SplitResult{by_key, by_key, by_key, by_key});
}

TEST_CASE("comm_split of a subgroup yields world ranks of the members", "[split]") {
    const Group parent{5, 1, 3};
    CHECK(ok(comm_split(parent, {{1, 0}, {1, 0}, {0, 0}})) ==
          SplitResult{Group{5, 1}, Group{5, 1}, Group{3}});
}

TEST_CASE("a negative color other than MPI_UNDEFINED is MPI_ERR_ARG", "[split]") {
    CHECK_FALSE(check_split_color(0).has_value());
    CHECK_FALSE(check_split_color(1 << 30).has_value());
    CHECK_FALSE(check_split_color(MPI_UNDEFINED).has_value());
    REQUIRE(check_split_color(-1).has_value());
    CHECK(check_split_color(-1)->code == MPI_ERR_ARG);
    const auto r = comm_split(Group{0, 1, 2}, {{0, 0}, {-5, 0}, {-7, 0}});
    REQUIRE_FALSE(r.ok());
    CHECK(r.code() == MPI_ERR_ARG);
    CHECK_THAT(r.error().message, Contains("parent rank 1") && Contains("-5"));
}

TEST_CASE("a split with arguments that do not match the parent is an internal error", "[split]") {
    CHECK(comm_split(Group{0, 1}, {{0, 0}}).code() == MPI_ERR_INTERN);
}

TEST_CASE("comm_split_type SHARED puts all its callers in one group", "[split]") {
    constexpr int S = MPI_COMM_TYPE_SHARED;
    const Group parent{10, 11, 12, 13};
    const Group all{10, 11, 12, 13};
    CHECK(ok(comm_split_type(parent, {{S, 0}, {S, 0}, {S, 0}, {S, 0}})) ==
          SplitResult{all, all, all, all});
    const Group keyed{11, 13, 10};
    CHECK(ok(comm_split_type(parent, {{S, 2}, {S, 1}, {U, 0}, {S, 1}})) ==
          SplitResult{keyed, keyed, none(), keyed});
    CHECK(ok(comm_split_type(parent, {{U, 0}, {U, 0}, {U, 0}, {U, 0}})) ==
          SplitResult{none(), none(), none(), none()});
}

TEST_CASE("comm_split_type rejects split types other than SHARED with MPI_ERR_ARG", "[split]") {
    CHECK_FALSE(check_split_type(MPI_COMM_TYPE_SHARED).has_value());
    CHECK_FALSE(check_split_type(MPI_UNDEFINED).has_value());
    CHECK(check_split_type(12345)->code == MPI_ERR_ARG); // MPICH
    CHECK(check_split_type(0)->code == MPI_ERR_ARG);
    const auto r = comm_split_type(Group{0, 1}, {{MPI_COMM_TYPE_SHARED, 0}, {12345, 0}});
    CHECK(r.code() == MPI_ERR_ARG);
    CHECK_THAT(r.error().message, Contains("parent rank 1") && Contains("12345"));
}

TEST_CASE("comm_split on every color and key assignment of 4 members", "[split][exhaustive]") {
    // Colors from {U, 0, 1}, keys from {0, 1}: 6^4 assignments.
    const Group parent{20, 21, 22, 23};
    const int colors[] = {U, 0, 1};
    std::vector<SplitArgs> args(4);
    int checked = 0;
    for (int code = 0; code < 6 * 6 * 6 * 6; ++code) {
        for (int r = 0, c = code; r < 4; ++r, c /= 6) args[r] = {colors[c % 6 / 2], c % 2};
        const SplitResult got = ok(comm_split(parent, args));
        for (int r = 0; r < 4; ++r) {
            if (args[r].color == U) {
                REQUIRE_FALSE(got[r].has_value());
                continue;
            }
            // Who precedes whom: same color, then smaller key, or equal key and lower rank.
            Group want;
            for (int key : {0, 1})
                for (int q = 0; q < 4; ++q)
                    if (args[q].color == args[r].color && args[q].key == key)
                        want.push_back(parent[q]);
            REQUIRE(got[r] == want);
            REQUIRE(rank_of(*got[r], parent[r]) != MPI_UNDEFINED);
        }
        ++checked;
    }
    CHECK(checked == 1296);
}
