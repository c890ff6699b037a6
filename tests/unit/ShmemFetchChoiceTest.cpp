// Gets and fetching atomics as choices (issue 14): while a put of another PE to the bytes a
// get reads is pending, the get is a visible call (ShmemOp::Fetch) at which the explorer may
// land that put first or not; the landings offered are the streams that write those bytes, and
// the step that reads conflicts with them by footprint. The nonblocking fetching atomics' fetch
// buffers stay the operation's until the context's quiet.
#include "ShmemWorldFixture.hpp"
#include "mc/system/transitions/DependencyTable.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"

#include <catch2/catch.hpp>

#include <cstring>

using namespace rankfold::mpi;
using rankfold::mc::Transition;
using rankfold::mc::TransitionKind;
namespace shmem = rankfold::shmem;

namespace {

struct Fetching : rankfold::test::ShmemWorldFixture<3> {
    std::uintptr_t at(int pe, std::size_t offset) {
        return reinterpret_cast<std::uintptr_t>(memory.copies[static_cast<std::size_t>(pe)].data() +
                                                offset);
    }
    void put(int origin, int target, std::size_t offset, int v, int context = 0) {
        shmem::PendingPut p;
        p.target = target;
        p.at = at(target, offset);
        const auto* b = reinterpret_cast<const std::byte*>(&v);
        p.data.assign(b, b + sizeof v);
        p.context = context;
        w.shmem().post(origin, std::move(p));
    }
    // A get of `bytes` at `offset` of `target`, as ShmemEntry::observe submits it.
    RankCall get(int target, std::size_t offset, std::size_t bytes = 4) {
        RankCall c{.kind = CallKind::Shmem, .name = "shmem_int_g"};
        c.shmem.op = shmem::ShmemOp::Fetch;
        c.shmem.root = target;
        c.shmem.address = reinterpret_cast<void*>(at(target, offset));
        c.shmem.size = bytes;
        return c;
    }
    std::vector<MpiWorld::OpenLanding> landings() const {
        std::vector<MpiWorld::OpenLanding> out;
        w.open_landings(out);
        return out;
    }
};

} // namespace

TEST_CASE("SHMEM fetch choice: a get observes the pending puts of other PEs to its bytes",
          "[shmem][fetch]") {
    Fetching f;
    f.put(0, 1, 0, 42);
    CHECK(f.w.shmem().put_pending(2, 1, f.at(1, 0), f.at(1, 4)));
    CHECK_FALSE(f.w.shmem().put_pending(2, 1, f.at(1, 4), f.at(1, 8))); // other bytes
    CHECK_FALSE(f.w.shmem().put_pending(0, 1, f.at(1, 0), f.at(1, 4))); // its own put
    CHECK(f.w.observes_open_landing(2, f.get(1, 0)));
    CHECK_FALSE(f.w.observes_open_landing(2, f.get(1, 8)));
    CHECK_FALSE(f.w.observes_open_landing(0, f.get(1, 0)));
    // Once landed there is nothing left to choose.
    f.w.shmem().land_all(0);
    CHECK_FALSE(f.w.observes_open_landing(2, f.get(1, 0)));
}

TEST_CASE("SHMEM fetch choice: the landing offered is the oldest of a stream that writes the "
          "bytes",
          "[shmem][fetch]") {
    Fetching f;
    f.put(0, 1, 8, 1);  // PE 0's oldest to PE 1: other bytes
    f.put(0, 1, 0, 2);  // behind it: the get's bytes
    f.put(2, 1, 16, 3); // PE 2's: other bytes only
    const auto open = f.landings();
    REQUIRE(open.size() == 2);
    const RankCall get = f.get(1, 0);
    const auto sees = [&](int origin) {
        for (const auto& l : open)
            if (l.origin == origin) return f.w.fetch_sees_landing(2, get, l);
        return false;
    };
    CHECK(sees(0));       // its oldest goes first, then the one the get reads
    CHECK_FALSE(sees(2)); // writes nothing the get reads
}

TEST_CASE("SHMEM fetch choice: the held step of a get conflicts with landings on its bytes",
          "[shmem][fetch]") {
    Transition held{TransitionKind::LandingDeferred, 2, -1, 0};
    held.detail = rankfold::mc::transitions::fetch_detail(1);
    held.receive_id = 1000;
    held.message_id = 1004;
    Transition on_bytes{TransitionKind::RemoteLanding, 0, -1, 1, 1000, 1004};
    on_bytes.detail = rankfold::mc::landing_detail(true, false, 0);
    Transition elsewhere{TransitionKind::RemoteLanding, 0, -1, 1, 1008, 1012};
    elsewhere.detail = on_bytes.detail;
    Transition other_target{TransitionKind::RemoteLanding, 0, -1, 0, 1000, 1004};
    other_target.detail = on_bytes.detail;
    CHECK(rankfold::mc::dependent(held, on_bytes));
    CHECK_FALSE(rankfold::mc::dependent(held, elsewhere));
    CHECK_FALSE(rankfold::mc::dependent(held, other_target));
    // A step that is no get sees nothing of another PE's landing.
    const Transition plain{TransitionKind::LandingDeferred, 2, -1, 0};
    CHECK_FALSE(rankfold::mc::dependent(plain, on_bytes));
}

TEST_CASE("SHMEM fetch choice: a nonblocking fetch buffer stays pending until its context's "
          "quiet",
          "[shmem][fetch]") {
    Fetching f;
    auto& fetches = f.w.shmem().pe(0).fetches;
    fetches.push_back({100, 8, 0, 1, "shmem_long_atomic_fetch_add_nbi"});
    fetches.push_back({200, 8, 1, 1, "shmem_ctx_long_atomic_fetch_inc_nbi"});
    const auto hash = f.w.shmem().hash();
    f.w.shmem().land_all(0, 1); // shmem_ctx_quiet of context 1
    REQUIRE(fetches.size() == 1);
    CHECK(fetches[0].buffer == 100);
    CHECK(f.w.shmem().hash() != hash);
    f.w.shmem().land_all(0); // a barrier: every context
    CHECK(fetches.empty());
}
