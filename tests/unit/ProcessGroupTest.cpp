// ProcessGroup: every group operation on pinned examples (the ones marked "MPICH" were run
// through MPICH 4.0.2 with 4 processes and give the same members there), every error class,
// then the set operations and incl/excl checked exhaustively on all small groups against a
// direct reading of MPI 3.1 §6.3.2.
#include "simulated-mpi/src/ProcessGroup.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

using namespace rankfold::mpi;
using Catch::Matchers::Contains;

namespace {

const Group kWorld4{0, 1, 2, 3};

template <class T> T ok(const MpiResult<T>& r) {
    INFO((r.ok() ? std::string() : r.error().message));
    REQUIRE(r.ok());
    return r.value();
}

template <class T> int err(const MpiResult<T>& r) {
    REQUIRE_FALSE(r.ok());
    CHECK_FALSE(r.error().message.empty());
    return r.error().code;
}

// Every ordered list of distinct elements of {0..n-1}, the empty one included.
void arrangements(int n, Group& prefix, std::vector<Group>& out) {
    out.push_back(prefix);
    for (int v = 0; v < n; ++v) {
        if (std::find(prefix.begin(), prefix.end(), v) != prefix.end()) continue;
        prefix.push_back(v);
        arrangements(n, prefix, out);
        prefix.pop_back();
    }
}

std::vector<Group> all_groups(int world) {
    std::vector<Group> out;
    Group prefix;
    arrangements(world, prefix, out);
    return out;
}

} // namespace

TEST_CASE("rank_of is the member's position, MPI_UNDEFINED for a non-member", "[group]") {
    const Group g{5, 2, 7};
    CHECK(rank_of(g, 5) == 0);
    CHECK(rank_of(g, 2) == 1);
    CHECK(rank_of(g, 7) == 2);
    CHECK(rank_of(g, 0) == MPI_UNDEFINED);
    CHECK(rank_of(Group{}, 0) == MPI_UNDEFINED); // MPICH: rank in MPI_GROUP_EMPTY
}

TEST_CASE("incl takes the listed members in list order", "[group]") {
    const Group g{10, 11, 12, 13};
    CHECK(ok(incl(g, {2, 0})) == Group{12, 10});
    CHECK(ok(incl(g, {3, 2, 1, 0})) == Group{13, 12, 11, 10});
    CHECK(ok(incl(g, {1})) == Group{11});
    CHECK(ok(incl(g, {})).empty()); // MPICH: n == 0 gives MPI_GROUP_EMPTY
    CHECK(ok(incl(Group{}, {})).empty());
}

TEST_CASE("excl keeps the unlisted members in group order", "[group]") {
    const Group g{10, 11, 12, 13};
    CHECK(ok(excl(g, {2, 0})) == Group{11, 13});
    CHECK(ok(excl(g, {0, 2})) == Group{11, 13});
    CHECK(ok(excl(g, {})) == g);
    CHECK(ok(excl(g, {3, 1, 0, 2})).empty()); // MPICH: excluding all gives MPI_GROUP_EMPTY
    CHECK(ok(excl(Group{}, {})).empty());
}

TEST_CASE("incl and excl reject a rank outside the group with MPI_ERR_RANK", "[group]") {
    for (auto f : {incl, excl}) {
        CHECK(err(f(kWorld4, {4})) == MPI_ERR_RANK);             // MPICH
        CHECK(err(f(kWorld4, {0, -1})) == MPI_ERR_RANK);         // MPICH
        CHECK(err(f(kWorld4, {MPI_PROC_NULL})) == MPI_ERR_RANK); // MPICH
        CHECK(err(f(kWorld4, {MPI_UNDEFINED})) == MPI_ERR_RANK);
        CHECK(err(f(Group{}, {0})) == MPI_ERR_RANK);
    }
    CHECK_THAT(incl(kWorld4, {1, 9}).error().message, Contains("ranks[1] is 9"));
}

TEST_CASE("incl and excl reject a repeated rank with MPI_ERR_RANK", "[group]") {
    // MPICH 4.0.2 accepts these (its duplicate check is broken); the class is the one its
    // "**rankdup" error carries.
    CHECK(err(incl(kWorld4, {1, 1})) == MPI_ERR_RANK);
    CHECK(err(excl(kWorld4, {1, 1})) == MPI_ERR_RANK);
    CHECK(err(excl(kWorld4, {0, 1, 2, 3, 0})) == MPI_ERR_RANK); // more entries than members
    CHECK_THAT(incl(kWorld4, {3, 0, 3}).error().message, Contains("ranks[2] repeats rank 3"));
}

