// The collective family functions, called directly on an operation whose parts are filed by
// hand: each moves its data between the members' buffers, or reports parts that do not fit.
#include "simulated-mpi/src/CollectiveRun.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <optional>

using namespace rankfold::mpi;
using Catch::Matchers::Contains;

namespace {
PendingCollective filed(const std::vector<CollectiveArgs>& args) {
    PendingCollective op;
    for (int i = 0; i < static_cast<int>(args.size()); ++i)
        op.parts.push_back(CollectivePart{i, args[i], "MPI_Scatterv", 0, -1, MPI_COMM_WORLD});
    op.arrived = static_cast<int>(args.size());
    return op;
}
} // namespace

TEST_CASE("scatter hands each member its block at the root's displacement", "[collective]") {
    const WorldCore world(3);
    const int send[6] = {10, 11, 12, 13, 14, 15};
    const int counts[3] = {1, 2, 1}, displs[3] = {5, 0, 3};
    int out[3][2] = {{-1, -1}, {-1, -1}, {-1, -1}};
    std::vector<CollectiveArgs> args;
    args.reserve(3);
    for (int i = 0; i < 3; ++i)
        args.push_back({.kind = CollectiveKind::Scatterv,
                        .sendbuf = send,
                        .sendtype = MPI_INT,
                        .sendcounts = counts,
                        .sdispls = displs,
                        .recvbuf = out[i],
                        .recvcount = counts[i],
                        .recvtype = MPI_INT,
                        .root = 1});
    const PendingCollective op = filed(args);
    const RankCall call{.kind = CallKind::Collective, .name = "MPI_Scatterv"};
    std::optional<MpiFailure> failure;
    CollectiveRun run(world, op, call, failure);
    REQUIRE(collective::scatter(run));
    CHECK(!failure);
    CHECK(out[0][0] == 15);
    CHECK((out[1][0] == 10 && out[1][1] == 11));
    CHECK(out[2][0] == 13);
    CHECK(out[0][1] == -1); // nothing past a member's block
}

TEST_CASE("scatter reports a member expecting another size than the root sends", "[collective]") {
    const WorldCore world(2);
    const int send[2] = {1, 2};
    int out[2][2] = {};
    std::vector<CollectiveArgs> args;
    args.reserve(2);
    for (int i = 0; i < 2; ++i)
        args.push_back({.kind = CollectiveKind::Scatter,
                        .sendbuf = send,
                        .sendcount = 1,
                        .sendtype = MPI_INT,
                        .recvbuf = out[i],
                        .recvcount = 1 + i, // member 1 expects two ints
                        .recvtype = MPI_INT});
    const PendingCollective op = filed(args);
    const RankCall call{.kind = CallKind::Collective, .name = "MPI_Scatter"};
    std::optional<MpiFailure> failure;
    CollectiveRun run(world, op, call, failure);
    CHECK_FALSE(collective::execute(run));
    REQUIRE(failure);
    CHECK(failure->code == MPI_ERR_TRUNCATE);
    CHECK(failure->misuse == Misuse::CollectiveMismatch);
    CHECK_THAT(failure->message, Contains("MPI_Scatter: rank 0 sends 4 bytes to rank 1"));
}
