// ClosureEffects: what a choice's closure did to the ranks, the masks source sets order
// choices by (SourceSets::dependent).
#include "mc/system/ClosureEffects.hpp"

#include <catch2/catch.hpp>

using namespace rankfold::mc;

namespace {
constexpr std::uint64_t bit(int r) {
    return std::uint64_t{1} << r;
}
} // namespace

TEST_CASE("ClosureEffects: notes nothing until enabled", "[reduction][effects]") {
    ClosureEffects e;
    e.begin(1);
    e.ran_code(2);
    e.queue(3);
    e.everything();
    CHECK(e.effects().ran == bit(1)); // the choice's own rank, from begin
    CHECK(e.effects().resumed == 0);
    CHECK(e.effects().requests == 0);
    CHECK(e.effects().observed == 0);
}

TEST_CASE("ClosureEffects: ran, resumed, requests and observed", "[reduction][effects]") {
    ClosureEffects e;
    e.enable();
    e.begin(0);
    e.ran_code(2);          // a rank the closure ran
    e.unblocked(3);         // a rank whose wait it completed ...
    e.ran_code(3);          // ... runs on: resumed, not ran
    e.queue(4);             // a message reached rank 4
    e.completed_request(5); // a send request of rank 5 completed
    e.observed(6);          // rank 6 tested its requests
    CHECK(e.effects().ran == (bit(0) | bit(2) | bit(4)));
    CHECK(e.effects().resumed == bit(3));
    CHECK(e.effects().requests == bit(5));
    CHECK(e.effects().observed == bit(6));

    // A message reaching a resumed rank still changes its choices.
    e.queue(3);
    CHECK((e.effects().ran & bit(3)) != 0);
    // The choice's own rank is never only resumed.
    e.begin(7);
    e.unblocked(7);
    e.ran_code(7);
    CHECK(e.effects().ran == bit(7));
    CHECK(e.effects().resumed == 0);
    // A new closure starts clean.
    e.begin(1);
    e.ran_code(3);
    CHECK(e.effects().ran == (bit(1) | bit(3)));
}

TEST_CASE("ClosureEffects: shared objects and ranks past 64 touch everything",
          "[reduction][effects]") {
    ClosureEffects e;
    e.enable();
    e.begin(0);
    e.ran_code(70);
    CHECK(e.effects().ran == ClosureEffects::kAll);
    e.begin(0);
    e.everything();
    CHECK(e.effects().ran == ClosureEffects::kAll);
    CHECK(e.effects().observed == ClosureEffects::kAll);

    CHECK(touches_every_rank(rankfold::mpi::CallKind::Collective));
    CHECK(touches_every_rank(rankfold::mpi::CallKind::Rma));
    CHECK(touches_every_rank(rankfold::mpi::CallKind::Shmem));
    CHECK_FALSE(touches_every_rank(rankfold::mpi::CallKind::Send));
    CHECK_FALSE(touches_every_rank(rankfold::mpi::CallKind::Finalize));
    CHECK(observes_requests(rankfold::mpi::CallKind::Test));
    CHECK(observes_requests(rankfold::mpi::CallKind::Iprobe));
    CHECK_FALSE(observes_requests(rankfold::mpi::CallKind::Wait));
}
