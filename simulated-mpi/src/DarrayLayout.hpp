// MPI_Type_create_darray (MPI 3.1 §4.1.4): which elements of a global array one process of a
// process grid owns, as offsets in elements, and the datatype that selects them. The process
// grid is row-major whatever the array's order (MPI 3.1 §4.1.4); each dimension is distributed
// by blocks, cyclically in blocks of `darg`, or not at all.
#pragma once

#include "simulated-mpi/src/MpiResult.hpp"
#include "simulated-mpi/src/TypeConstructors.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace rankfold::mpi {

struct DarrayDim {
    int gsize;
    int distrib; // MPI_DISTRIBUTE_BLOCK, _CYCLIC or _NONE
    int darg;    // block size, or MPI_DISTRIBUTE_DFLT_DARG
    int psize;   // processes along this dimension
};

// The indices along one dimension that grid coordinate `coord` owns, ascending; an error
// (MPI_ERR_ARG) for arguments MPI rejects.
MpiResult<std::vector<std::int64_t>> darray_indices(const DarrayDim& d, int coord);

// The offsets (in elements of the old type, in the array's memory order) of every element
// process `rank` of `size` owns, ascending; an error for a grid that does not have `size`
// processes, a bad rank or a bad dimension.
MpiResult<std::vector<std::int64_t>>
darray_offsets(int size, int rank, std::span<const DarrayDim> dims, ArrayOrder order);

// The darray datatype: the elements at `offsets` of `old`, lb 0 and the extent of the whole
// array of `total_elements`; nullopt when too large for the runtime.
std::optional<Typemap> make_darray(std::span<const std::int64_t> offsets,
                                   std::int64_t total_elements, const Typemap& old);

} // namespace rankfold::mpi
