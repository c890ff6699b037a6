// Delivery of OpenSHMEM puts and atomics as a choice (issue 14, scope 3): a put is queued at
// its origin and lands when the explorer says (the oldest of each origin to each target) or at
// the origin's quiet; who could see it land; a PE entering a barrier that starts with a quiet
// cannot; two commuting atomics are independent landings, a put and an atomic are not.
#include "ShmemWorldFixture.hpp"
#include "mc/system/transitions/DependencyTable.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-shmem/interface/SymmetricMemory.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <cstring>

using namespace rankfold::mpi;
using rankfold::mc::Transition;
using rankfold::mc::TransitionKind;
namespace shmem = rankfold::shmem;

namespace {

// Three PEs.
struct Fixture : rankfold::test::ShmemWorldFixture<3> {
    std::uintptr_t at(int pe, std::size_t offset) {
        return reinterpret_cast<std::uintptr_t>(memory.copies[static_cast<std::size_t>(pe)].data() +
                                                offset);
    }
    int value(int pe, std::size_t offset) {
        int v = 0;
        std::memcpy(&v, memory.copies[static_cast<std::size_t>(pe)].data() + offset, sizeof v);
        return v;
    }
    void put(int origin, int target, std::size_t offset, int v) {
        shmem::PendingPut p;
        p.target = target;
        p.at = at(target, offset);
        const auto* b = reinterpret_cast<const std::byte*>(&v);
        p.data.assign(b, b + sizeof v);
        w.shmem().post(origin, std::move(p));
    }
    RankCall shmem_call(shmem::ShmemOp op, bool completes_puts = false) {
        RankCall c{.kind = CallKind::Shmem, .name = "shmem"};
        c.shmem.op = op;
        c.shmem.completes_puts = completes_puts;
        return c;
    }
};

void add_at(void* at, const void* operand) {
    int a = 0;
    int b = 0;
    std::memcpy(&a, at, sizeof a);
    std::memcpy(&b, operand, sizeof b);
    a += b;
    std::memcpy(at, &a, sizeof a);
}

Transition landing_of(const MpiWorld::OpenLanding& l) {
    Transition t{TransitionKind::RemoteLanding, l.origin, l.window, l.target, l.begin, l.end};
    t.detail = rankfold::mc::landing_detail(l.writes, l.fetches, l.combine);
    return t;
}

} // namespace

TEST_CASE("SHMEM delivery: a put waits at its origin until the explorer lands it",
          "[shmem][delivery]") {
    Fixture f;
    f.put(0, 1, 8, 42);
    CHECK(f.value(1, 8) == 0); // not at the call
    std::vector<MpiWorld::OpenLanding> open;
    f.w.open_landings(open);
    REQUIRE(open.size() == 1);
    CHECK(open[0].origin == 0);
    CHECK(open[0].target == 1);
    CHECK(open[0].begin == f.at(1, 8));
    CHECK(open[0].end == f.at(1, 12));
    CHECK(open[0].writes);
    // The target's next step could read it, unless it enters a barrier that completes puts;
    // after a sync without the quiet it could. The origin's and a third PE's steps cannot.
    CHECK(f.w.observes_open_landing(1, f.shmem_call(shmem::ShmemOp::BarrierAll)));
    CHECK_FALSE(f.w.observes_open_landing(1, f.shmem_call(shmem::ShmemOp::BarrierAll, true)));
    CHECK_FALSE(f.w.observes_open_landing(0, f.shmem_call(shmem::ShmemOp::BarrierAll)));
    CHECK_FALSE(f.w.observes_open_landing(2, f.shmem_call(shmem::ShmemOp::BarrierAll)));
    std::string why;
    std::uintptr_t site = 0;
    REQUIRE(f.w.land_open(open[0], why, site));
    CHECK(f.value(1, 8) == 42);
    f.w.open_landings(open);
    CHECK(open.empty());
}

TEST_CASE("SHMEM delivery: one origin's puts to one target land in order; quiet lands all",
          "[shmem][delivery]") {
    Fixture f;
    f.put(0, 1, 0, 1);
    f.put(0, 1, 0, 2);
    f.put(0, 2, 4, 3);
    std::vector<MpiWorld::OpenLanding> open;
    f.w.open_landings(open);
    REQUIRE(open.size() == 2); // the oldest to PE 1, the one to PE 2
    std::vector<int> targets;
    f.w.landings_completed_by(0, f.shmem_call(shmem::ShmemOp::Quiet), targets);
    CHECK(targets == std::vector<int>{1, 1, 2});
    f.w.landings_completed_by(0, f.shmem_call(shmem::ShmemOp::BarrierAll), targets);
    CHECK(targets.empty()); // shmem_sync_all completes nothing
    std::optional<shmem::ShmemFailure> failure;
    REQUIRE(f.w.shmem().issue(0, f.shmem_call(shmem::ShmemOp::Quiet).shmem, failure) ==
            Progress::Done);
    CHECK(f.value(1, 0) == 2); // the later put landed last
    CHECK(f.value(2, 4) == 3);
    f.w.open_landings(open);
    CHECK(open.empty());
}