TEST_CASE("range_incl enumerates first, first+stride, ... up to last", "[group]") {
    const Group g{10, 11, 12, 13, 14, 15};
    CHECK(ok(range_incl(g, {{0, 5, 1}})) == g);
    CHECK(ok(range_incl(g, {{0, 5, 2}})) == Group{10, 12, 14});
    CHECK(ok(range_incl(g, {{1, 5, 2}})) == Group{11, 13, 15});
    CHECK(ok(range_incl(g, {{5, 0, -1}})) == Group{15, 14, 13, 12, 11, 10});
    CHECK(ok(range_incl(g, {{5, 0, -2}})) == Group{15, 13, 11});
    CHECK(ok(range_incl(g, {{3, 0, -2}})) == Group{13, 11}); // MPICH
    CHECK(ok(range_incl(g, {{2, 2, 1}})) == Group{12});
    CHECK(ok(range_incl(g, {{0, 0, 5}})) == Group{10}); // MPICH
    CHECK(ok(range_incl(g, {{0, 4, 7}})) == Group{10}); // a stride past the end
    // `last` need not be a rank: only the ranks reached must be (MPICH: 0..7 by 4 in 6 is 0,4).
    CHECK(ok(range_incl(g, {{0, 7, 4}})) == Group{10, 14});
    CHECK(ok(range_incl(g, {{4, 5, 1}, {0, 1, 1}})) == Group{14, 15, 10, 11});
    CHECK(ok(range_incl(g, {{1, 1, 1}, {5, 5, 1}, {3, 3, -1}})) == Group{11, 15, 13});
    CHECK(ok(range_incl(g, {})).empty()); // MPICH: n == 0 gives MPI_GROUP_EMPTY
}

TEST_CASE("range_excl removes the enumerated ranks, keeping group order", "[group]") {
    const Group g{10, 11, 12, 13, 14, 15};
    CHECK(ok(range_excl(g, {{0, 5, 2}})) == Group{11, 13, 15});
    CHECK(ok(range_excl(g, {{4, 1, -3}})) == Group{10, 12, 13, 15});
    CHECK(ok(range_excl(g, {{5, 5, 1}, {0, 0, 1}})) == Group{11, 12, 13, 14});
    CHECK(ok(range_excl(g, {})) == g);
    CHECK(ok(range_excl(kWorld4, {{0, 3, 1}})).empty()); // MPICH: MPI_GROUP_EMPTY
}

TEST_CASE("invalid range triplets are MPI_ERR_ARG, as in MPICH", "[group]") {
    // All of these were checked against MPICH 4.0.2 on a group of 4.
    for (auto f : {range_incl, range_excl}) {
        CHECK(err(f(kWorld4, {{0, 3, 0}})) == MPI_ERR_ARG);             // stride 0
        CHECK(err(f(kWorld4, {{4, 4, 1}})) == MPI_ERR_ARG);             // first past the end
        CHECK(err(f(kWorld4, {{-1, 0, 1}})) == MPI_ERR_ARG);            // first negative
        CHECK(err(f(kWorld4, {{0, 4, 1}})) == MPI_ERR_ARG);             // reaches rank 4
        CHECK(err(f(kWorld4, {{0, 4, 2}})) == MPI_ERR_ARG);             // reaches rank 4
        CHECK(err(f(kWorld4, {{0, 5, 2}})) == MPI_ERR_ARG);             // reaches rank 4
        CHECK(err(f(kWorld4, {{0, -1, -1}})) == MPI_ERR_ARG);           // last negative
        CHECK(err(f(kWorld4, {{2, 0, 1}})) == MPI_ERR_ARG);             // first > last, stride > 0
        CHECK(err(f(kWorld4, {{0, 2, -1}})) == MPI_ERR_ARG);            // first < last, stride < 0
        CHECK(err(f(kWorld4, {{0, 2, 1}, {1, 1, 1}})) == MPI_ERR_ARG);  // rank 1 twice
        CHECK(err(f(kWorld4, {{3, 0, -3}, {0, 0, 1}})) == MPI_ERR_ARG); // rank 0 twice
        CHECK(err(f(Group{}, {{0, 0, 1}})) == MPI_ERR_ARG);
    }
    // last near INT_MIN must not overflow into a "valid" triplet.
    CHECK(err(range_incl(kWorld4, {{3, -2147483647 - 1, -1}})) == MPI_ERR_ARG);
    CHECK_THAT(range_incl(kWorld4, {{0, 1, 1}, {1, 3, 2}}).error().message,
               Contains("rank 1 is in ranges[0] and ranges[1]"));
    CHECK_THAT(range_incl(kWorld4, {{1, 1, 0}}).error().message, Contains("stride 0"));
}

