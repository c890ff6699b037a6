// Packing and unpacking through typemaps: the data bytes in typemap order, element i at
// i * extent, negative displacements, partial last elements.
#include "simulated-mpi/src/TypePacking.hpp"
#include "simulated-mpi/src/TypeConstructors.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <array>
#include <cstring>
#include <vector>

using namespace rankfold::mpi;

namespace {

Typemap basic(MPI_Datatype type) {
    return Typemap::predefined(*predefined_index(type));
}

std::vector<int> ints(const Payload& p) {
    std::vector<int> out(p.size() / sizeof(int));
    std::memcpy(out.data(), p.data(), out.size() * sizeof(int));
    return out;
}

} // namespace

TEST_CASE("a matrix column packs as its elements in order; resized columns transpose",
          "[datatype]") {
    const std::array<int, 9> m{0, 1, 2, 3, 4, 5, 6, 7, 8};
    const Typemap column = *make_vector(3, 1, 3, basic(MPI_INT));
    Payload p;
    REQUIRE(pack(m.data() + 1, 1, column, p));
    CHECK(ints(p) == std::vector<int>{1, 4, 7});

    // Three columns resized to one int each: the transpose, packed.
    const Typemap resized = *make_resized(column, 0, sizeof(int));
    Payload t;
    REQUIRE(pack(m.data(), 3, resized, t));
    CHECK(ints(t) == std::vector<int>{0, 3, 6, 1, 4, 7, 2, 5, 8});

    // Unpacking through the same type gives the matrix back.
    std::array<int, 9> back{};
    REQUIRE(unpack(t.data(), t.size(), resized, back.data()));
    CHECK(back == m);
    std::array<int, 9> again{};
    REQUIRE(unpack(p.data(), p.size(), column, again.data()));
    CHECK(again == std::array<int, 9>{1, 0, 0, 4, 0, 0, 7, 0, 0});
}

TEST_CASE("elements follow the lb and extent; displacements may be negative", "[datatype]") {
    // resized(int, -4, 16): element i's int at buf + 16 i, the element spanning [-4, 12).
    std::array<int, 12> a{};
    for (int k = 0; k < 12; ++k) a[k] = k;
    const Typemap r = *make_resized(basic(MPI_INT), -4, 16);
    Payload p;
    REQUIRE(pack(a.data() + 1, 3, r, p));
    CHECK(ints(p) == std::vector<int>{1, 5, 9});

    // indexed {1, 1} at {2, -1}: ints at +8 and -4, in that order.
    const std::int64_t len[] = {1, 1}, disp[] = {2, -1};
    const Typemap x = *make_indexed(len, disp, basic(MPI_INT));
    Payload q;
    REQUIRE(pack(a.data() + 4, 2, x, q)); // extent 16: second element 4 ints further
    CHECK(ints(q) == std::vector<int>{6, 3, 10, 7});
    std::array<int, 12> b{};
    REQUIRE(unpack(q.data(), q.size(), x, b.data() + 4));
    CHECK(b == std::array<int, 12>{0, 0, 0, 3, 0, 0, 6, 7, 0, 0, 10, 0});
}

TEST_CASE("a struct with padding packs only its data; a short message fills a prefix",
          "[datatype]") {
    struct Item {
        char c;
        double d;
    };
    const Typemap c = basic(MPI_CHAR), d = basic(MPI_DOUBLE);
    const StructMember members[] = {{MPI_CHAR, &c, 1, offsetof(Item, c)},
                                    {MPI_DOUBLE, &d, 1, offsetof(Item, d)}};
    const Typemap t = *make_struct(members);
    REQUIRE(t.extent() == static_cast<std::int64_t>(sizeof(Item)));
    const std::array<Item, 2> items{{{'a', 1.5}, {'b', 2.5}}};
    Payload p;
    REQUIRE(pack(items.data(), 2, t, p));
    REQUIRE(p.size() == 18);
    CHECK(static_cast<char>(p.data()[0]) == 'a');
    CHECK(static_cast<char>(p.data()[9]) == 'b');

    std::array<Item, 3> out{{{'x', 0}, {'y', 0}, {'z', 0}}};
    REQUIRE(unpack(p.data(), p.size(), t, out.data()));
    CHECK(out[0].c == 'a');
    CHECK(out[0].d == 1.5);
    CHECK(out[1].c == 'b');
    CHECK(out[1].d == 2.5);
    CHECK(out[2].c == 'z');
    // Ten bytes: the first element and the second's char only.
    std::array<Item, 2> part{{{'x', 9}, {'y', 9}}};
    REQUIRE(unpack(p.data(), 10, t, part.data()));
    CHECK(part[0].d == 1.5);
    CHECK(part[1].c == 'b');
    CHECK(part[1].d == 9);
}

TEST_CASE("types without data pack nothing", "[datatype]") {
    const Typemap empty = *make_contiguous(0, basic(MPI_INT));
    Payload p;
    REQUIRE(pack(nullptr, 5, empty, p));
    CHECK(p.empty());
    CHECK(unpack(p.data(), 0, empty, nullptr));
    // NULL with a count is a misuse only when there is data to touch (MPICH's hindexed-zeros
    // receives two elements of an hindexed type of zero-length blocks into NULL).
    const std::array<std::int64_t, 2> no_lengths{0, 0}, disps{0, 64};
    const Typemap zeros = *make_hindexed(no_lengths, disps, basic(MPI_INT));
    CHECK_FALSE(null_buffer_misuse(nullptr, 2, zeros));
    CHECK_FALSE(null_buffer_misuse(nullptr, 2, empty));
    CHECK(null_buffer_misuse(nullptr, 2, basic(MPI_INT)));
    CHECK_FALSE(null_buffer_misuse(nullptr, 0, basic(MPI_INT)));
}

TEST_CASE("buffers overlap when they share a data byte, not when their gaps interleave",
          "[datatype]") {
    const std::array<int, 9> m{};
    const Typemap one = basic(MPI_INT);
    const Typemap column = *make_vector(3, 1, 3, one);
    CHECK(buffers_overlap(m.data(), 4, one, m.data() + 3, 4, one));
    CHECK_FALSE(buffers_overlap(m.data(), 4, one, m.data() + 4, 4, one)); // adjacent
    CHECK_FALSE(buffers_overlap(m.data(), 0, one, m.data(), 4, one));     // nothing sent
    // Columns 0 and 1 of a 3x3 matrix interleave but share no element; column 1 and row 1 do.
    CHECK_FALSE(buffers_overlap(m.data(), 1, column, m.data() + 1, 1, column));
    CHECK(buffers_overlap(m.data() + 1, 1, column, m.data() + 3, 3, one));
}
