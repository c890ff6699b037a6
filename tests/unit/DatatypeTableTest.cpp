// A rank's datatype table: fixed predefined handles, derived handles in the lowest free slot,
// equal histories giving equal tables, commit and free, leaks.
#include "simulated-mpi/src/DatatypeTable.hpp"
#include "simulated-mpi/src/TypeConstructors.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

using namespace rankfold::mpi;

namespace {

Typemap ints(int n) {
    return *make_contiguous(n, *predefined_typemap(MPI_INT));
}

std::uint64_t digest(const DatatypeTable& t) {
    StateHasher h;
    t.feed(h);
    return h.digest();
}

constexpr MPI_Datatype kFirstDerived = RF_HANDLE(RF_KIND_DATATYPE, RF_PREDEFINED_DATATYPE_COUNT);

} // namespace

TEST_CASE("predefined datatypes are found in every table and always committed", "[datatype]") {
    DatatypeTable t;
    REQUIRE(t.find(MPI_DOUBLE));
    CHECK(t.find(MPI_DOUBLE)->size() == sizeof(double));
    CHECK(t.committed(MPI_DOUBLE));
    CHECK(t.derived(MPI_DOUBLE) == nullptr);
    CHECK_FALSE(t.find(MPI_DATATYPE_NULL));
    CHECK_FALSE(t.find(MPI_COMM_WORLD)); // a handle of another kind
    CHECK_FALSE(t.find(kFirstDerived));
    CHECK_FALSE(t.release(MPI_INT));
    CHECK_FALSE(t.commit(MPI_INT)); // nothing to do: the caller accepts predefined types
    CHECK(std::string(datatype_name(MPI_LONG_LONG)) == "MPI_LONG_LONG_INT");
}

TEST_CASE("derived handles: lowest free slot first, trailing free slots dropped", "[datatype]") {
    DatatypeTable a;
    const MPI_Datatype x = a.create(ints(2), 0x10);
    const MPI_Datatype y = a.create(ints(3), 0x20);
    CHECK(x == kFirstDerived);
    CHECK(y == kFirstDerived + 1);
    CHECK_FALSE(a.committed(x));
    CHECK(a.commit(x));
    CHECK(a.commit(x)); // again is fine
    CHECK(a.committed(x));
    CHECK(a.find(y)->size() == 12);
    REQUIRE(a.release(x));
    CHECK_FALSE(a.find(x));
    CHECK_FALSE(a.release(x));
    CHECK(a.create(ints(4), 0x30) == x); // the freed slot is reused

    const auto leaks = a.leaked();
    REQUIRE(leaks.size() == 2);
    CHECK(leaks[0].first == x);
    CHECK(leaks[0].second->site == 0x30);
    CHECK(leaks[1].first == y);

    // Creating and freeing comes back to the same value.
    DatatypeTable b;
    const DatatypeTable empty;
    const MPI_Datatype z = b.create(ints(2), 0x10);
    CHECK_FALSE(b == empty);
    CHECK(digest(b) != digest(empty));
    b.release(z);
    CHECK(b == empty);
    CHECK(digest(b) == digest(empty));
}

TEST_CASE("a typemap outlives the free of its handle for whoever holds it", "[datatype]") {
    DatatypeTable t;
    const MPI_Datatype x = t.create(ints(5), 0);
    const TypemapRef held = t.find(x);
    t.release(x);
    REQUIRE(held);
    CHECK(held->size() == 20);
    // Tables compare by value: the same typemap created twice is the same state.
    DatatypeTable u, v;
    u.create(ints(5), 7);
    v.create(ints(5), 7);
    CHECK(u == v);
    CHECK(digest(u) == digest(v));
}
