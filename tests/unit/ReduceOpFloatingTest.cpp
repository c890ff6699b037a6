// ReduceOp on floating-point, complex and MINLOC/MAXLOC pair types: rounding as C does it, NaN
// placement, x87 long double, and the packed layout of the pairs on unaligned buffers.
#include "simulated-mpi/src/ReduceOp.hpp"

#include "PackedBuffers.hpp"
#include "simulated-mpi/src/DatatypeTable.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <array>
#include <climits>
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <utility>
#include <vector>

using namespace rankfold::mpi;
using namespace rankfold::mpi::packed_test;

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
} // namespace

// ---- floating point ---------------------------------------------------------------------------

TEST_CASE("floating-point SUM and PROD round like C", "[reduceop]") {
    CHECK(reduce<double>(MPI_SUM, MPI_DOUBLE, {0.1, 1e308, -2.5}, {0.2, 1e308, 2.5}) ==
          std::vector<double>{0.1 + 0.2, INFINITY, 0.0});
    CHECK(reduce1<double>(MPI_PROD, MPI_DOUBLE, 1e-200, 1e-200) == 0.0);
    CHECK(reduce1<float>(MPI_SUM, MPI_FLOAT, 16777216.0F, 1.0F) == 16777216.0F); // 2^24 + 1
    CHECK(reduce1<float>(MPI_PROD, MPI_FLOAT, 3.0F, 0.1F) == 3.0F * 0.1F);
    CHECK(std::isnan(reduce1<double>(MPI_SUM, MPI_DOUBLE, INFINITY, -INFINITY)));
}

TEST_CASE("MAX and MIN are `inout > in ? inout : in` (MPICH): NaN on either side gives in",
          "[reduceop]") {
    // in = NaN: the comparison is false, so the result is in, a NaN.
    CHECK(std::isnan(reduce1<double>(MPI_MAX, MPI_DOUBLE, kNaN, 1.0)));
    CHECK(std::isnan(reduce1<double>(MPI_MIN, MPI_DOUBLE, kNaN, 1.0)));
    // inout = NaN: false again, so the NaN is dropped.
    CHECK(reduce1<double>(MPI_MAX, MPI_DOUBLE, 1.0, kNaN) == 1.0);
    CHECK(reduce1<double>(MPI_MIN, MPI_DOUBLE, 1.0, kNaN) == 1.0);
    const float nan_f = std::numeric_limits<float>::quiet_NaN();
    CHECK(std::isnan(reduce1<float>(MPI_MAX, MPI_FLOAT, nan_f, -1.0F)));
    CHECK(reduce1<float>(MPI_MIN, MPI_FLOAT, -1.0F, nan_f) == -1.0F);
    const long double nan_l = std::numeric_limits<long double>::quiet_NaN();
    CHECK(std::isnan(reduce1<long double>(MPI_MAX, MPI_LONG_DOUBLE, nan_l, 2.0L)));
    CHECK(reduce1<long double>(MPI_MAX, MPI_LONG_DOUBLE, 2.0L, nan_l) == 2.0L);
    // Equal values (+0 and -0 compare equal) also give in.
    CHECK(std::signbit(reduce1<double>(MPI_MAX, MPI_DOUBLE, -0.0, 0.0)));
    CHECK_FALSE(std::signbit(reduce1<double>(MPI_MIN, MPI_DOUBLE, 0.0, -0.0)));
    CHECK(reduce<double>(MPI_MAX, MPI_DOUBLE, {-INFINITY, 3.0}, {-1e308, 4.0}) ==
          std::vector<double>{-1e308, 4.0});
    CHECK(reduce<double>(MPI_MIN, MPI_DOUBLE, {-INFINITY, 3.0}, {-1e308, 4.0}) ==
          std::vector<double>{-INFINITY, 3.0});
}

