// Typemaps of MPI's type constructors: size, bounds, true bounds and blocks, derived by hand from
// the definitions of MPI 3.1 §4.1 (a constructor's typemap is the concatenation of copies of its
// old types' typemaps). Where MPICH's bounds differ from a literal reading of the standard's
// epsilon (only structs of mixed types are padded), the case says so: Rankfold follows MPICH,
// the implementation the differential tests compare with. Every value here was also checked
// against MPICH 4.0.2.
#include "simulated-mpi/src/TypeConstructors.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <vector>

using namespace rankfold::mpi;

namespace {

Typemap basic(MPI_Datatype type) {
    return Typemap::predefined(*predefined_index(type));
}

BasicIndex idx(MPI_Datatype type) {
    return *predefined_index(type);
}

struct Bounds {
    std::uint64_t size;
    std::int64_t lb, extent, true_lb, true_extent;
    friend bool operator==(const Bounds&, const Bounds&) = default;
};

Bounds bounds(const Typemap& t) {
    return {t.size(), t.lb(), t.extent(), t.true_lb(), t.true_extent()};
}

using Blocks = std::vector<TypeBlock>;

} // namespace

namespace Catch {
template <> struct StringMaker<Bounds> {
    static std::string convert(const Bounds& b) {
        return "{size " + std::to_string(b.size) + ", lb " + std::to_string(b.lb) + ", extent " +
               std::to_string(b.extent) + ", true_lb " + std::to_string(b.true_lb) +
               ", true_extent " + std::to_string(b.true_extent) + "}";
    }
};
template <> struct StringMaker<TypeBlock> {
    static std::string convert(const TypeBlock& b) {
        return "(" + std::to_string(b.disp) + ", " + std::to_string(b.length) + ")";
    }
};
} // namespace Catch

TEST_CASE("predefined typemaps: basic types and the MINLOC pairs as C lays them out",
          "[datatype]") {
    CHECK(bounds(basic(MPI_INT)) == Bounds{4, 0, 4, 0, 4});
    CHECK(basic(MPI_INT).blocks() == Blocks{{0, 4}});
    CHECK(basic(MPI_INT).signature() == TypeSignature::of(idx(MPI_INT), 1));
    CHECK(bounds(basic(MPI_LONG_DOUBLE)) == Bounds{16, 0, 16, 0, 16});
    // {(double, 0), (int, 8)}, padded to 16 as struct { double; int; } is.
    CHECK(bounds(basic(MPI_DOUBLE_INT)) == Bounds{12, 0, 16, 0, 12});
    CHECK(basic(MPI_DOUBLE_INT).blocks() == Blocks{{0, 12}});
    // {(short, 0), (int, 4)}: the int ends at 8, so the true extent is 8 too.
    CHECK(bounds(basic(MPI_SHORT_INT)) == Bounds{6, 0, 8, 0, 8});
    CHECK(basic(MPI_SHORT_INT).blocks() == Blocks{{0, 2}, {4, 4}});
    CHECK(bounds(basic(MPI_LONG_DOUBLE_INT)) == Bounds{20, 0, 32, 0, 20});
    CHECK(basic(MPI_2INT).signature() == TypeSignature::of(idx(MPI_INT), 2));
    const SignatureRun pair[] = {{idx(MPI_FLOAT), 1}, {idx(MPI_INT), 1}};
    CHECK(basic(MPI_FLOAT_INT).signature() == TypeSignature(pair));
    CHECK(basic(MPI_LONG_LONG) == basic(MPI_LONG_LONG_INT));
    CHECK(bounds(basic(MPI_LB)) == Bounds{0, 0, 0, 0, 0});
}

TEST_CASE("contiguous and vector types", "[datatype]") {
    const Typemap i = basic(MPI_INT), d = basic(MPI_DOUBLE);
    const Typemap c = *make_contiguous(3, i);
    CHECK(bounds(c) == Bounds{12, 0, 12, 0, 12});
    CHECK(c.blocks() == Blocks{{0, 12}});
    CHECK(c.signature() == TypeSignature::of(idx(MPI_INT), 3));
    CHECK(bounds(*make_contiguous(0, i)) == Bounds{0, 0, 0, 0, 0});

    // 3 blocks of 2 doubles, 4 doubles apart: data at 0, 32, 64; ub = 64 + 16.
    const Typemap v = *make_vector(3, 2, 4, d);
    CHECK(bounds(v) == Bounds{48, 0, 80, 0, 80});
    CHECK(v.blocks() == Blocks{{0, 16}, {32, 16}, {64, 16}});
    CHECK(v.signature() == TypeSignature::of(idx(MPI_DOUBLE), 6));
    // A stride equal to the block length is contiguous: one block.
    CHECK(make_vector(4, 2, 2, i)->blocks() == Blocks{{0, 32}});

    // Negative stride: copies at 0, -8, -16, in that typemap order; lb -16, ub 4.
    const Typemap n = *make_vector(3, 1, -2, i);
    CHECK(bounds(n) == Bounds{12, -16, 20, -16, 20});
    CHECK(n.blocks() == Blocks{{0, 4}, {-8, 4}, {-16, 4}});

    // hvector: bytes. Doubles at 0 and 12: ub 20. (The standard's epsilon would round the
    // extent to 24, a multiple of 8; MPICH, and Rankfold, do not pad a vector.)
    CHECK(bounds(*make_hvector(2, 1, 12, d)) == Bounds{16, 0, 20, 0, 20});
    // Each copy of a padded struct brings its own padding: 12 + 16.
    const Typemap ch = basic(MPI_CHAR);
    const StructMember dc[] = {{MPI_DOUBLE, &d, 1, 0}, {MPI_CHAR, &ch, 1, 8}};
    const Typemap s = *make_struct(dc);
    CHECK(bounds(*make_hvector(2, 1, 12, s)) == Bounds{18, 0, 28, 0, 21});
}

