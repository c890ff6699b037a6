// Teams and collectives of the simulated OpenSHMEM on a fake symmetric memory of four PEs:
// splits make the teams the standard describes, a collective moves its data only once its
// last member has entered (and completes only then), members must agree, and a PE outside a
// team cannot use it.
#include "simulated-shmem/interface/ShmemWorld.hpp"
#include "simulated-shmem/interface/SymmetricMemory.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <cstring>
#include <functional>
#include <vector>

using namespace rankfold::shmem;
using rankfold::mpi::Misuse;
using rankfold::mpi::Progress;

namespace {

constexpr int kPes = 4;

// Each PE's "program copy" is 64 ints; the same index is the same symmetric object.
struct FourCopies final : SymmetricMemory {
    alignas(64) std::array<std::array<int, 64>, kPes> copies{};
    void* translate(int pe, const void* address, std::size_t bytes, int target) const override {
        const auto* p = static_cast<const std::byte*>(address);
        const auto* base = reinterpret_cast<const std::byte*>(copies[std::size_t(pe)].data());
        if (p < base || p + bytes > base + sizeof(copies[0])) return nullptr;
        const auto* there = reinterpret_cast<const std::byte*>(copies[std::size_t(target)].data());
        return const_cast<std::byte*>(there + (p - base));
    }
    std::byte* heap(int) const override { return nullptr; }
    std::size_t heap_size() const override { return 0; }
};

struct Fixture {
    FourCopies memory;
    ShmemWorld world{kPes};
    std::optional<ShmemFailure> failure;
    Fixture() {
        install_symmetric_memory(&memory);
        ShmemCall init;
        init.op = ShmemOp::Init;
        for (int p = 0; p < kPes; ++p) world.issue(p, init, failure);
    }
    ~Fixture() { install_symmetric_memory(nullptr); }
    int* at(int pe, int index) { return &memory.copies[std::size_t(pe)][std::size_t(index)]; }
    // Every member of the call's team issues it (addresses of PE `p` at the same indices),
    // then every one completes.
    void run(const std::vector<int>& pes, const std::function<ShmemCall(int)>& make) {
        for (int p : pes) {
            ShmemCall c = make(p);
            REQUIRE(world.issue(p, c, failure) == Progress::Blocked);
        }
        for (int p : pes) {
            ShmemCall c = make(p);
            REQUIRE(world.ready(p, c));
            REQUIRE(world.complete(p, c, failure) == Progress::Done);
        }
        REQUIRE_FALSE(failure);
    }
};

std::vector<int> pes_of(const Team& team) {
    std::vector<int> pes;
    for (const TeamMember& m : team.members) pes.push_back(m.pe);
    return pes;
}

} // namespace

TEST_CASE("shmem teams: split_strided picks start + k * stride of the parent", "[shmem]") {
    Fixture f;
    std::array<int, kPes> handles{};
    f.run({0, 1, 2, 3}, [&](int p) {
        ShmemCall c;
        c.op = ShmemOp::TeamSplit;
        c.team = 0;
        c.root = 1;
        c.stride = 2;
        c.extent = 2;
        c.new_team = &handles[std::size_t(p)];
        return c;
    });
    REQUIRE(handles == std::array<int, kPes>{-1, 2, -1, 2});
    const Team& odd = *f.world.team(2);
    REQUIRE(pes_of(odd) == std::vector<int>{1, 3});
    REQUIRE(odd.index_of(3) == 1);
    REQUIRE(odd.index_of(0) == -1);
}

TEST_CASE("shmem teams: split_2d makes one team per row and one per column", "[shmem]") {
    Fixture f;
    std::array<int, kPes> x{}, y{};
    f.run({0, 1, 2, 3}, [&](int p) {
        ShmemCall c;
        c.op = ShmemOp::TeamSplit2d;
        c.extent = 3; // rows {0, 1, 2} and {3}; columns {0, 3}, {1}, {2}
        c.new_team = &x[std::size_t(p)];
        c.new_team_y = &y[std::size_t(p)];
        return c;
    });
    REQUIRE(pes_of(*f.world.team(x[0])) == std::vector<int>{0, 1, 2});
    REQUIRE(x[1] == x[0]);
    REQUIRE(pes_of(*f.world.team(x[3])) == std::vector<int>{3});
    REQUIRE(pes_of(*f.world.team(y[0])) == std::vector<int>{0, 3});
    REQUIRE(y[3] == y[0]);
    REQUIRE(pes_of(*f.world.team(y[2])) == std::vector<int>{2});
}

