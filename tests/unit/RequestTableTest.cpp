// RequestTable: per-rank slots, lowest free slot first, trailing free slots dropped, and a
// request freed by the program while active goes away when it finishes.
#include "simulated-mpi/src/RequestTable.hpp"
#include "simulated-mpi/src/Handles.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

using namespace rankfold::mpi;

namespace {
int take(RequestTable& t, int rank) {
    const int slot = t.create(rank);
    t.at(rank, slot).kind = Request::Kind::Send;
    t.at(rank, slot).active = true;
    return slot;
}
} // namespace

TEST_CASE("request slots are reused lowest first, per rank", "[requests]") {
    RequestTable t(2);
    CHECK(take(t, 0) == 0);
    CHECK(take(t, 0) == 1);
    CHECK(take(t, 0) == 2);
    CHECK(take(t, 1) == 0); // ranks have their own tables
    t.release(0, 1);
    t.release(0, 0);
    CHECK(t.find(0, make_handle(RF_KIND_REQUEST, 1)) == nullptr);
    CHECK(take(t, 0) == 0); // the lowest free slot, not the last freed
    CHECK(take(t, 0) == 1);
    CHECK(take(t, 0) == 3);
}

TEST_CASE("trailing free slots are dropped, so equal histories give equal tables", "[requests]") {
    RequestTable a(1), b(1);
    take(a, 0);
    take(a, 0);
    a.release(0, 1);
    take(b, 0);
    CHECK(a == b);
    CHECK(a.slot(0, 1) == nullptr);
    CHECK(a.slot(0, 0) != nullptr);
}

TEST_CASE("finish completes a request, and releases one the program freed", "[requests]") {
    RequestTable t(1);
    const int kept = take(t, 0);
    const int freed = take(t, 0);
    t.at(0, freed).user_freed = true;
    t.finish(0, kept);
    t.finish(0, freed);
    CHECK(t.at(0, kept).complete);
    CHECK(t.slot(0, freed) == nullptr);
    CHECK(t.unfinished(0).size() == 1);
    CHECK(t.find(0, MPI_REQUEST_NULL) == nullptr);
}