TEST_CASE("indexed types: element and byte displacements, empty blocks left out", "[datatype]") {
    const Typemap i = basic(MPI_INT), d = basic(MPI_DOUBLE);
    const std::int64_t len[] = {1, 1}, disp[] = {2, -1};
    const Typemap x = *make_indexed(len, disp, i);
    CHECK(bounds(x) == Bounds{8, -4, 16, -4, 16});
    CHECK(x.blocks() == Blocks{{8, 4}, {-4, 4}});

    // A zero-length block at 100 is not in the typemap, so not in the bounds either.
    const std::int64_t len3[] = {1, 0, 2}, disp3[] = {5, 100, 0};
    const Typemap y = *make_indexed(len3, disp3, d);
    CHECK(bounds(y) == Bounds{24, 0, 48, 0, 48});
    CHECK(y.blocks() == Blocks{{40, 8}, {0, 16}});

    // indexed_block(2, 2, {5, 100}, short) is indexed with lengths {2, 2}.
    const Typemap sh = basic(MPI_SHORT);
    const std::int64_t len2[] = {2, 2}, disp2[] = {5, 100};
    CHECK(bounds(*make_indexed(len2, disp2, sh)) == Bounds{8, 10, 194, 10, 194});

    const std::int64_t hdisp[] = {1};
    const std::int64_t hlen[] = {2};
    CHECK(bounds(*make_hindexed(hlen, hdisp, i)) == Bounds{8, 1, 8, 1, 8});
}

TEST_CASE("struct types: padding to the alignment, markers, same-type structs", "[datatype]") {
    const Typemap c = basic(MPI_CHAR), d = basic(MPI_DOUBLE), i = basic(MPI_INT);
    // {(char, 0), (double, 8)}: size 9, data up to 16, extent 16.
    const StructMember cd[] = {{MPI_CHAR, &c, 1, 0}, {MPI_DOUBLE, &d, 1, 8}};
    const Typemap s1 = *make_struct(cd);
    CHECK(bounds(s1) == Bounds{9, 0, 16, 0, 16});
    CHECK(s1.blocks() == Blocks{{0, 1}, {8, 8}});
    const SignatureRun runs[] = {{idx(MPI_CHAR), 1}, {idx(MPI_DOUBLE), 1}};
    CHECK(s1.signature() == TypeSignature(runs));
    // {(double, 0), (char, 8)}: data ends at 9, the extent is rounded up to 16 (epsilon 7).
    const StructMember dc[] = {{MPI_DOUBLE, &d, 1, 0}, {MPI_CHAR, &c, 1, 8}};
    CHECK(bounds(*make_struct(dc)) == Bounds{9, 0, 16, 0, 9});
    // {(int, -3), (char, 4)}: [-3, 5) rounded to a multiple of 4.
    const StructMember ic[] = {{MPI_INT, &i, 1, -3}, {MPI_CHAR, &c, 1, 4}};
    CHECK(bounds(*make_struct(ic)) == Bounds{5, -3, 8, -3, 8});
    // All members of one type: an hindexed in disguise, not padded (as MPICH).
    const StructMember dd[] = {{MPI_DOUBLE, &d, 1, 0}, {MPI_DOUBLE, &d, 1, 12}};
    CHECK(bounds(*make_struct(dd)) == Bounds{16, 0, 20, 0, 20});
    // MPI_LB and MPI_UB members set the bounds, with no padding.
    const StructMember marked[] = {
        {MPI_LB, nullptr, 1, -8}, {MPI_INT, &i, 1, 0}, {MPI_UB, nullptr, 1, 22}};
    CHECK(bounds(*make_struct(marked)) == Bounds{4, -8, 30, 0, 4});
    // A member of size 0 still places its bounds: [0, 4) and [100, 100).
    const Typemap empty = *make_contiguous(0, i);
    const StructMember with_empty[] = {{MPI_INT, &i, 1, 0}, {MPI_DATATYPE_NULL, &empty, 1, 100}};
    CHECK(bounds(*make_struct(with_empty)) == Bounds{4, 0, 100, 0, 100});
    // The alignment of a derived member is that of its basic types: 8 for doubles.
    const Typemap v = *make_vector(2, 1, 3, d);
    const StructMember vc[] = {{1, &v, 1, 0}, {MPI_CHAR, &c, 1, 40}};
    CHECK(bounds(*make_struct(vc)) == Bounds{17, 0, 48, 0, 41});
}

