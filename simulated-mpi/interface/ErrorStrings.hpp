// The text MPI_Error_string gives for each error class.
#pragma once

namespace rankfold::mpi {
const char* error_string(int code);
const char* error_name(int code); // "MPI_ERR_TRUNCATE"
} // namespace rankfold::mpi
