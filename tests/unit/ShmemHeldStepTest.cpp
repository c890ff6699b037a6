// A PE's step that would complete its own puts (a quiet, a barrier that starts with one) while
// their target could see them land is not offered as a LandingDeferred: taking it would land
// them inside that step, so it would conflict with every step of the target, yet
// DependencyTable orders two ranks' LandingDeferreds by footprint alone (`--check-independence`
// found that on shmem-ctx-destroyed-fixed and shmem-generic-ctx: one PE's quiet "disabled" the
// other's held step by landing what held it). Its landings are offered one by one instead, and
// the step once they have landed. These tests list the choices of a two-PE exchange through
// OpenChoices and check the relation on each pair it calls independent.
#include "ShmemWorldFixture.hpp"
#include "mc/runtime/RankTable.hpp"
#include "mc/system/OpenChoices.hpp"
#include "mc/system/transitions/DependencyTable.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

using namespace rankfold::mc;
namespace mpi = rankfold::mpi;
namespace shmem = rankfold::shmem;

namespace {

struct Exchange : rankfold::test::ShmemWorldFixture<3> {
    RankTable ranks{3};
    std::array<mpi::RankCall, 3> calls{};
    OpenChoices open{SystemOptions{}, ranks, w};

    Exchange() {
        for (int r = 0; r < 3; ++r) {
            ranks.slot(r).control.call = &calls[static_cast<std::size_t>(r)];
            ranks.set_status(r, RankStatus::Finished);
        }
    }
    void put(int origin, int target) {
        shmem::PendingPut p;
        p.target = target;
        p.at = reinterpret_cast<std::uintptr_t>(
            memory.copies[static_cast<std::size_t>(target)].data());
        p.data.assign(4, std::byte{1});
        w.shmem().post(origin, std::move(p));
    }
    // `rank` about to issue a shmem call (ShmemOp::Quiet completes its puts; BarrierAll without
    // completes_puts, shmem_sync_all, does not).
    void at(int rank, shmem::ShmemOp op) {
        mpi::RankCall& c = calls[static_cast<std::size_t>(rank)];
        c = mpi::RankCall{.kind = mpi::CallKind::Shmem, .name = "shmem"};
        c.shmem.op = op;
        ranks.set_status(rank, RankStatus::AtCall);
    }
    std::vector<Transition> choices() {
        std::vector<Transition> out;
        open.list(out);
        return out;
    }
    void land(int origin, int target) {
        std::vector<mpi::MpiWorld::OpenLanding> landings;
        w.open_landings(landings);
        const auto l = std::ranges::find_if(landings, [&](const mpi::MpiWorld::OpenLanding& x) {
            return x.origin == origin && x.target == target;
        });
        REQUIRE(l != landings.end());
        std::string why;
        std::uintptr_t site = 0;
        REQUIRE(w.land_open(*l, why, site));
    }
};

bool has(const std::vector<Transition>& out, TransitionKind kind, int rank, int outcome = 0) {
    return std::ranges::any_of(out, [&](const Transition& t) {
        return t.kind == kind && t.rank == rank &&
               (kind != TransitionKind::RemoteLanding || t.outcome == outcome);
    });
}

} // namespace

TEST_CASE("SHMEM held step: a quiet that would land puts its target could see waits for them",
          "[shmem][delivery][dependency]") {
    Exchange x;
    x.put(0, 1);
    x.put(1, 0);
    x.at(0, shmem::ShmemOp::Quiet);
    x.at(1, shmem::ShmemOp::Quiet);
    std::vector<Transition> out = x.choices();
    // Both PEs are held by the other's put and at a quiet that completes their own: only
    // the landings are choices.
    CHECK(has(out, TransitionKind::RemoteLanding, 0, 1));
    CHECK(has(out, TransitionKind::RemoteLanding, 1, 0));
    CHECK_FALSE(has(out, TransitionKind::LandingDeferred, 0));
    CHECK_FALSE(has(out, TransitionKind::LandingDeferred, 1));

    // PE 0's put has landed: its quiet lands nothing PE 1 could see, so PE 0 may go on while
    // PE 1's put is still pending (the "not yet" of that landing).
    x.land(0, 1);
    out = x.choices();
    CHECK(has(out, TransitionKind::LandingDeferred, 0));
    CHECK(has(out, TransitionKind::RemoteLanding, 1, 0));
    CHECK_FALSE(has(out, TransitionKind::LandingDeferred, 1));
}

