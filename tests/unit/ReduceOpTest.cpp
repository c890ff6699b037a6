// ReduceOp: every cell of MPI 3.1's operator/datatype table, the integer and logical arithmetic,
// MPI_REPLACE and MPI_NO_OP. Floating point, complex and the pairs are in ReduceOpFloatingTest.
#include "simulated-mpi/src/ReduceOp.hpp"

#include "PackedBuffers.hpp"
#include "simulated-mpi/src/DatatypeTable.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <array>
#include <climits>
#include <cstdint>
#include <cstring>
#include <set>
#include <string>
#include <vector>

using namespace rankfold::mpi;
using namespace rankfold::mpi::packed_test;

namespace {

constexpr std::array<MPI_Op, 14> kOps = {MPI_MAX,    MPI_MIN,    MPI_SUM,     MPI_PROD, MPI_LAND,
                                         MPI_BAND,   MPI_LOR,    MPI_BOR,     MPI_LXOR, MPI_BXOR,
                                         MPI_MINLOC, MPI_MAXLOC, MPI_REPLACE, MPI_NO_OP};

struct Row {
    const char* cells; // one per entry of kOps: 'x' defined, '.' not
    MPI_Datatype type;
};

// MPI 3.1 §5.9.2 (groups and their operators), §5.9.3 (no MPI_CHAR/MPI_WCHAR), §5.9.4 (pairs),
// §11.3.4 (MPI_REPLACE, MPI_NO_OP on any predefined datatype). MPI_UB/MPI_LB carry no data.
// MPI_AINT, MPI_OFFSET and MPI_COUNT are §5.9.2's "Multi-language types": no logical operators.
//
//    +------------- MAX
//    |+------------ MIN
//    ||+----------- SUM
//    |||+---------- PROD
//    ||||+--------- LAND
//    |||||+-------- BAND
//    ||||||+------- LOR
//    |||||||+------ BOR
//    ||||||||+----- LXOR
//    |||||||||+---- BXOR
//    ||||||||||+--- MINLOC
//    |||||||||||+-- MAXLOC
//    ||||||||||||+- REPLACE
//    |||||||||||||+ NO_OP
const std::vector<Row> kTable = {
    {"............xx", MPI_CHAR},
    {"xxxxxxxxxx..xx", MPI_SIGNED_CHAR},
    {"xxxxxxxxxx..xx", MPI_UNSIGNED_CHAR},
    {".....x.x.x..xx", MPI_BYTE},
    {"............xx", MPI_WCHAR},
    {"xxxxxxxxxx..xx", MPI_SHORT},
    {"xxxxxxxxxx..xx", MPI_UNSIGNED_SHORT},
    {"xxxxxxxxxx..xx", MPI_INT},
    {"xxxxxxxxxx..xx", MPI_UNSIGNED},
    {"xxxxxxxxxx..xx", MPI_LONG},
    {"xxxxxxxxxx..xx", MPI_UNSIGNED_LONG},
    {"xxxxxxxxxx..xx", MPI_LONG_LONG_INT},
    {"xxxxxxxxxx..xx", MPI_UNSIGNED_LONG_LONG},
    {"xxxx........xx", MPI_FLOAT},
    {"xxxx........xx", MPI_DOUBLE},
    {"xxxx........xx", MPI_LONG_DOUBLE},
    {"xxxxxxxxxx..xx", MPI_INT8_T},
    {"xxxxxxxxxx..xx", MPI_INT16_T},
    {"xxxxxxxxxx..xx", MPI_INT32_T},
    {"xxxxxxxxxx..xx", MPI_INT64_T},
    {"xxxxxxxxxx..xx", MPI_UINT8_T},
    {"xxxxxxxxxx..xx", MPI_UINT16_T},
    {"xxxxxxxxxx..xx", MPI_UINT32_T},
    {"xxxxxxxxxx..xx", MPI_UINT64_T},
    {"....x.x.x...xx", MPI_C_BOOL},
    {"..xx........xx", MPI_C_FLOAT_COMPLEX},
    {"..xx........xx", MPI_C_DOUBLE_COMPLEX},
    {"..xx........xx", MPI_C_LONG_DOUBLE_COMPLEX},
    {"xxxx.x.x.x..xx", MPI_AINT},
    {"xxxx.x.x.x..xx", MPI_OFFSET},
    {"xxxx.x.x.x..xx", MPI_COUNT},
    {"............xx", MPI_PACKED},
    {"..........xxxx", MPI_FLOAT_INT},
    {"..........xxxx", MPI_DOUBLE_INT},
    {"..........xxxx", MPI_LONG_INT},
    {"..........xxxx", MPI_2INT},
    {"..........xxxx", MPI_SHORT_INT},
    {"..........xxxx", MPI_LONG_DOUBLE_INT},
    {"....x.x.x...xx", MPI_CXX_BOOL},
    {"..xx........xx", MPI_CXX_FLOAT_COMPLEX},
    {"..xx........xx", MPI_CXX_DOUBLE_COMPLEX},
    {"..xx........xx", MPI_CXX_LONG_DOUBLE_COMPLEX},
    {"..............", MPI_UB},
    {"..............", MPI_LB},
};

} // namespace

