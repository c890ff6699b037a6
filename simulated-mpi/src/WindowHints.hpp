// A window's info hints (MPI 3.1 §11.2.7): what MPI_Win_create (and the other constructors)
// and MPI_Win_set_info were given, which MPI_Win_get_info returns. Rankfold's windows behave
// the same whatever the hints say (it models the semantics MPI guarantees, not an
// implementation's optimisations), so every hint is kept as the program set it.
#pragma once

#include "simulated-mpi/interface/MpiWorld.hpp"

#include <mpi.h>

namespace rankfold::mpi {

// Merges the entries of `info` (MPI_INFO_NULL: none) into the hints of `rank`'s member of
// `win`: a key set again takes the new value. False when `info` is not a live info object.
bool merge_window_hints(MpiWorld& world, int rank, MPI_Win win, MPI_Info info);

} // namespace rankfold::mpi
