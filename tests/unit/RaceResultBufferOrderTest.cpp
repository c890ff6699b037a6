// The race monitor's pending RMA result buffers (issue 16): an operation's place in its origin's
// queue is not part of the monitor's state. It moves as earlier operations land, and a landing
// is no step of the origin, so the monitor is not told: two paths that differ only in whether
// an earlier accumulate landed before or after a Get_accumulate's issue must reach one state
// (rma-accumulate-two-origins). Two result buffers on the same bytes pending at once are still
// a race, told apart by counting them rather than by their places.
#include "mc/system/PendingBuffers.hpp"
#include "properties/races/RaceMonitor.hpp"
#include "tests/unit/RmaWindowFixture.hpp"

#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

using namespace rankfold::mpi;
using namespace rankfold::mpi::rma_test;
using rankfold::properties::PendingBuffer;
using rankfold::properties::Verdicts;
using rankfold::properties::Violation;
using rankfold::properties::races::RaceMonitor;

namespace {

// The result buffers: one place for every world, so that two worlds' monitor states can be
// equal (their ranges are part of the state).
int before[2] = {-1, -1};

class Collected : public Verdicts {
public:
    std::vector<Violation> violations;
    void report_violation(Violation v) override { violations.push_back(std::move(v)); }
    void report_warning(Violation) override {}
};

// A world of three ranks (RmaWindowFixture) and a race monitor told rank 1's pending buffers
// as MpiSystem::publish_buffers tells it after each of the rank's steps.
struct Origin {
    Fixture f;
    Collected verdicts;
    RaceMonitor monitor{verdicts, kRanks, {}};
    const int add[2] = {1, 10};

    Origin() {
        RankCall l = f.lock(1, 0, MPI_LOCK_SHARED);
        REQUIRE(f.w.issue(1, l) == Blocked);
        REQUIRE(f.w.complete(1, l) == Done);
    }

    void publish() {
        std::vector<PendingBuffer> buffers;
        rankfold::mc::rma_result_buffers(f.w, 1, buffers);
        monitor.on_pending_buffers({1, buffers});
    }

    // MPI_Accumulate(MPI_SUM) of two ints into rank 0's first two.
    void accumulate() {
        RankCall acc = f.put(1, add, 0, 0);
        acc.rma.kind = RmaKind::Accumulate;
        acc.rma.op = MPI_SUM;
        acc.rma.origin_count = 2;
        acc.rma.target_count = 2;
        REQUIRE(f.w.issue(1, acc) == Done);
        publish();
    }

    // MPI_Get_accumulate(MPI_NO_OP) of rank 0's second int into before[slot].
    void get_accumulate(int slot) {
        RankCall g = f.put(1, add, 0, 1);
        g.rma.kind = RmaKind::GetAccumulate;
        g.rma.op = MPI_NO_OP;
        g.rma.result = &before[slot];
        g.rma.result_count = 1;
        g.rma.result_type = MPI_INT;
        g.site = 0x40;
        REQUIRE(f.w.issue(1, g) == Done);
        publish();
    }

    // The explorer's choice: rank 1's oldest pending operation lands at rank 0 (no step of
    // rank 1: nothing is published).
    void land_oldest() {
        std::vector<MpiWorld::OpenLanding> open;
        f.w.open_landings(open);
        REQUIRE(!open.empty());
        std::string why;
        std::uintptr_t site = 0;
        REQUIRE(f.w.land_open(open.front(), why, site));
    }

    bool same_state(const Origin& other) const {
        const auto x = monitor.save(), y = other.monitor.save();
        REQUIRE(x);
        REQUIRE(y);
        rankfold::snapshot::FingerprintBuilder fx, fy;
        x->fingerprint(fx);
        y->fingerprint(fy);
        return x->equals(*y) && fx.digest() == fy.digest();
    }
};

} // namespace

TEST_CASE("race result buffers: an accumulate landing before or after a Get_accumulate's issue "
          "leaves one monitor state",
          "[races][rma]") {
    Origin late, early;
    // late: the accumulate lands after the Get_accumulate was issued (its result buffer was
    // second in the queue then); early: before (first).
    late.accumulate();
    late.get_accumulate(0);
    late.land_oldest();
    early.accumulate();
    early.land_oldest();
    early.get_accumulate(0);
    CHECK(late.same_state(early));
    CHECK(late.verdicts.violations.empty());
    CHECK(early.verdicts.violations.empty());
    // Once the Get_accumulate landed too, nothing is pending: no monitor state at all.
    late.land_oldest();
    early.land_oldest();
    late.publish();
    early.publish();
    CHECK_FALSE(late.monitor.save());
    CHECK_FALSE(early.monitor.save());
}

TEST_CASE("race result buffers: two Get_accumulate into one result buffer pending at once race; "
          "one after the other's landing does not",
          "[races][rma]") {
    Origin racy, ordered;
    racy.get_accumulate(0);
    racy.get_accumulate(0); // the same call, the same bytes: told apart by count alone
    REQUIRE(racy.verdicts.violations.size() == 1);
    CHECK(racy.verdicts.violations[0].subkind == std::string("local-buffer"));
    CHECK(racy.verdicts.violations[0].message.find("MPI_Get_accumulate (result buffer)") !=
          std::string::npos);
    ordered.get_accumulate(0);
    ordered.land_oldest();
    ordered.get_accumulate(0);
    CHECK(ordered.verdicts.violations.empty());
    // A different result buffer is no race, and a state of its own.
    Origin apart;
    apart.get_accumulate(0);
    apart.get_accumulate(1);
    CHECK(apart.verdicts.violations.empty());
    CHECK_FALSE(apart.same_state(ordered));
}