TEST_CASE("SHMEM held step: a step that completes nothing is still offered beside the landing",
          "[shmem][delivery][dependency]") {
    Exchange x;
    x.put(0, 1);
    x.put(1, 0);
    x.at(0, shmem::ShmemOp::BarrierAll); // shmem_sync_all: completes nothing
    x.at(1, shmem::ShmemOp::BarrierAll);
    const std::vector<Transition> out = x.choices();
    CHECK(has(out, TransitionKind::LandingDeferred, 0));
    CHECK(has(out, TransitionKind::LandingDeferred, 1));
    CHECK(has(out, TransitionKind::RemoteLanding, 0, 1));
    CHECK(has(out, TransitionKind::RemoteLanding, 1, 0));
    // The relation: each PE's held step sees the landing to it and not the one it sent;
    // the two held steps commute (neither lands anything).
    const auto find = [&](TransitionKind kind, int rank) {
        return *std::ranges::find_if(
            out, [&](const Transition& t) { return t.kind == kind && t.rank == rank; });
    };
    const Transition step0 = find(TransitionKind::LandingDeferred, 0);
    const Transition step1 = find(TransitionKind::LandingDeferred, 1);
    const Transition land01 = find(TransitionKind::RemoteLanding, 0);
    const Transition land10 = find(TransitionKind::RemoteLanding, 1);
    CHECK_FALSE(dependent(step0, step1));
    CHECK(dependent(land01, step1));
    CHECK(dependent(land10, step0));
}

TEST_CASE("SHMEM held step: no choice offered is a step that lands another rank's view",
          "[shmem][delivery][dependency]") {
    // Every listed LandingDeferred of a rank at a call that completes puts: none of those puts
    // may be one another rank with a choice could see (else the step lands it unseen by the
    // relation). Checked over the three-PE states of one ring of puts.
    for (const shmem::ShmemOp op0 : {shmem::ShmemOp::Quiet, shmem::ShmemOp::BarrierAll}) {
        for (const shmem::ShmemOp op1 : {shmem::ShmemOp::Quiet, shmem::ShmemOp::BarrierAll}) {
            Exchange x;
            x.put(0, 1);
            x.put(1, 2);
            x.put(2, 0);
            x.at(0, op0);
            x.at(1, op1);
            x.at(2, shmem::ShmemOp::Quiet);
            const std::vector<Transition> out = x.choices();
            std::vector<int> targets;
            for (const Transition& t : out) {
                if (t.kind != TransitionKind::LandingDeferred) continue;
                x.w.landings_completed_by(t.rank, x.calls[static_cast<std::size_t>(t.rank)],
                                          targets);
                INFO("PE " << t.rank << " at op " << static_cast<int>(op0) << "/"
                           << static_cast<int>(op1));
                CHECK(targets.empty());
            }
            CHECK_FALSE(has(out, TransitionKind::LandingDeferred, 2)); // its quiet lands 2->0
            // PE 2's put lands at PE 0: PE 0's held step sees it, PE 1's does not.
            const auto land20 = std::ranges::find_if(out, [](const Transition& t) {
                return t.kind == TransitionKind::RemoteLanding && t.rank == 2;
            });
            REQUIRE(land20 != out.end());
            for (const Transition& t : out)
                if (t.kind == TransitionKind::LandingDeferred)
                    CHECK(dependent(*land20, t) == (t.rank == 0));
        }
    }
}
