// CommRegistry: the predefined communicators, handles per rank, slots reused lowest first and
// trailing ones dropped (a loop that creates and frees communicators comes back to the same
// state), leaks listed with their creation site.
#include "simulated-mpi/src/CommRegistry.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

using namespace rankfold::mpi;

namespace {
std::uint64_t digest(const CommRegistry& c) {
    StateHasher h;
    c.feed(h);
    return h.digest();
}
} // namespace

TEST_CASE("the predefined communicators") {
    CommRegistry c(3);
    CHECK(c.view(1, MPI_COMM_WORLD)->size == 3);
    CHECK(c.view(1, MPI_COMM_WORLD)->my_rank == 1);
    CHECK(c.view(1, MPI_COMM_SELF)->size == 1);
    CHECK(c.view(1, MPI_COMM_SELF)->my_rank == 0);
    CHECK(c.view(1, MPI_COMM_SELF)->id != c.view(2, MPI_COMM_SELF)->id);
    CHECK_FALSE(c.view(0, MPI_COMM_NULL));
    CHECK_FALSE(c.release(0, MPI_COMM_WORLD));
    CHECK(c.leaked(0).empty());
}

TEST_CASE("creating and freeing comes back to the same state") {
    CommRegistry c(2);
    const CommRegistry fresh = c;
    const std::uint64_t before = digest(c);
    const int id = c.create({1, 0});
    const MPI_Comm h0 = c.attach(0, id, 0x10);
    const MPI_Comm h1 = c.attach(1, id, 0x20);
    CHECK(c.view(0, h0)->my_rank == 1);
    CHECK(c.view(1, h1)->my_rank == 0);
    REQUIRE(c.leaked(0).size() == 1);
    CHECK(c.leaked(0)[0].second->site == 0x10);
    CHECK(c.release(0, h0));
    CHECK_FALSE(c.release(0, h0)); // freed twice
    CHECK_FALSE(c.view(0, h0));
    CHECK(c.view(1, h1)); // rank 1's handle lives on
    CHECK(c.release(1, h1));
    CHECK(c == fresh);
    CHECK(digest(c) == before);
}

TEST_CASE("a communicator's slot is reused only once every member has freed it") {
    CommRegistry c(2);
    const int a = c.create({0, 1});
    const MPI_Comm a0 = c.attach(0, a, 0);
    const MPI_Comm a1 = c.attach(1, a, 0);
    CHECK(c.release(0, a0));
    const int b = c.create({0, 1});
    CHECK(b != a);
    CHECK(c.release(1, a1));
    CHECK(c.create({0}) == a);
}