TEST_CASE("long double keeps x87 precision and the padding bytes of inout", "[reduceop]") {
    REQUIRE(predefined_typemap(MPI_LONG_DOUBLE)->size() == sizeof(long double));
    const long double tiny = std::ldexp(1.0L, -63); // 1 + 2^-63 needs all 64 mantissa bits
    const auto sum = reduce1<long double>(MPI_SUM, MPI_LONG_DOUBLE, 1.0L, tiny);
    CHECK(sum != 1.0L);
    CHECK(sum - 1.0L == tiny);
    CHECK(reduce1<long double>(MPI_PROD, MPI_LONG_DOUBLE, 3.0L, 0.5L) == 1.5L);
    CHECK(reduce1<long double>(MPI_MIN, MPI_LONG_DOUBLE, -1.0L, 1.0L) == -1.0L);

    // Bytes 10..15 of an x87 long double are padding: the result's padding is inout's, never
    // in's, and never whatever was on the stack.
    if (std::numeric_limits<long double>::digits == 64 && sizeof(long double) == 16) {
        std::array<std::byte, 1 + 16> in{}, inout{};
        const long double a = 2.0L, b = 3.0L;
        std::memcpy(in.data() + 1, &a, 10);
        std::memcpy(inout.data() + 1, &b, 10);
        std::memset(in.data() + 11, 0xcd, 6);
        std::memset(inout.data() + 11, 0xab, 6);
        apply_predefined(MPI_SUM, MPI_LONG_DOUBLE, in.data() + 1, inout.data() + 1, 1);
        long double result = 0;
        std::memcpy(&result, inout.data() + 1, 10);
        CHECK(result == 5.0L);
        for (int i = 11; i < 17; ++i) CHECK(inout[i] == std::byte{0xab});
        // MPI_REPLACE copies whole elements, padding included.
        apply_predefined(MPI_REPLACE, MPI_LONG_DOUBLE, in.data() + 1, inout.data() + 1, 1);
        CHECK(std::memcmp(inout.data(), in.data(), in.size()) == 0);
    }
}

TEST_CASE("complex SUM and PROD are std::complex arithmetic", "[reduceop]") {
    using CF = std::complex<float>;
    using CD = std::complex<double>;
    using CL = std::complex<long double>;
    for (MPI_Datatype type : {MPI_C_FLOAT_COMPLEX, MPI_CXX_FLOAT_COMPLEX}) {
        CHECK(reduce<CF>(MPI_PROD, type, {{1, 2}, {0, 1}}, {{3, 4}, {0, 1}}) ==
              std::vector<CF>{{-5, 10}, {-1, 0}});
        CHECK(reduce1<CF>(MPI_SUM, type, {1, 2}, {3, -4}) == CF{4, -2});
    }
    for (MPI_Datatype type : {MPI_C_DOUBLE_COMPLEX, MPI_CXX_DOUBLE_COMPLEX}) {
        CHECK(reduce1<CD>(MPI_PROD, type, {1, 2}, {3, 4}) == CD{-5, 10});
        CHECK(reduce1<CD>(MPI_PROD, type, {0.5, 0.25}, {2, -4}) == CD{0.5, 0.25} * CD{2, -4});
        CHECK(reduce1<CD>(MPI_SUM, type, {1e308, 0}, {1e308, 1}) == CD{INFINITY, 1});
    }
    for (MPI_Datatype type : {MPI_C_LONG_DOUBLE_COMPLEX, MPI_CXX_LONG_DOUBLE_COMPLEX}) {
        CHECK(reduce1<CL>(MPI_PROD, type, {1, 2}, {3, 4}) == CL{-5, 10});
        const long double tiny = std::ldexp(1.0L, -63);
        CHECK(reduce1<CL>(MPI_SUM, type, {1, 1}, {tiny, -tiny}) == CL{1 + tiny, 1 - tiny});
    }
}

// ---- MINLOC and MAXLOC ------------------------------------------------------------------------