// ---- the table --------------------------------------------------------------------------------

TEST_CASE("op_defined_for: every cell of MPI 3.1's operator/datatype table", "[reduceop]") {
    std::set<MPI_Datatype> covered;
    for (const Row& row : kTable) {
        REQUIRE(std::string(row.cells).size() == kOps.size());
        covered.insert(row.type);
        for (std::size_t i = 0; i < kOps.size(); ++i) {
            INFO(op_name(kOps[i]) << " on " << datatype_name(row.type));
            CHECK(op_defined_for(kOps[i], row.type) == (row.cells[i] == 'x'));
        }
    }
    // Every predefined datatype has its row, so a new one cannot be forgotten here.
    for (int index = 1; index < RF_PREDEFINED_DATATYPE_COUNT; ++index) {
        INFO("datatype index " << index);
        CHECK(covered.count(RF_HANDLE(RF_KIND_DATATYPE, index)) == 1);
    }
    CHECK(kTable.size() == RF_PREDEFINED_DATATYPE_COUNT - 1); // and no row twice
    CHECK(covered.size() == kTable.size());
    // The synonyms are the same handles.
    CHECK(MPI_LONG_LONG == MPI_LONG_LONG_INT);
    CHECK(MPI_C_COMPLEX == MPI_C_FLOAT_COMPLEX);
}

TEST_CASE("op_defined_for: invalid operators and datatypes define nothing", "[reduceop]") {
    const std::vector<MPI_Datatype> bad_types = {
        MPI_DATATYPE_NULL, RF_HANDLE(RF_KIND_DATATYPE, 45), MPI_COMM_WORLD, MPI_SUM, 0, -1};
    for (MPI_Op op : kOps)
        for (MPI_Datatype type : bad_types) CHECK_FALSE(op_defined_for(op, type));
    const std::vector<MPI_Op> bad_ops = {
        MPI_OP_NULL, RF_HANDLE(RF_KIND_OP, 0), RF_HANDLE(RF_KIND_OP, 15), MPI_INT, 0, -1};
    for (MPI_Op op : bad_ops) {
        CHECK_FALSE(predefined_op(op));
        for (const Row& row : kTable) CHECK_FALSE(op_defined_for(op, row.type));
    }
}

TEST_CASE("predefined_op and op_name", "[reduceop]") {
    for (MPI_Op op : kOps) CHECK(predefined_op(op));
    CHECK(std::string(op_name(MPI_MAX)) == "MPI_MAX");
    CHECK(std::string(op_name(MPI_SUM)) == "MPI_SUM");
    CHECK(std::string(op_name(MPI_MAXLOC)) == "MPI_MAXLOC");
    CHECK(std::string(op_name(MPI_NO_OP)) == "MPI_NO_OP");
    CHECK(std::string(op_name(MPI_OP_NULL)) == "MPI_OP_NULL");
    CHECK(std::string(op_name(RF_HANDLE(RF_KIND_OP, 15))) == "user-defined operator");
    CHECK(std::string(op_name(RF_HANDLE(RF_KIND_OP, 0))) == "<invalid operator>");
    CHECK(std::string(op_name(MPI_INT)) == "<invalid operator>");
    CHECK(std::string(op_name(12345)) == "<invalid operator>");
}

// ---- integers -------------------------------------------------------------------------------

