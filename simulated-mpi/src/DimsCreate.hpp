// MPI_Dims_create with MPICH 4.0's answers. The standard only asks for dimensions "as close to
// each other as possible"; programs print, size halos by, and index files with the result, so
// a run under Rankfold must get the grid MPICH gives. MPICH's search (after Träff and Lübbe,
// EuroMPI'15) returns the factorisation of the free part of nnodes whose largest and smallest
// factors differ least; among equally balanced ones, the one whose smallest factor is largest,
// then whose second smallest is largest, and so on; in non-increasing order. That rule is
// implemented here directly, and checked against MPICH 4.0.2 for every nnodes up to 5000 and
// up to 7 free dimensions (the unit test keeps nnodes 1..64, tests/reference/ regenerates it).
#pragma once

#include "simulated-mpi/src/MpiResult.hpp"

#include <vector>

namespace rankfold::mpi {

// `dims` holds `ndims` entries (none when ndims < 0): positive ones are fixed, zeros are filled.
// Returns all ndims entries. Errors, as MPICH: nnodes or ndims negative is MPI_ERR_ARG; a
// negative entry, or nnodes not a multiple of the fixed entries' product, is MPI_ERR_DIMS.
// nnodes == 0 with a free entry is MPI_ERR_ARG: no grid has zero extent, and MPICH 4.0.2 sets
// a 0 (one free entry) or never returns (more).
MpiResult<std::vector<int>> dims_create(int nnodes, int ndims, std::vector<int> dims);

} // namespace rankfold::mpi
