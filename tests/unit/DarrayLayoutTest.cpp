// DarrayLayout: the elements MPI_Type_create_darray gives a process (MPI 3.1 §4.1.4) on pinned
// cases (block, cyclic of blocks, none; C and Fortran order; the row-major process grid), every
// argument error, and that the processes of a grid always own every element exactly once.
#include "simulated-mpi/src/DarrayLayout.hpp"
#include "simulated-mpi/src/PredefinedTypes.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <mpi.h>

#include <vector>

using namespace rankfold::mpi;

namespace {

using Offsets = std::vector<std::int64_t>;
constexpr int kBlock = MPI_DISTRIBUTE_BLOCK;
constexpr int kCyclic = MPI_DISTRIBUTE_CYCLIC;
constexpr int kNone = MPI_DISTRIBUTE_NONE;
constexpr int kDefault = MPI_DISTRIBUTE_DFLT_DARG;

Offsets offsets(int size, int rank, const std::vector<DarrayDim>& dims,
                ArrayOrder order = ArrayOrder::C) {
    const auto r = darray_offsets(size, rank, dims, order);
    INFO((r.ok() ? std::string() : r.error().message));
    REQUIRE(r.ok());
    return r.value();
}

int error_of(int size, int rank, const std::vector<DarrayDim>& dims) {
    return darray_offsets(size, rank, dims, ArrayOrder::C).code();
}

} // namespace

TEST_CASE("a block distribution gives each process ceil(gsize / psize) elements", "[darray]") {
    const std::vector<DarrayDim> d{{10, kBlock, kDefault, 3}};
    CHECK(offsets(3, 0, d) == Offsets{0, 1, 2, 3});
    CHECK(offsets(3, 1, d) == Offsets{4, 5, 6, 7});
    CHECK(offsets(3, 2, d) == Offsets{8, 9});
    // An explicit block that leaves the last process nothing.
    CHECK(offsets(3, 2, {{8, kBlock, 4, 3}}).empty());
}

TEST_CASE("a cyclic distribution deals blocks of darg round the processes", "[darray]") {
    CHECK(offsets(2, 0, {{7, kCyclic, kDefault, 2}}) == Offsets{0, 2, 4, 6});
    CHECK(offsets(2, 1, {{7, kCyclic, 2, 2}}) == Offsets{2, 3, 6});
    CHECK(offsets(1, 0, {{3, kNone, kDefault, 1}}) == Offsets{0, 1, 2});
}

TEST_CASE("the process grid is row-major and the array follows its order", "[darray]") {
    // A 4x2 array on a 2x2 grid, rows by block, columns cyclic: rank 1 is grid (0, 1).
    const std::vector<DarrayDim> d{{4, kBlock, kDefault, 2}, {2, kCyclic, kDefault, 2}};
    CHECK(offsets(4, 1, d) == Offsets{1, 3});                      // C: (0,1) and (1,1)
    CHECK(offsets(4, 1, d, ArrayOrder::Fortran) == Offsets{4, 5}); // first index fastest
    CHECK(offsets(4, 2, d) == Offsets{4, 6});
}

TEST_CASE("darray arguments MPI rejects are MPI_ERR_ARG", "[darray]") {
    CHECK(error_of(4, 0, {{8, kBlock, kDefault, 3}}) == MPI_ERR_ARG); // grid of 3, size 4
    CHECK(error_of(3, 3, {{8, kBlock, kDefault, 3}}) == MPI_ERR_ARG); // rank outside
    CHECK(error_of(2, 0, {{8, kNone, kDefault, 2}}) == MPI_ERR_ARG);  // none over 2
    CHECK(error_of(2, 0, {{8, kBlock, 3, 2}}) == MPI_ERR_ARG);        // 2 blocks of 3 < 8
    CHECK(error_of(2, 0, {{8, kCyclic, 0, 2}}) == MPI_ERR_ARG);       // darg 0
    CHECK(error_of(2, 0, {{8, 99, kDefault, 2}}) == MPI_ERR_ARG);     // no such distribution
    CHECK(error_of(2, 0, {{0, kBlock, kDefault, 2}}) == MPI_ERR_ARG); // empty dimension
}

TEST_CASE("the processes of a grid own every element exactly once", "[darray]") {
    for (const int distrib : {kBlock, kCyclic})
        for (const int darg : {kDefault, 1, 2, 3})
            for (const ArrayOrder order : {ArrayOrder::C, ArrayOrder::Fortran}) {
                const std::vector<DarrayDim> d{{5, distrib, darg, 2}, {3, kCyclic, darg, 3}};
                if (distrib == kBlock && darg != kDefault && darg * 2 < 5) continue;
                std::vector<int> owners(15, 0);
                for (int rank = 0; rank < 6; ++rank)
                    for (const std::int64_t o : offsets(6, rank, d, order)) ++owners.at(o);
                INFO(fmt::format("distrib {} darg {}", distrib, darg));
                CHECK(owners == std::vector<int>(15, 1));
            }
}

TEST_CASE("the darray type selects its offsets and spans the whole array", "[darray]") {
    const Typemap ints = Typemap::predefined(predefined_index(MPI_INT).value());
    const auto t = make_darray(Offsets{1, 2, 5}, 8, ints);
    REQUIRE(t);
    CHECK(t->size() == 3 * sizeof(int));
    CHECK(t->lb() == 0);
    CHECK(t->extent() == 8 * static_cast<std::int64_t>(sizeof(int)));
    REQUIRE(t->blocks().size() == 2); // {1, 2} merge into one block
    CHECK(t->blocks()[0].disp == static_cast<std::int64_t>(sizeof(int)));
}
