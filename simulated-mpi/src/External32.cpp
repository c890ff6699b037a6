#include "simulated-mpi/src/External32.hpp"

#include <algorithm>

namespace rankfold::mpi {
namespace {

bool convertible(BasicIndex basic) {
    static const BasicIndex kRefused[] = {
        *predefined_index(MPI_LONG),
        *predefined_index(MPI_UNSIGNED_LONG),
        *predefined_index(MPI_WCHAR),
        *predefined_index(MPI_LONG_DOUBLE),
        *predefined_index(MPI_C_LONG_DOUBLE_COMPLEX),
        *predefined_index(MPI_CXX_LONG_DOUBLE_COMPLEX),
    };
    return std::find(std::begin(kRefused), std::end(kRefused), basic) == std::end(kRefused);
}

// The size of one big-endian unit of a basic value: a complex is two of them.
std::size_t swap_unit(BasicIndex basic) {
    const std::size_t size = predefined_type(basic).size;
    const bool complex = basic == *predefined_index(MPI_C_FLOAT_COMPLEX) ||
                         basic == *predefined_index(MPI_C_DOUBLE_COMPLEX) ||
                         basic == *predefined_index(MPI_CXX_FLOAT_COMPLEX) ||
                         basic == *predefined_index(MPI_CXX_DOUBLE_COMPLEX);
    return complex ? size / 2 : size;
}

} // namespace

std::optional<BasicIndex> external32_unsupported(const TypeSignature& signature) {
    for (const SignatureRun& run : signature.unit())
        if (!convertible(run.basic)) return run.basic;
    return std::nullopt;
}

void convert_external32(std::byte* data, std::size_t bytes, const TypeSignature& signature) {
    std::size_t done = 0;
    while (done < bytes && !signature.empty()) {
        for (const SignatureRun& run : signature.unit()) {
            const std::size_t size = predefined_type(run.basic).size;
            const std::size_t unit = swap_unit(run.basic);
            for (std::uint64_t k = 0; k < run.count; ++k) {
                if (bytes - done < size) return;
                for (std::size_t part = 0; unit > 1 && part < size; part += unit)
                    std::reverse(data + done + part, data + done + part + unit);
                done += size;
            }
        }
    }
}

} // namespace rankfold::mpi