TEST_CASE("SHMEM delivery: a put to the origin itself lands at the call", "[shmem][delivery]") {
    Fixture f;
    f.put(1, 1, 0, 7);
    CHECK(f.value(1, 0) == 7);
    std::vector<MpiWorld::OpenLanding> open;
    f.w.open_landings(open);
    CHECK(open.empty());
}

TEST_CASE("SHMEM delivery: pending puts are part of the world's value", "[shmem][delivery]") {
    Fixture f;
    const std::uint64_t before = f.w.shmem().hash();
    f.put(0, 1, 0, 1);
    CHECK(f.w.shmem().hash() != before);
    shmem::ShmemWorld copy = f.w.shmem();
    CHECK(copy == f.w.shmem());
    f.w.shmem().land_all(0);
    CHECK_FALSE(copy == f.w.shmem());
}

TEST_CASE("SHMEM delivery: two adds commute as landings, an add and a put do not",
          "[shmem][delivery]") {
    Fixture f;
    for (int origin : {0, 2}) {
        shmem::PendingPut p;
        p.target = 1;
        p.at = f.at(1, 0);
        const int one = origin + 1;
        const auto* b = reinterpret_cast<const std::byte*>(&one);
        p.data.assign(b, b + sizeof one);
        p.update = &add_at;
        p.combine = 1 << 8 | 4;
        f.w.shmem().post(origin, std::move(p));
    }
    std::vector<MpiWorld::OpenLanding> open;
    f.w.open_landings(open);
    REQUIRE(open.size() == 2);
    CHECK_FALSE(rankfold::mc::dependent(landing_of(open[0]), landing_of(open[1])));
    MpiWorld::OpenLanding plain = open[1];
    plain.combine = 0;
    CHECK(rankfold::mc::dependent(landing_of(open[0]), landing_of(plain)));
    // Either order gives the sum.
    std::string why;
    std::uintptr_t site = 0;
    REQUIRE(f.w.land_open(open[1], why, site));
    REQUIRE(f.w.land_open(open[0], why, site));
    CHECK(f.value(1, 0) == 4);
}

TEST_CASE("SHMEM delivery: a wait_until blocks until a landing satisfies it", "[shmem][delivery]") {
    Fixture f;
    RankCall wait = f.shmem_call(shmem::ShmemOp::WaitUntil);
    wait.shmem.address = f.memory.copies[1].data() + 16;
    wait.shmem.size = sizeof(int);
    wait.shmem.is_signed = true;
    wait.shmem.cmp = shmem::Compare::Eq;
    wait.shmem.operand = 5;
    CHECK(MpiWorld::waits_for_landing(wait));
    CHECK_FALSE(f.w.shmem().ready(1, wait.shmem));
    f.put(0, 1, 16, 5);
    CHECK_FALSE(f.w.shmem().ready(1, wait.shmem)); // not landed yet
    f.w.shmem().land_all(0);
    CHECK(f.w.shmem().ready(1, wait.shmem));
}

TEST_CASE("SHMEM delivery: a barrier the origin already left does not hide its later puts",
          "[shmem][delivery]") {
    Fixture f;
    const RankCall barrier = f.shmem_call(shmem::ShmemOp::BarrierAll, true);
    std::optional<shmem::ShmemFailure> failure;
    for (int p = 0; p < 3; ++p)
        REQUIRE(f.w.shmem().issue(p, barrier.shmem, failure) == Progress::Blocked);
    // PE 0 left the barrier and puts to PE 1, which still waits in it: PE 1's next step runs
    // its code, which may read the bytes.
    f.put(0, 1, 0, 9);
    CHECK(f.w.observes_open_landing(1, barrier, true));
    // The next barrier, which PE 0 has not entered, hides it again.
    CHECK_FALSE(f.w.observes_open_landing(1, barrier, false));
    REQUIRE(f.w.shmem().issue(1, barrier.shmem, failure) == Progress::Blocked);
    CHECK_FALSE(f.w.observes_open_landing(1, barrier, true));
}
