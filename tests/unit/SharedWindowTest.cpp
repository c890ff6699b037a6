// MPI_Win_allocate_shared's layout (SharedWindowLayout) and the window MpiWorld makes of it:
// one block, each member's segment where the layout says, empty segments without memory, and
// MPI_Win_shared_query(MPI_PROC_NULL)'s choice.
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/src/SharedWindowLayout.hpp"
#include "simulated-mpi/src/Window.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <vector>

using namespace rankfold::mpi;
using enum Progress;

TEST_CASE("Shared window layout: contiguous segments follow each other byte for byte",
          "[rma][shared]") {
    const SharedWindowLayout l = shared_window_layout({12, 4, 7}, false);
    CHECK(l.offsets == std::vector<std::size_t>{0, 12, 16});
    CHECK(l.total == 23);
}

TEST_CASE("Shared window layout: zero-size segments take no bytes", "[rma][shared]") {
    const SharedWindowLayout l = shared_window_layout({0, 8, 0, 8}, false);
    CHECK(l.offsets == std::vector<std::size_t>{0, 0, 8, 8});
    CHECK(l.total == 16);
    CHECK(shared_window_layout({0, 0, 0}, false).total == 0);
    CHECK(shared_window_layout({0, 0, 0}, true).total == 0);
}

TEST_CASE("Shared window layout: alloc_shared_noncontig aligns every segment", "[rma][shared]") {
    const SharedWindowLayout l = shared_window_layout({12, 4, 0, 100}, true);
    CHECK(l.offsets == std::vector<std::size_t>{0, kNoncontigSegmentAlignment,
                                                2 * kNoncontigSegmentAlignment,
                                                2 * kNoncontigSegmentAlignment});
    CHECK(l.total == 2 * kNoncontigSegmentAlignment + 100);
}

TEST_CASE("Shared window query: MPI_PROC_NULL names the first non-empty segment", "[rma][shared]") {
    CHECK(first_nonempty_segment({0, 0, 4, 4}) == 2);
    CHECK(first_nonempty_segment({4, 0}) == 0);
    CHECK(first_nonempty_segment({0, 0}) == 0);
}

TEST_CASE("Shared window: the world places every segment in one block and frees it",
          "[rma][shared]") {
    constexpr int kRanks = 3;
    const MPI_Aint sizes[kRanks] = {8, 0, 4};
    MpiWorld w{kRanks, Buffering::Zero};
    WindowAttributeBlock attributes[kRanks] = {};
    MPI_Win win[kRanks] = {};
    auto collective = [&](std::vector<RankCall>& calls) {
        for (int r = 0; r < kRanks; ++r) REQUIRE(w.issue(r, calls[r]) == Blocked);
        for (int r = 0; r < kRanks; ++r) REQUIRE(w.ready(r, calls[r]));
        for (int r = 0; r < kRanks; ++r) REQUIRE(w.complete(r, calls[r]) == Done);
    };
    for (int r = 0; r < kRanks; ++r) {
        RankCall init{.kind = CallKind::Init, .name = "MPI_Init"};
        REQUIRE(w.issue(r, init) == Done);
    }
    std::vector<RankCall> calls(kRanks);
    for (int r = 0; r < kRanks; ++r) {
        RankCall& c = calls[r];
        c = RankCall{.kind = CallKind::Collective, .name = "MPI_Win_allocate_shared"};
        c.comm = MPI_COMM_WORLD;
        c.coll.kind = CollectiveKind::WinCreate;
        c.coll.win_size = sizes[r];
        c.coll.disp_unit = 1;
        c.coll.flavor = MPI_WIN_FLAVOR_SHARED;
        c.coll.newwin = &win[r];
        c.coll.win_attributes = &attributes[r];
    }
    collective(calls);
    const auto v = w.windows().view(1, win[1]);
    REQUIRE(v);
    const Window& made = w.windows().at(v->index);
    REQUIRE(made.shared_block != 0);
    CHECK(made.members[0].base == made.shared_block);
    CHECK(made.members[1].base == 0); // an empty segment has no memory
    CHECK(made.members[2].base == made.shared_block + 8);
    CHECK(attributes[2].flavor == MPI_WIN_FLAVOR_SHARED);
    // Every member writes and reads the others' bytes directly.
    *reinterpret_cast<int*>(made.members[2].base) = 5;
    CHECK(*reinterpret_cast<const int*>(made.shared_block + 8) == 5);

    for (int r = 0; r < kRanks; ++r) {
        RankCall& c = calls[r];
        c = RankCall{.kind = CallKind::Collective, .name = "MPI_Win_free"};
        c.comm = w.windows().at(v->index).members[static_cast<std::size_t>(r)].comm;
        c.coll.kind = CollectiveKind::WinFree;
        c.coll.win = win[r];
        c.coll.newwin = &win[r];
    }
    collective(calls);
    CHECK(win[0] == MPI_WIN_NULL);
    CHECK(w.windows().at(v->index).shared_block == 0);
}
