// Attributes the program caches on its windows (MPI 3.1 §6.7.3): keys made by
// MPI_Win_create_keyval share the rank's key table with communicator keys; the values live in
// the rank's member entry of the window.
#pragma once

#include "snapshot/AppContext.hpp"

#include <mpi.h>

#include <cstdint>

namespace rankfold::mpi {

// Runs the delete function of every attribute the calling rank set on `win` and removes them
// (MPI_Win_free does, before the window goes). `name` and `site` are the calling function's.
int delete_window_attributes(const char* name, std::uintptr_t site,
                             const snapshot::RuntimeSection& section, MPI_Win win);

} // namespace rankfold::mpi