TEST_CASE("MINLOC and MAXLOC: the better value wins, equal values keep the smaller index",
          "[reduceop]") {
    using L = Loc<int>;
    // Element by element: in better, inout better, tie with the smaller index on either side.
    const std::vector<L> in = {{7, 9}, {3, 2}, {5, 3}, {5, 1}};
    const std::vector<L> inout = {{5, 1}, {4, 8}, {5, 1}, {5, 3}};
    CHECK(reduce_pairs<int>(MPI_MAXLOC, MPI_2INT, in, inout) ==
          std::vector<L>{{7, 9}, {4, 8}, {5, 1}, {5, 1}});
    CHECK(reduce_pairs<int>(MPI_MINLOC, MPI_2INT, in, inout) ==
          std::vector<L>{{5, 1}, {3, 2}, {5, 1}, {5, 1}});
    CHECK(reduce_pairs<int>(MPI_MINLOC, MPI_2INT, {{INT_MIN, 4}}, {{INT_MAX, -2}}) ==
          std::vector<L>{{INT_MIN, 4}});
    CHECK(reduce_pairs<short>(MPI_MAXLOC, MPI_SHORT_INT, {{-1, 0}, {2, 6}}, {{-2, 5}, {2, 4}}) ==
          std::vector<Loc<short>>{{-1, 0}, {2, 4}});
    CHECK(reduce_pairs<long>(MPI_MINLOC, MPI_LONG_INT, {{LONG_MIN, 3}}, {{0, 1}}) ==
          std::vector<Loc<long>>{{LONG_MIN, 3}});
    CHECK(reduce_pairs<float>(MPI_MAXLOC, MPI_FLOAT_INT, {{1.5F, 2}}, {{1.5F, 7}}) ==
          std::vector<Loc<float>>{{1.5F, 2}});
    CHECK(reduce_pairs<long double>(MPI_MINLOC, MPI_LONG_DOUBLE_INT, {{-1.0L, 8}, {2.0L, 1}},
                                    {{-0.5L, 0}, {2.0L, 3}}) ==
          std::vector<Loc<long double>>{{-1.0L, 8}, {2.0L, 1}});
    // -0.0 and +0.0 are equal values: the index is the smaller one.
    CHECK(reduce_pairs<double>(MPI_MAXLOC, MPI_DOUBLE_INT, {{-0.0, 1}}, {{0.0, 6}})[0].index == 1);
}

TEST_CASE("MINLOC and MAXLOC keep inout when a NaN makes the values unordered", "[reduceop]") {
    using L = Loc<double>;
    for (MPI_Op op : {MPI_MINLOC, MPI_MAXLOC}) {
        const std::vector<L> in_nan =
            reduce_pairs<double>(op, MPI_DOUBLE_INT, {{kNaN, 0}}, {{1, 5}});
        CHECK(in_nan[0] == L{1, 5});
        const std::vector<L> inout_nan =
            reduce_pairs<double>(op, MPI_DOUBLE_INT, {{1, 0}}, {{kNaN, 5}});
        CHECK(std::isnan(inout_nan[0].value));
        CHECK(inout_nan[0].index == 5);
    }
}

TEST_CASE("pair types are packed: the int right after the value, at any address", "[reduceop]") {
    CHECK(predefined_typemap(MPI_FLOAT_INT)->size() == 8);
    CHECK(predefined_typemap(MPI_DOUBLE_INT)->size() == 12);
    CHECK(predefined_typemap(MPI_LONG_INT)->size() == 12);
    CHECK(predefined_typemap(MPI_2INT)->size() == 8);
    CHECK(predefined_typemap(MPI_SHORT_INT)->size() == 6);
    CHECK(predefined_typemap(MPI_LONG_DOUBLE_INT)->size() == sizeof(long double) + 4);

    // Three MPI_DOUBLE_INT elements written byte by byte from offset 3: 36 bytes, no padding.
    const std::vector<std::pair<double, int>> in = {{1.0, 10}, {-4.0, 11}, {2.0, 12}};
    const std::vector<std::pair<double, int>> inout = {{0.5, 20}, {-4.0, 2}, {3.0, 22}};
    auto write = [](const std::vector<std::pair<double, int>>& pairs) {
        std::vector<std::byte> bytes(3 + 36 + 5, std::byte{0xee});
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            std::memcpy(bytes.data() + 3 + 12 * i, &pairs[i].first, 8);
            std::memcpy(bytes.data() + 3 + 12 * i + 8, &pairs[i].second, 4);
        }
        return bytes;
    };
    const std::vector<std::byte> a = write(in);
    std::vector<std::byte> b = write(inout);
    apply_predefined(MPI_MAXLOC, MPI_DOUBLE_INT, a.data() + 3, b.data() + 3, 3);
    CHECK(b == write({{1.0, 10}, {-4.0, 2}, {3.0, 22}})); // bytes around the vector untouched
}