TEST_CASE("shmem collectives: a reduction moves data when its last member enters", "[shmem]") {
    Fixture f;
    for (int p = 0; p < kPes; ++p) *f.at(p, 0) = 10 * (p + 1);
    auto sum = [](void* acc, const void* in, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i)
            static_cast<int*>(acc)[i] += static_cast<const int*>(in)[i];
    };
    auto make = [&](int p) {
        ShmemCall c;
        c.op = ShmemOp::Reduce;
        c.source = f.at(p, 0);
        c.address = f.at(p, 1);
        c.size = sizeof(int);
        c.count = 1;
        c.combine = sum;
        return c;
    };
    for (int p = 0; p < kPes - 1; ++p) {
        ShmemCall c = make(p);
        REQUIRE(f.world.issue(p, c, f.failure) == Progress::Blocked);
        REQUIRE_FALSE(f.world.ready(0, c));
        REQUIRE(*f.at(0, 1) == 0);
    }
    // Before the last one enters, PE 0 may still change its source: the sum sees the change.
    *f.at(0, 0) = 1;
    ShmemCall last = make(kPes - 1);
    REQUIRE(f.world.issue(kPes - 1, last, f.failure) == Progress::Blocked);
    for (int p = 0; p < kPes; ++p) {
        REQUIRE(*f.at(p, 1) == 1 + 20 + 30 + 40);
        ShmemCall c = make(p);
        REQUIRE(f.world.ready(p, c));
        REQUIRE(f.world.complete(p, c, f.failure) == Progress::Done);
    }
}

TEST_CASE("shmem collectives: alltoall sends block j of PE i to block i of PE j", "[shmem]") {
    Fixture f;
    for (int i = 0; i < kPes; ++i)
        for (int j = 0; j < kPes; ++j) *f.at(i, j) = 10 * i + j;
    f.run({0, 1, 2, 3}, [&](int p) {
        ShmemCall c;
        c.op = ShmemOp::Alltoall;
        c.source = f.at(p, 0);
        c.address = f.at(p, 8);
        c.size = sizeof(int);
        c.count = 1;
        return c;
    });
    for (int j = 0; j < kPes; ++j)
        for (int i = 0; i < kPes; ++i) REQUIRE(*f.at(j, 8 + i) == 10 * i + j);
}

TEST_CASE("shmem collectives: members must agree on the root", "[shmem]") {
    Fixture f;
    for (int p = 0; p < kPes; ++p) {
        ShmemCall c;
        c.op = ShmemOp::Broadcast;
        c.source = f.at(p, 0);
        c.address = f.at(p, 1);
        c.size = sizeof(int);
        c.count = 1;
        c.root = p == 2 ? 1 : 0;
        REQUIRE(f.world.issue(p, c, f.failure) == Progress::Blocked);
    }
    ShmemCall c;
    c.op = ShmemOp::Broadcast;
    c.size = sizeof(int);
    c.count = 1;
    REQUIRE(f.world.complete(0, c, f.failure) == Progress::Failed);
    REQUIRE(f.failure->misuse == Misuse::CollectiveMismatch);
    REQUIRE(f.failure->message.find("root 1") != std::string::npos);
}

TEST_CASE("shmem collectives: a team without the PE, or destroyed by it, is refused", "[shmem]") {
    Fixture f;
    std::array<int, kPes> handles{};
    f.run({0, 1, 2, 3}, [&](int p) {
        ShmemCall c;
        c.op = ShmemOp::TeamSplit;
        c.root = 0;
        c.stride = 1;
        c.extent = 2;
        c.new_team = &handles[std::size_t(p)];
        return c;
    });
    ShmemCall sync;
    sync.op = ShmemOp::TeamSync;
    sync.team = handles[0];
    REQUIRE(f.world.issue(3, sync, f.failure) == Progress::Failed);
    REQUIRE(f.failure->misuse == Misuse::InvalidTeam);
    f.failure.reset();
    f.world.team(handles[0])->members[0].destroyed = true;
    REQUIRE(f.world.issue(0, sync, f.failure) == Progress::Failed);
    REQUIRE(f.failure->misuse == Misuse::InvalidTeam);
    sync.team = 99;
    REQUIRE(f.world.issue(1, sync, f.failure) == Progress::Failed);
}

TEST_CASE("shmem collectives: an active set is one team, found again by its members", "[shmem]") {
    Fixture f;
    const int evens = f.world.active_set(0, 2, 2);
    REQUIRE(pes_of(*f.world.team(evens)) == std::vector<int>{0, 2});
    REQUIRE(f.world.active_set(0, 2, 2) == evens);
    REQUIRE(f.world.active_set(0, 1, 4) != evens);
    REQUIRE(f.world.active_set(0, 1, 4) != 0); // not the world team: its collectives apart
    // The 1.4 broadcast leaves the root's dest alone.
    *f.at(2, 0) = 7;
    f.run({0, 2}, [&](int p) {
        ShmemCall c;
        c.op = ShmemOp::Broadcast;
        c.team = evens;
        c.source = f.at(p, 0);
        c.address = f.at(p, 1);
        c.size = sizeof(int);
        c.count = 1;
        c.root = 1;
        c.extent = 1;
        return c;
    });
    REQUIRE(*f.at(0, 1) == 7);
    REQUIRE(*f.at(2, 1) == 0);
}