TEST_CASE("signed integer SUM and PROD wrap like C on x86-64", "[reduceop]") {
    CHECK(reduce<int>(MPI_SUM, MPI_INT, {INT_MAX, INT_MIN, 5, -3}, {1, -1, 7, 3}) ==
          std::vector<int>{INT_MIN, INT_MAX, 12, 0});
    CHECK(reduce<int>(MPI_PROD, MPI_INT, {INT_MIN, 65536, -4}, {-1, 65536, 5}) ==
          std::vector<int>{INT_MIN, 0, -20});
    CHECK(reduce1<signed char>(MPI_SUM, MPI_SIGNED_CHAR, 127, 1) == -128);
    CHECK(reduce1<signed char>(MPI_PROD, MPI_SIGNED_CHAR, -128, -1) == -128);
    CHECK(reduce1<short>(MPI_SUM, MPI_SHORT, SHRT_MAX, 1) == SHRT_MIN);
    CHECK(reduce1<short>(MPI_PROD, MPI_SHORT, 256, 256) == 0);
    CHECK(reduce1<long>(MPI_SUM, MPI_LONG, LONG_MAX, 1) == LONG_MIN);
    CHECK(reduce1<long long>(MPI_PROD, MPI_LONG_LONG, LLONG_MIN, -1) == LLONG_MIN);
    CHECK(reduce1<std::int8_t>(MPI_SUM, MPI_INT8_T, -128, -1) == 127);
    CHECK(reduce1<std::int16_t>(MPI_PROD, MPI_INT16_T, 300, 300) == 24464); // 90000 mod 2^16
    CHECK(reduce1<std::int32_t>(MPI_SUM, MPI_INT32_T, INT32_MAX, INT32_MAX) == -2);
    CHECK(reduce1<std::int64_t>(MPI_SUM, MPI_INT64_T, INT64_MAX, 1) == INT64_MIN);
    CHECK(reduce1<MPI_Aint>(MPI_SUM, MPI_AINT, LONG_MAX, 2) == LONG_MIN + 1);
    CHECK(reduce1<MPI_Offset>(MPI_PROD, MPI_OFFSET, LLONG_MAX, 2) == -2);
    CHECK(reduce1<MPI_Count>(MPI_SUM, MPI_COUNT, LLONG_MIN, -1) == LLONG_MAX);
}

TEST_CASE("unsigned integer SUM and PROD wrap modulo 2^bits", "[reduceop]") {
    CHECK(reduce<unsigned>(MPI_SUM, MPI_UNSIGNED, {UINT_MAX, 2}, {1, UINT_MAX}) ==
          std::vector<unsigned>{0, 1});
    // 65535 * 65535 overflows int if computed after C's promotion; here it is 1 mod 2^16.
    CHECK(reduce1<unsigned short>(MPI_PROD, MPI_UNSIGNED_SHORT, 65535, 65535) == 1);
    CHECK(reduce1<unsigned char>(MPI_SUM, MPI_UNSIGNED_CHAR, 200, 100) == 44);
    CHECK(reduce1<unsigned long>(MPI_PROD, MPI_UNSIGNED_LONG, ULONG_MAX, ULONG_MAX) == 1);
    CHECK(reduce1<unsigned long long>(MPI_SUM, MPI_UNSIGNED_LONG_LONG, ULLONG_MAX, 5) == 4);
    CHECK(reduce1<std::uint8_t>(MPI_PROD, MPI_UINT8_T, 16, 17) == 16);
    CHECK(reduce1<std::uint16_t>(MPI_SUM, MPI_UINT16_T, 65535, 2) == 1);
    CHECK(reduce1<std::uint32_t>(MPI_PROD, MPI_UINT32_T, 65536, 65536) == 0);
    CHECK(reduce1<std::uint64_t>(MPI_SUM, MPI_UINT64_T, UINT64_MAX, UINT64_MAX) == UINT64_MAX - 1);
}

TEST_CASE("integer MAX and MIN at the limits", "[reduceop]") {
    CHECK(reduce<int>(MPI_MAX, MPI_INT, {INT_MIN, INT_MAX, -1, 4}, {INT_MAX, INT_MIN, -2, 4}) ==
          std::vector<int>{INT_MAX, INT_MAX, -1, 4});
    CHECK(reduce<int>(MPI_MIN, MPI_INT, {INT_MIN, INT_MAX, -1, 4}, {INT_MAX, INT_MIN, -2, 4}) ==
          std::vector<int>{INT_MIN, INT_MIN, -2, 4});
    CHECK(reduce1<unsigned>(MPI_MAX, MPI_UNSIGNED, UINT_MAX, 0) == UINT_MAX);
    CHECK(reduce1<unsigned>(MPI_MIN, MPI_UNSIGNED, UINT_MAX, 0) == 0);
    CHECK(reduce1<signed char>(MPI_MIN, MPI_SIGNED_CHAR, -128, 127) == -128);
    CHECK(reduce1<unsigned char>(MPI_MAX, MPI_UNSIGNED_CHAR, 255, 0) == 255);
    CHECK(reduce1<std::int64_t>(MPI_MIN, MPI_INT64_T, INT64_MIN, INT64_MAX) == INT64_MIN);
    CHECK(reduce1<MPI_Count>(MPI_MAX, MPI_COUNT, -5, 3) == 3);
}

