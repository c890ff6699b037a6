// external32 (MPI_Pack_external): each basic value big-endian, complex numbers part by part,
// a struct's members each in their own size; the types whose sizes differ are refused.
#include "simulated-mpi/src/External32.hpp"
#include "simulated-mpi/src/TypeConstructors.hpp"
#include "simulated-mpi/src/TypePacking.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <array>
#include <complex>
#include <cstring>
#include <vector>

using namespace rankfold::mpi;

namespace {

Typemap basic(MPI_Datatype type) {
    return Typemap::predefined(*predefined_index(type));
}

std::vector<unsigned> bytes(const Payload& p) {
    std::vector<unsigned> out;
    for (std::size_t i = 0; i < p.size(); ++i) out.push_back(static_cast<unsigned>(p.data()[i]));
    return out;
}

} // namespace

TEST_CASE("external32 ints and shorts are big-endian; the conversion is its own inverse",
          "[datatype]") {
    const std::array<int, 2> ints{0x01020304, -2};
    Payload p;
    REQUIRE(pack(ints.data(), 2, basic(MPI_INT), p));
    convert_external32(p.data(), p.size(), basic(MPI_INT).signature());
    CHECK(bytes(p) == std::vector<unsigned>{1, 2, 3, 4, 0xff, 0xff, 0xff, 0xfe});
    convert_external32(p.data(), p.size(), basic(MPI_INT).signature());
    std::array<int, 2> back{};
    std::memcpy(back.data(), p.data(), p.size());
    CHECK(back == ints);

    const short s = 0x0a0b;
    Payload q;
    REQUIRE(pack(&s, 1, basic(MPI_SHORT), q));
    convert_external32(q.data(), q.size(), basic(MPI_SHORT).signature());
    CHECK(bytes(q) == std::vector<unsigned>{0x0a, 0x0b});
}

TEST_CASE("external32 of a struct swaps each member in its own size, repeated elements too",
          "[datatype]") {
    // {char, short, int} without padding in the packed form: 1 + 2 + 4 bytes per element.
    struct Item {
        char c;
        short s;
        int i;
    };
    const Typemap c = basic(MPI_CHAR), s = basic(MPI_SHORT), i = basic(MPI_INT);
    const std::array<StructMember, 3> members{StructMember{MPI_CHAR, &c, 1, offsetof(Item, c)},
                                              StructMember{MPI_SHORT, &s, 1, offsetof(Item, s)},
                                              StructMember{MPI_INT, &i, 1, offsetof(Item, i)}};
    const Typemap item = *make_struct(members);
    const std::array<Item, 2> items{Item{'a', 0x0102, 0x03040506}, Item{'b', 0x0708, 0x090a0b0c}};
    Payload p;
    REQUIRE(pack(items.data(), 2, item, p));
    convert_external32(p.data(), p.size(), item.signature());
    CHECK(bytes(p) == std::vector<unsigned>{'a', 1, 2, 3, 4, 5, 6, 'b', 7, 8, 9, 10, 11, 12});
}

TEST_CASE("external32 complex numbers swap each part; doubles swap eight bytes", "[datatype]") {
    const std::complex<float> z{1.0f, -1.0f};
    Payload p;
    REQUIRE(pack(&z, 1, basic(MPI_C_FLOAT_COMPLEX), p));
    convert_external32(p.data(), p.size(), basic(MPI_C_FLOAT_COMPLEX).signature());
    // 1.0f is 0x3f800000, -1.0f 0xbf800000: big-endian, real part first.
    CHECK(bytes(p) == std::vector<unsigned>{0x3f, 0x80, 0, 0, 0xbf, 0x80, 0, 0});

    const double d = 1.0; // 0x3ff0000000000000
    Payload q;
    REQUIRE(pack(&d, 1, basic(MPI_DOUBLE), q));
    convert_external32(q.data(), q.size(), basic(MPI_DOUBLE).signature());
    CHECK(bytes(q) == std::vector<unsigned>{0x3f, 0xf0, 0, 0, 0, 0, 0, 0});
}

TEST_CASE("types whose external32 size is not the native one are named, not converted",
          "[datatype]") {
    CHECK_FALSE(external32_unsupported(basic(MPI_INT).signature()));
    CHECK_FALSE(external32_unsupported(basic(MPI_DOUBLE_INT).signature()));
    CHECK(external32_unsupported(basic(MPI_LONG).signature()) == predefined_index(MPI_LONG));
    CHECK(external32_unsupported(basic(MPI_LONG_DOUBLE).signature()) ==
          predefined_index(MPI_LONG_DOUBLE));
    CHECK(external32_unsupported(basic(MPI_LONG_INT).signature()) == predefined_index(MPI_LONG));
}
