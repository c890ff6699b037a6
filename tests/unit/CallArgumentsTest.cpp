#include "mc/system/CallArguments.hpp"

#include <catch2/catch.hpp>

using namespace rankfold;
using mpi::CallKind;

// Contracts name a call's parameters by their C position, and read!/write! watch a buffer's
// bytes: the decoding must follow each function's own parameter order and size its buffers.
TEST_CASE("one-sided calls decode in their C parameter order, buffers sized", "[contracts]") {
    mpi::MpiWorld world(2, mpi::Buffering::Zero);
    int buffer[4] = {};
    MPI_Request request = MPI_REQUEST_NULL;
    mpi::RankCall get;
    get.kind = CallKind::Rma;
    get.rma.kind = mpi::RmaKind::Get;
    get.rma.result = buffer;
    get.rma.result_count = 3;
    get.rma.result_type = MPI_INT;
    get.rma.target = 1;
    get.rma.target_disp = 5;
    get.rma.target_count = 3;
    get.rma.target_type = MPI_INT;
    get.rma.win = 77;
    mc::CallArgumentBuffer out;
    // MPI_Get(origin, count, type, target, disp, count, type, win)
    auto args = mc::call_arguments(get, out, &world, 0);
    REQUIRE(args.size() == 8);
    CHECK(args[0].value == reinterpret_cast<std::uintptr_t>(buffer));
    CHECK(args[0].bytes == 3 * sizeof(int));
    CHECK(args[3].value == 1);
    CHECK(args[4].value == 5);
    CHECK(args[7].value == 77);
    // Without the world (no datatypes to look at) buffers have no extent.
    CHECK(mc::call_arguments(get, out)[0].bytes == 0);

    // MPI_Rget_accumulate: 13 parameters, the longest list.
    mpi::RankCall rga = get;
    rga.rma.kind = mpi::RmaKind::GetAccumulate;
    rga.rma.origin = buffer;
    rga.rma.origin_count = 1;
    rga.rma.origin_type = MPI_INT;
    rga.rma.op = 5;
    rga.rma.request = &request;
    args = mc::call_arguments(rga, out, &world, 0);
    REQUIRE(args.size() == 13);
    CHECK(args[0].bytes == sizeof(int));
    CHECK(args[3].bytes == 3 * sizeof(int));
    CHECK(args[10].value == 5);
    CHECK(args[11].value == 77);
    CHECK(args[12].value == reinterpret_cast<std::uintptr_t>(&request));

    mpi::RankCall unlock;
    unlock.kind = CallKind::Rma;
    unlock.rma.kind = mpi::RmaKind::Unlock;
    unlock.rma.target = 1;
    unlock.rma.win = 77;
    args = mc::call_arguments(unlock, out, &world, 0);
    REQUIRE(args.size() == 2); // MPI_Win_unlock(rank, win)
    CHECK(args[1].value == 77);
}

TEST_CASE("point-to-point buffers reach count x extent", "[contracts]") {
    mpi::MpiWorld world(2, mpi::Buffering::Zero);
    double data[5] = {};
    mpi::RankCall send;
    send.kind = CallKind::Send;
    send.send_buffer = data;
    send.send_count = 5;
    send.send_type = MPI_DOUBLE;
    mc::CallArgumentBuffer out;
    const auto args = mc::call_arguments(send, out, &world, 0);
    REQUIRE(args.size() == 6);
    CHECK(args[0].bytes == sizeof data);
    CHECK(args[1].bytes == 0); // the count is no buffer
    send.send_count = 0;
    CHECK(mc::call_arguments(send, out, &world, 0)[0].bytes == 0);
}