TEST_CASE("bitwise operators on integers and MPI_BYTE", "[reduceop]") {
    CHECK(reduce<int>(MPI_BAND, MPI_INT, {0x0ff0, -1}, {0x00ff, INT_MIN}) ==
          std::vector<int>{0x00f0, INT_MIN});
    CHECK(reduce1<int>(MPI_BOR, MPI_INT, 0x0ff0, 0x00ff) == 0x0fff);
    CHECK(reduce1<int>(MPI_BXOR, MPI_INT, 0x0ff0, 0x00ff) == 0x0f0f);
    CHECK(reduce1<signed char>(MPI_BXOR, MPI_SIGNED_CHAR, -1, 0x0f) == -16);
    CHECK(reduce<unsigned char>(MPI_BXOR, MPI_BYTE, {0xa5, 0xff}, {0x5a, 0x0f}) ==
          std::vector<unsigned char>{0xff, 0xf0});
    CHECK(reduce1<unsigned char>(MPI_BAND, MPI_BYTE, 0xa5, 0x3c) == 0x24);
    CHECK(reduce1<unsigned char>(MPI_BOR, MPI_BYTE, 0xa0, 0x05) == 0xa5);
    CHECK(reduce1<std::uint64_t>(MPI_BOR, MPI_UINT64_T, 1ULL << 63, 1) == (1ULL << 63 | 1));
    CHECK(reduce1<MPI_Offset>(MPI_BAND, MPI_OFFSET, -1, 0x1234) == 0x1234);
}

TEST_CASE("logical operators yield 0 or 1 of the element type", "[reduceop]") {
    CHECK(reduce<int>(MPI_LAND, MPI_INT, {5, 0, -7, 0}, {3, 9, 0, 0}) ==
          std::vector<int>{1, 0, 0, 0});
    CHECK(reduce<int>(MPI_LOR, MPI_INT, {5, 0, -7, 0}, {3, 9, 0, 0}) ==
          std::vector<int>{1, 1, 1, 0});
    CHECK(reduce<int>(MPI_LXOR, MPI_INT, {5, 0, -7, 0}, {3, 9, 0, 0}) ==
          std::vector<int>{0, 1, 1, 0});
    CHECK(reduce1<unsigned short>(MPI_LOR, MPI_UNSIGNED_SHORT, 0x100, 0) == 1);
    CHECK(reduce1<std::int64_t>(MPI_LAND, MPI_INT64_T, INT64_MIN, 2) == 1);
    // A bool is true when its byte is non-zero, even a byte C would never write.
    for (MPI_Datatype type : {MPI_C_BOOL, MPI_CXX_BOOL}) {
        CHECK(reduce<unsigned char>(MPI_LAND, type, {2, 1, 0, 0}, {0x80, 0, 1, 0}) ==
              std::vector<unsigned char>{1, 0, 0, 0});
        CHECK(reduce<unsigned char>(MPI_LOR, type, {2, 1, 0, 0}, {0x80, 0, 1, 0}) ==
              std::vector<unsigned char>{1, 1, 1, 0});
        CHECK(reduce<unsigned char>(MPI_LXOR, type, {2, 1, 0, 0}, {0x80, 0, 1, 0}) ==
              std::vector<unsigned char>{0, 1, 1, 0});
    }
}

// ---- REPLACE, NO_OP, empty vectors --------------------------------------------------------------

TEST_CASE("MPI_REPLACE copies in, MPI_NO_OP and count 0 leave inout alone", "[reduceop]") {
    CHECK(reduce<int>(MPI_REPLACE, MPI_INT, {1, 2, 3}, {4, 5, 6}) == std::vector<int>{1, 2, 3});
    CHECK(reduce<int>(MPI_NO_OP, MPI_INT, {1, 2, 3}, {4, 5, 6}) == std::vector<int>{4, 5, 6});
    CHECK(reduce<char>(MPI_REPLACE, MPI_CHAR, {'a', 'b'}, {'c', 'd'}) ==
          std::vector<char>{'a', 'b'});
    CHECK(reduce_pairs<int>(MPI_REPLACE, MPI_2INT, {{1, 2}}, {{3, 4}}) ==
          std::vector<Loc<int>>{{1, 2}});
    CHECK(reduce<double>(MPI_SUM, MPI_DOUBLE, {}, {}).empty());
    std::array<std::byte, 4> in{}, inout{std::byte{9}, std::byte{9}, std::byte{9}, std::byte{9}};
    apply_predefined(MPI_SUM, MPI_INT, in.data(), inout.data(), 0);
    apply_predefined(MPI_REPLACE, MPI_INT, in.data(), inout.data(), 0);
    CHECK(inout[0] == std::byte{9});
}