TEST_CASE("resized types carry their bounds into the types built from them", "[datatype]") {
    const Typemap i = basic(MPI_INT), c = basic(MPI_CHAR);
    const Typemap r = *make_resized(i, -4, 16);
    CHECK(bounds(r) == Bounds{4, -4, 16, 0, 4});
    // Two copies 16 apart: data at 0 and 16; lb -4, ub 16 + 12.
    const Typemap two = *make_contiguous(2, r);
    CHECK(bounds(two) == Bounds{8, -4, 32, 0, 20});
    CHECK(two.blocks() == Blocks{{0, 4}, {16, 4}});
    // {(r, 0), (char, 16)}: [-4, 17), extent 21 rounded to 24.
    const StructMember rc[] = {{1, &r, 1, 0}, {MPI_CHAR, &c, 1, 16}};
    CHECK(bounds(*make_struct(rc)) == Bounds{5, -4, 24, 0, 17});
    // The transpose idiom: a column of a 3x3 int matrix, resized to one int.
    const Typemap column = *make_resized(*make_vector(3, 1, 3, i), 0, 4);
    CHECK(bounds(column) == Bounds{12, 0, 4, 0, 28});
    CHECK(bounds(*make_contiguous(3, column)) == Bounds{36, 0, 12, 0, 36});
    CHECK(make_contiguous(3, column)->blocks() ==
          Blocks{{0, 4}, {12, 4}, {24, 4}, {4, 4}, {16, 4}, {28, 4}, {8, 4}, {20, 4}, {32, 4}});
}

TEST_CASE("subarrays in C and Fortran order", "[datatype]") {
    const Typemap i = basic(MPI_INT);
    const std::int64_t sizes[] = {4, 5}, subsizes[] = {2, 3}, starts[] = {1, 2};
    // C: rows 1..2, columns 2..4 of 4x5: element (r, c) at 4 * (5r + c).
    const Typemap cs = *make_subarray(sizes, subsizes, starts, ArrayOrder::C, i);
    CHECK(bounds(cs) == Bounds{24, 0, 80, 28, 32});
    CHECK(cs.blocks() == Blocks{{28, 12}, {48, 12}});
    // Fortran: the first index varies fastest: (i, j) at 4 * (i + 4j), i in 1..2, j in 2..4.
    const Typemap fs = *make_subarray(sizes, subsizes, starts, ArrayOrder::Fortran, i);
    CHECK(bounds(fs) == Bounds{24, 0, 80, 36, 40});
    CHECK(fs.blocks() == Blocks{{36, 8}, {52, 8}, {68, 8}});
    const std::int64_t one[] = {10}, sub1[] = {3}, at1[] = {7};
    CHECK(make_subarray(one, sub1, at1, ArrayOrder::C, i)->blocks() == Blocks{{28, 12}});
}

TEST_CASE("typemaps too large for the runtime are refused, not built", "[datatype]") {
    const Typemap i = basic(MPI_INT);
    CHECK_FALSE(make_vector(std::int64_t{1} << 23, 1, 2, i));
    CHECK_FALSE(make_hvector(2, 1, INT64_MAX, i));
    CHECK_FALSE(make_resized(i, INT64_MAX, 1));
    const std::int64_t far[] = {INT64_MIN / 2 - 8, INT64_MAX / 2 + 8}, ones[] = {1, 1};
    CHECK_FALSE(make_hindexed(ones, far, i)); // an extent beyond 64 bits
    // Contiguous data stays one block however long.
    CHECK(make_contiguous(std::int64_t{1} << 40, i)->blocks().size() == 1);
}

TEST_CASE("equal typemaps compare and hash alike, whatever built them", "[datatype]") {
    const Typemap i = basic(MPI_INT);
    const Typemap a = *make_contiguous(4, i);
    const Typemap b = *make_vector(2, 2, 2, i);
    CHECK(a == b);
    CHECK(a.digest() == b.digest());
    const Typemap r = *make_resized(a, 0, 20);
    CHECK_FALSE(a == r);
    CHECK(a.digest() != r.digest());
}
