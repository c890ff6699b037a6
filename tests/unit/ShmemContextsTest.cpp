// Completion per OpenSHMEM context (issue 14): a context's puts are a stream of their own —
// ordered among themselves to each target, independent of the other contexts' —, a quiet of
// one context lands only that context's puts, and the calls that start with a quiet (a
// barrier) land every context's. The race monitor follows: a quiet of context B completes
// nothing of context A, and a flag's landing tells its waiter what the origin had quieted.
#include "ShmemWorldFixture.hpp"
#include "properties/races/RemoteRaces.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-shmem/interface/SymmetricMemory.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <cstring>

using namespace rankfold::mpi;
namespace shmem = rankfold::shmem;
namespace props = rankfold::properties;

namespace {

// Two PEs.
struct Contexts : rankfold::test::ShmemWorldFixture<2> {
    int value(std::size_t offset) {
        int v = 0;
        std::memcpy(&v, memory.copies[1].data() + offset, sizeof v);
        return v;
    }
    // PE 0 puts `v` at `offset` of PE 1 on `context`.
    void put(int context, std::size_t offset, int v) {
        shmem::PendingPut p;
        p.target = 1;
        p.at = reinterpret_cast<std::uintptr_t>(memory.copies[1].data() + offset);
        const auto* b = reinterpret_cast<const std::byte*>(&v);
        p.data.assign(b, b + sizeof v);
        p.context = context;
        w.shmem().post(0, std::move(p));
    }
    shmem::ShmemCall quiet(int context) {
        shmem::ShmemCall c;
        c.op = shmem::ShmemOp::Quiet;
        c.context = context;
        return c;
    }
    std::size_t open() const {
        std::vector<MpiWorld::OpenLanding> landings;
        w.open_landings(landings);
        return landings.size();
    }
};

} // namespace

TEST_CASE("SHMEM contexts: each context's puts to a target are a stream of their own",
          "[shmem][contexts]") {
    Contexts c;
    c.put(1, 0, 1);
    c.put(1, 0, 2);
    c.put(2, 8, 3);
    c.put(0, 16, 4);
    // The oldest of each context may land: three choices, not one.
    std::vector<MpiWorld::OpenLanding> landings;
    c.w.open_landings(landings);
    REQUIRE(landings.size() == 3);
    // Landing context 2's put first is possible, while context 1's are still on their way.
    for (const MpiWorld::OpenLanding& l : landings)
        if (l.begin == reinterpret_cast<std::uintptr_t>(c.memory.copies[1].data() + 8)) {
            std::string why;
            std::uintptr_t site = 0;
            REQUIRE(c.w.land_open(l, why, site));
        }
    CHECK(c.value(8) == 3);
    CHECK(c.value(0) == 0);
}

TEST_CASE("SHMEM contexts: a quiet completes its own context's puts only", "[shmem][contexts]") {
    Contexts c;
    c.put(1, 0, 7);
    c.put(0, 16, 9);
    std::optional<shmem::ShmemFailure> failure;
    // shmem_ctx_quiet of another context: nothing lands.
    std::vector<int> targets;
    RankCall call;
    call.kind = CallKind::Shmem;
    call.name = "shmem_ctx_quiet";
    call.shmem = c.quiet(2);
    c.w.landings_completed_by(0, call, targets);
    CHECK(targets.empty());
    REQUIRE(c.w.shmem().issue(0, c.quiet(2), failure) == Progress::Done);
    CHECK(c.open() == 2);
    // shmem_quiet (the default context): only the default context's put.
    REQUIRE(c.w.shmem().issue(0, c.quiet(0), failure) == Progress::Done);
    CHECK(c.value(16) == 9);
    CHECK(c.value(0) == 0);
    CHECK(c.open() == 1);
    // A barrier starts with a quiet of every context.
    shmem::ShmemCall barrier;
    barrier.op = shmem::ShmemOp::BarrierAll;
    barrier.completes_puts = true;
    call.shmem = barrier;
    c.w.landings_completed_by(0, call, targets);
    CHECK(targets == std::vector<int>{1});
    REQUIRE(c.w.shmem().issue(0, barrier, failure) == Progress::Blocked);
    CHECK(c.value(0) == 7);
    CHECK(c.open() == 0);
}

