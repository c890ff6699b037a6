#include "supported_mpi.hpp"

#include <algorithm>
#include <iterator>

namespace rankfold::driver {

namespace {
// Sorted by gen_supported_list.cmake.
constexpr std::string_view kSupported[] = {
#include "mpi_supported.inc"
};
static_assert(std::size(kSupported) > 0, "mpi_supported.list names no function");
} // namespace

bool is_supported_mpi(std::string_view name) {
    return std::binary_search(std::begin(kSupported), std::end(kSupported), name);
}

} // namespace rankfold::driver