TEST_CASE("the first invalid triplet decides the error, in MPICH's order of checks", "[group]") {
    // A duplicate in ranges[1] is found before ranges[2] is looked at.
    auto r = range_incl(kWorld4, {{0, 1, 1}, {1, 1, 1}, {0, 3, 0}});
    CHECK_THAT(r.error().message, Contains("ranges[0] and ranges[1]"));
    // Within a triplet: first, then stride, then last, then direction.
    CHECK_THAT(range_incl(kWorld4, {{9, 9, 0}}).error().message, Contains("starts at 9"));
    CHECK_THAT(range_incl(kWorld4, {{0, 9, 0}}).error().message, Contains("stride 0"));
    CHECK_THAT(range_incl(kWorld4, {{2, -1, 1}}).error().message, Contains("ends at -1"));
}

TEST_CASE("union, intersection and difference keep the orders MPI defines", "[group]") {
    const Group a{1, 0};
    CHECK(union_of(a, kWorld4) == Group{1, 0, 2, 3}); // MPICH
    CHECK(intersection(kWorld4, a) == Group{0, 1});   // MPICH
    CHECK(difference(a, kWorld4).empty());            // MPICH: MPI_GROUP_EMPTY
    CHECK(union_of(kWorld4, a) == kWorld4);
    CHECK(intersection(a, kWorld4) == a);
    CHECK(difference(kWorld4, a) == Group{2, 3});

    const Group b{6, 3, 5}, c{5, 9, 6};
    CHECK(union_of(b, c) == Group{6, 3, 5, 9});
    CHECK(union_of(c, b) == Group{5, 9, 6, 3});
    CHECK(intersection(b, c) == Group{6, 5});
    CHECK(intersection(c, b) == Group{5, 6});
    CHECK(difference(b, c) == Group{3});
    CHECK(difference(c, b) == Group{9});

    const Group d{7, 8};
    CHECK(union_of(b, d) == Group{6, 3, 5, 7, 8});
    CHECK(intersection(b, d).empty());
    CHECK(difference(b, d) == b);

    const Group empty;
    CHECK(union_of(empty, b) == b);
    CHECK(union_of(b, empty) == b);
    CHECK(union_of(empty, empty).empty());
    CHECK(intersection(empty, b).empty());
    CHECK(intersection(b, empty).empty());
    CHECK(difference(empty, b).empty());
    CHECK(difference(b, empty) == b);
    CHECK(difference(b, b).empty());
}

TEST_CASE("translate_ranks maps members, absent ones to MPI_UNDEFINED", "[group]") {
    const Group a{4, 2, 0, 6}, b{0, 1, 2, 3};
    CHECK(ok(translate_ranks(a, {0, 1, 2, 3}, b)) ==
          std::vector<int>{MPI_UNDEFINED, 2, 0, MPI_UNDEFINED});
    CHECK(ok(translate_ranks(b, {2, 0}, a)) == std::vector<int>{1, 2});
    CHECK(ok(translate_ranks(a, {}, b)).empty());
    CHECK(ok(translate_ranks(a, {1}, Group{})) == std::vector<int>{MPI_UNDEFINED});
    // MPI_PROC_NULL translates to itself (MPI 2.2 erratum; MPICH), even into an empty group.
    CHECK(ok(translate_ranks(a, {MPI_PROC_NULL, 3}, b)) ==
          std::vector<int>{MPI_PROC_NULL, MPI_UNDEFINED});
    CHECK(ok(translate_ranks(Group{}, {MPI_PROC_NULL}, Group{})) ==
          std::vector<int>{MPI_PROC_NULL});
}

TEST_CASE("translate_ranks rejects a rank outside the first group with MPI_ERR_RANK", "[group]") {
    CHECK(err(translate_ranks(kWorld4, {0, 4}, kWorld4)) == MPI_ERR_RANK); // MPICH
    CHECK(err(translate_ranks(kWorld4, {-2}, kWorld4)) == MPI_ERR_RANK);   // MPICH
    CHECK(err(translate_ranks(kWorld4, {MPI_UNDEFINED}, kWorld4)) == MPI_ERR_RANK);
    CHECK(err(translate_ranks(Group{}, {0}, kWorld4)) == MPI_ERR_RANK);
    CHECK_THAT(translate_ranks(kWorld4, {1, 7}, kWorld4).error().message,
               Contains("ranks[1] is 7"));
}

TEST_CASE("compare tells identical, similar and unequal groups apart", "[group]") {
    CHECK(compare(kWorld4, kWorld4) == MPI_IDENT);
    CHECK(compare(Group{}, Group{}) == MPI_IDENT); // MPICH: empty vs MPI_GROUP_EMPTY
    CHECK(compare(Group{1, 0}, Group{0, 1}) == MPI_SIMILAR);
    CHECK(compare(Group{3, 1, 2}, Group{1, 2, 3}) == MPI_SIMILAR);
    CHECK(compare(Group{1, 0}, kWorld4) == MPI_UNEQUAL); // MPICH
    CHECK(compare(Group{0, 1}, Group{0, 2}) == MPI_UNEQUAL);
    CHECK(compare(Group{0}, Group{}) == MPI_UNEQUAL);
    CHECK(compare(Group{}, Group{0}) == MPI_UNEQUAL);
}

