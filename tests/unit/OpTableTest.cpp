// OpTable: handles after the predefined operators, lowest free slot reused, trailing free slots
// dropped (equal histories, equal tables), invalid frees refused, and a hash that agrees with ==.
#include "simulated-mpi/src/OpTable.hpp"

#include "simulated-mpi/src/ReduceOp.hpp"
#include "simulated-mpi/src/StateHasher.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

using namespace rankfold::mpi;

namespace {

void add_ints(void* in, void* inout, int* len, MPI_Datatype*) {
    for (int i = 0; i < *len; ++i) static_cast<int*>(inout)[i] += static_cast<int*>(in)[i];
}

void keep_inout(void*, void*, int*, MPI_Datatype*) {}

constexpr MPI_Op op_handle(int index) {
    return RF_HANDLE(RF_KIND_OP, index);
}

std::uint64_t digest(const OpTable& ops) {
    StateHasher h;
    feed(h, ops);
    return h.digest();
}

} // namespace

TEST_CASE("user operators get the handles after the predefined ones", "[optable]") {
    OpTable ops;
    const MPI_Op a = ops.create(add_ints, true, 0x1000);
    const MPI_Op b = ops.create(keep_inout, false, 0x2000);
    CHECK(a == op_handle(15));
    CHECK(b == op_handle(16));
    CHECK_FALSE(predefined_op(a));
    CHECK(std::string(op_name(a)) == "user-defined operator");

    REQUIRE(ops.find(a) != nullptr);
    CHECK(ops.find(a)->fn == add_ints);
    CHECK(ops.find(a)->commute);
    CHECK(ops.find(a)->site == 0x1000);
    REQUIRE(ops.find(b) != nullptr);
    CHECK(ops.find(b)->fn == keep_inout);
    CHECK_FALSE(ops.find(b)->commute);

    // The table stores the application's function; calling it is the integrator's business.
    int in[2] = {1, 2}, inout[2] = {10, 20}, len = 2;
    MPI_Datatype type = MPI_INT;
    ops.find(a)->fn(in, inout, &len, &type);
    CHECK(inout[1] == 22);
}

TEST_CASE("the lowest free slot is reused and trailing free slots are dropped", "[optable]") {
    OpTable ops;
    const MPI_Op a = ops.create(add_ints, true);
    const MPI_Op b = ops.create(add_ints, true);
    const MPI_Op c = ops.create(add_ints, true);
    REQUIRE(ops.free(b));
    CHECK(ops.find(b) == nullptr);
    CHECK(ops.find(a) != nullptr);
    CHECK(ops.find(c) != nullptr);
    CHECK(ops.create(keep_inout, false) == b); // the hole first
    CHECK(ops.create(keep_inout, false) == op_handle(18));

    // Freeing from the end shrinks the table back to what a shorter history built.
    OpTable short_history;
    short_history.create(add_ints, true);
    REQUIRE(ops.free(op_handle(18)));
    REQUIRE(ops.free(c));
    REQUIRE(ops.free(b));
    CHECK(ops == short_history);
    CHECK(digest(ops) == digest(short_history));
    CHECK(ops.create(add_ints, true) == op_handle(16));

    REQUIRE(ops.free(op_handle(16)));
    REQUIRE(ops.free(a));
    CHECK(ops == OpTable{});
    CHECK(ops.live().empty());
    CHECK(ops.create(add_ints, true) == op_handle(15));
}

TEST_CASE("freeing a predefined, null, freed or malformed handle fails and changes nothing",
          "[optable]") {
    OpTable ops;
    const MPI_Op a = ops.create(add_ints, true);
    const MPI_Op b = ops.create(keep_inout, false);
    REQUIRE(ops.free(b));
    const OpTable before = ops;
    const MPI_Op without_null_bit = a & ~0x40000000; // a's kind and index, but not a handle
    // Predefined, null, index 0 and 14, b (freed), out of range, other kinds, garbage.
    const std::vector<MPI_Op> bad = {
        MPI_SUM, MPI_MAX,       MPI_NO_OP,      MPI_OP_NULL, op_handle(0),     op_handle(14),
        b,       op_handle(99), MPI_COMM_WORLD, MPI_INT,     without_null_bit, 0,
        -1};
    for (MPI_Op op : bad) {
        INFO("handle " << op);
        CHECK_FALSE(ops.free(op));
        CHECK(ops.find(op) == nullptr);
        CHECK(ops == before);
    }
    CHECK(ops.find(a) != nullptr);
    CHECK(ops.free(a));
    CHECK_FALSE(ops.free(a)); // twice
}

TEST_CASE("live lists the allocated operators with their handles and sites", "[optable]") {
    OpTable ops;
    ops.create(add_ints, true, 0x10);
    const MPI_Op b = ops.create(keep_inout, false, 0x20);
    ops.create(add_ints, false, 0x30);
    REQUIRE(ops.free(b));
    const std::vector<LiveOp> live = ops.live();
    REQUIRE(live.size() == 2);
    CHECK(live[0].handle == op_handle(15));
    CHECK(live[0].op == UserOp{add_ints, true, 0x10});
    CHECK(live[1].handle == op_handle(17));
    CHECK(live[1].op == UserOp{add_ints, false, 0x30});
}

TEST_CASE("OpTable equality and hash: equal histories alike, every field counts", "[optable]") {
    auto build = [](MPI_User_function* fn, bool commute, std::uintptr_t site) {
        OpTable t;
        t.create(add_ints, true, 0x10);
        t.create(fn, commute, site);
        return t;
    };
    const OpTable base = build(add_ints, true, 0x20);
    const OpTable same = build(add_ints, true, 0x20);
    CHECK(base == same);
    CHECK(digest(base) == digest(same));
    OpTable copy = base; // an equal value, and an independent one
    CHECK(copy == base);
    CHECK(digest(copy) == digest(base));
    const MPI_Op extra = copy.create(add_ints, true);
    CHECK(copy != base);
    CHECK(base.find(extra) == nullptr);
    REQUIRE(copy.free(extra));
    CHECK(copy == base);

    for (const OpTable& other : {build(keep_inout, true, 0x20), build(add_ints, false, 0x20),
                                 build(add_ints, true, 0x21), OpTable{}}) {
        CHECK(other != base);
        CHECK(digest(other) != digest(base));
    }

    // Same live operators in other slots is another state: the handles differ.
    OpTable holed;
    holed.create(add_ints, true, 0x10);
    const MPI_Op gap = holed.create(add_ints, true, 0x10);
    holed.create(add_ints, true, 0x20);
    REQUIRE(holed.free(gap));
    OpTable dense = build(add_ints, true, 0x20);
    CHECK(holed != dense);
    CHECK(digest(holed) != digest(dense));
}
