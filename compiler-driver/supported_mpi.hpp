// supported_mpi: the MPI functions Rankfold implements, as listed in
// simulated-mpi/include/mpi_supported.list (compiled in at build time: no file to find).
#pragma once

#include <string_view>

namespace rankfold::driver {

bool is_supported_mpi(std::string_view name);

} // namespace rankfold::driver