TEST_CASE("set operations on every pair of groups over 4 processes", "[group][exhaustive]") {
    const std::vector<Group> groups = all_groups(4);
    REQUIRE(groups.size() == 65); // 1 + 4 + 12 + 24 + 24
    auto in = [](const Group& g, int p) { return std::find(g.begin(), g.end(), p) != g.end(); };
    for (const Group& a : groups) {
        for (const Group& b : groups) {
            Group u = a, i, d;
            for (int p : b)
                if (!in(a, p)) u.push_back(p);
            for (int p : a) (in(b, p) ? i : d).push_back(p);
            INFO("a has " << a.size() << ", b has " << b.size());
            REQUIRE(union_of(a, b) == u);
            REQUIRE(intersection(a, b) == i);
            REQUIRE(difference(a, b) == d);
            const bool same_set =
                std::set<int>(a.begin(), a.end()) == std::set<int>(b.begin(), b.end());
            REQUIRE(compare(a, b) == (a == b ? MPI_IDENT : same_set ? MPI_SIMILAR : MPI_UNEQUAL));
            std::vector<int> all(a.size());
            for (std::size_t r = 0; r < a.size(); ++r) all[r] = static_cast<int>(r);
            const std::vector<int> t = ok(translate_ranks(a, all, b));
            for (std::size_t r = 0; r < a.size(); ++r)
                REQUIRE(t[r] == (in(b, a[r]) ? rank_of(b, a[r]) : MPI_UNDEFINED));
        }
    }
}

TEST_CASE("incl and excl on every rank list of length up to 4 over a group of 3",
          "[group][exhaustive]") {
    const Group g{7, 8, 9};
    std::vector<int> list;
    int checked = 0;
    // Entries from -1 to 3: each list is valid exactly when all entries are in 0..2 and distinct.
    auto visit = [&](auto&& self, std::size_t len) -> void {
        if (list.size() == len) {
            const bool in_range =
                std::all_of(list.begin(), list.end(), [](int r) { return r >= 0 && r < 3; });
            const bool distinct = std::set<int>(list.begin(), list.end()).size() == list.size();
            const auto i = incl(g, list);
            const auto e = excl(g, list);
            if (in_range && distinct) {
                Group want_i, want_e;
                for (int r : list) want_i.push_back(g[r]);
                for (int r = 0; r < 3; ++r)
                    if (std::find(list.begin(), list.end(), r) == list.end())
                        want_e.push_back(g[r]);
                REQUIRE(ok(i) == want_i);
                REQUIRE(ok(e) == want_e);
            } else {
                REQUIRE(err(i) == MPI_ERR_RANK);
                REQUIRE(err(e) == MPI_ERR_RANK);
            }
            ++checked;
            return;
        }
        for (int r = -1; r <= 3; ++r) {
            list.push_back(r);
            self(self, len);
            list.pop_back();
        }
    };
    for (std::size_t len = 0; len <= 4; ++len) visit(visit, len);
    CHECK(checked == 1 + 5 + 25 + 125 + 625);
}

TEST_CASE("range_incl agrees with the standard's enumeration on all small triplets",
          "[group][exhaustive]") {
    // MPI 3.1 §6.3.2: first + k*stride for k = 0 .. floor((last-first)/stride). MPICH accepts a
    // triplet when every such rank is in the group, last >= 0 and the stride points from first
    // towards last; checked for one triplet with every value in -2..6 on a group of 5.
    const Group g{10, 11, 12, 13, 14};
    for (int first = -2; first <= 6; ++first) {
        for (int last = -2; last <= 6; ++last) {
            for (int stride = -6; stride <= 6; ++stride) {
                INFO("triplet {" + std::to_string(first) + ", " + std::to_string(last) + ", " +
                     std::to_string(stride) + "}");
                const auto r = range_incl(g, {{first, last, stride}});
                const bool valid = first >= 0 && first < 5 && last >= 0 && stride != 0 &&
                                   (stride > 0 ? first <= last : first >= last) &&
                                   first + stride * ((last - first) / stride) < 5;
                if (!valid) {
                    REQUIRE(err(r) == MPI_ERR_ARG);
                    continue;
                }
                Group want;
                for (int k = 0; k <= (last - first) / stride; ++k)
                    want.push_back(g[first + k * stride]);
                REQUIRE(ok(r) == want);
                REQUIRE(ok(range_excl(g, {{first, last, stride}})) == difference(g, want));
            }
        }
    }
}