TEST_CASE("SHMEM contexts: contexts are part of the world's value", "[shmem][contexts]") {
    Contexts c;
    const shmem::ShmemWorld before = c.w.shmem();
    const std::uint64_t hash = c.w.shmem().hash();
    c.w.shmem().pe(0).contexts.push_back({true, 0, 0});
    CHECK_FALSE(c.w.shmem() == before);
    CHECK(c.w.shmem().hash() != hash);
    c.w.shmem().pe(0).contexts[0].alive = false;
    CHECK(c.w.shmem().hash() != hash); // a destroyed context's place stays
}

TEST_CASE("SHMEM contexts: the race monitor completes per context", "[races][shmem][contexts]") {
    using namespace props;
    const auto put = [](int context, ByteRange bytes) {
        RemoteOpEvent e;
        e.origin = 0;
        e.target = 1;
        e.window = shmem_context_window(context);
        e.bytes = bytes;
        e.writes = true;
        e.site = 1;
        e.name = "shmem_ctx_int_p";
        return e;
    };
    // Quiet of context 2, then the flag on the default context: the data on context 1 is
    // still unordered with PE 1's read after its wait.
    races::RemoteRaces wrong(2);
    REQUIRE_FALSE(wrong.issue(put(1, {100, 104})));
    wrong.complete({0, shmem_context_window(2), -1, true, 0});
    REQUIRE_FALSE(wrong.issue(put(0, {200, 204})));
    wrong.complete({0, kShmemWindow, 1, false, shmem_signal_token(1, 200)});
    wrong.sync({1, SyncStep::Acquire, shmem_signal_token(1, 200)});
    CHECK(wrong.access(1, {100, 104}, false));
    // Quiet of context 1 before the flag: the flag's waiter learns the data is complete.
    races::RemoteRaces fixed(2);
    REQUIRE_FALSE(fixed.issue(put(1, {100, 104})));
    fixed.complete({0, shmem_context_window(1), -1, true, 0});
    REQUIRE_FALSE(fixed.issue(put(0, {200, 204})));
    fixed.complete({0, kShmemWindow, 1, false, shmem_signal_token(1, 200)});
    fixed.sync({1, SyncStep::Acquire, shmem_signal_token(1, 200)});
    CHECK_FALSE(fixed.access(1, {100, 104}, false));
    // Every context at once (a barrier's quiet).
    races::RemoteRaces all(2);
    REQUIRE_FALSE(all.issue(put(3, {100, 104})));
    all.complete({0, kShmemAllContexts, -1, true, 0});
    for (int k = 0; k < 2; ++k)
        all.sync({k, SyncStep::Arrive, sync_token(SyncChannel::Collective, 9)});
    for (int k = 0; k < 2; ++k)
        all.sync({k, SyncStep::Depart, sync_token(SyncChannel::Collective, 9)});
    CHECK_FALSE(all.access(1, {100, 104}, true));
}

TEST_CASE("SHMEM contexts: a team's live contexts are the ones shmem_team_destroy destroys",
          "[shmem][contexts]") {
    Contexts c;
    auto& contexts = c.w.shmem().pe(0).contexts;
    contexts.push_back({true, 0, 2});  // handle 1: of team 2
    contexts.push_back({true, 0, 0});  // handle 2: of the world
    contexts.push_back({false, 0, 2}); // handle 3: of team 2, destroyed already
    contexts.push_back({true, 0, 2});  // handle 4: of team 2
    CHECK(c.w.shmem().team_contexts(0, 2) == std::vector<int>{1, 4});
    CHECK(c.w.shmem().team_contexts(0, 0) == std::vector<int>{2});
    CHECK(c.w.shmem().team_contexts(1, 2).empty()); // PE 1 made none
}
