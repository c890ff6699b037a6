#include "simulated-mpi/src/DarrayLayout.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rankfold::mpi {

MpiResult<std::vector<std::int64_t>> darray_indices(const DarrayDim& d, int coord) {
    if (d.gsize <= 0)
        return MpiError{MPI_ERR_ARG,
                        fmt::format("a global size is {} (must be positive)", d.gsize)};
    if (d.psize <= 0)
        return MpiError{MPI_ERR_ARG,
                        fmt::format("a process grid size is {} (must be positive)", d.psize)};
    if (d.darg != MPI_DISTRIBUTE_DFLT_DARG && d.darg <= 0)
        return MpiError{MPI_ERR_ARG, fmt::format("a darg is {} (must be positive or "
                                                 "MPI_DISTRIBUTE_DFLT_DARG)",
                                                 d.darg)};
    std::vector<std::int64_t> out;
    switch (d.distrib) {
    case MPI_DISTRIBUTE_NONE:
        if (d.psize != 1)
            return MpiError{MPI_ERR_ARG, fmt::format("a dimension distributed with "
                                                     "MPI_DISTRIBUTE_NONE has {} processes "
                                                     "(must be 1)",
                                                     d.psize)};
        for (std::int64_t i = 0; i < d.gsize; ++i) out.push_back(i);
        return out;
    case MPI_DISTRIBUTE_BLOCK: {
        const std::int64_t block = d.darg == MPI_DISTRIBUTE_DFLT_DARG
                                       ? (std::int64_t{d.gsize} + d.psize - 1) / d.psize
                                       : d.darg;
        if (block * d.psize < d.gsize)
            return MpiError{MPI_ERR_ARG,
                            fmt::format("blocks of {} over {} processes do not cover a global "
                                        "size of {}",
                                        block, d.psize, d.gsize)};
        for (std::int64_t i = coord * block;
             i < std::min<std::int64_t>(d.gsize, (coord + 1) * block); ++i)
            out.push_back(i);
        return out;
    }
    case MPI_DISTRIBUTE_CYCLIC: {
        const std::int64_t block = d.darg == MPI_DISTRIBUTE_DFLT_DARG ? 1 : d.darg;
        for (std::int64_t i = 0; i < d.gsize; ++i)
            if ((i / block) % d.psize == coord) out.push_back(i);
        return out;
    }
    default:
        return MpiError{MPI_ERR_ARG, fmt::format("distribution {} is none of "
                                                 "MPI_DISTRIBUTE_BLOCK, _CYCLIC and _NONE",
                                                 d.distrib)};
    }
}

MpiResult<std::vector<std::int64_t>>
darray_offsets(int size, int rank, std::span<const DarrayDim> dims, ArrayOrder order) {
    std::int64_t processes = 1;
    for (const DarrayDim& d : dims) processes *= d.psize > 0 ? d.psize : 0;
    if (processes != size)
        return MpiError{MPI_ERR_ARG, fmt::format("the process grid has {} processes, size is {}",
                                                 processes, size)};
    if (rank < 0 || rank >= size)
        return MpiError{MPI_ERR_ARG, fmt::format("rank {} is not in a grid of {}", rank, size)};
    // Grid coordinates, row-major: the last dimension varies fastest.
    std::vector<int> coords(dims.size());
    for (std::size_t k = dims.size(), r = static_cast<std::size_t>(rank); k-- > 0;) {
        coords[k] = static_cast<int>(r % static_cast<std::size_t>(dims[k].psize));
        r /= static_cast<std::size_t>(dims[k].psize);
    }
    // Element offsets, built from the dimension that varies slowest in memory.
    std::vector<std::int64_t> offsets{0};
    const std::size_t n = dims.size();
    for (std::size_t step = 0; step < n; ++step) {
        const std::size_t k = order == ArrayOrder::C ? step : n - 1 - step;
        auto indices = darray_indices(dims[k], coords[k]);
        if (!indices) return indices.error();
        std::vector<std::int64_t> next;
        next.reserve(offsets.size() * indices->size());
        for (const std::int64_t base : offsets)
            for (const std::int64_t i : *indices) next.push_back(base * dims[k].gsize + i);
        offsets = std::move(next);
    }
    return offsets;
}

std::optional<Typemap> make_darray(std::span<const std::int64_t> offsets,
                                   std::int64_t total_elements, const Typemap& old) {
    // Consecutive offsets become one block.
    std::vector<std::int64_t> lengths, starts;
    for (const std::int64_t o : offsets) {
        if (!starts.empty() && starts.back() + lengths.back() == o) {
            ++lengths.back();
            continue;
        }
        starts.push_back(o);
        lengths.push_back(1);
    }
    const auto selected = make_indexed(lengths, starts, old);
    std::int64_t extent = 0;
    if (!selected || __builtin_mul_overflow(total_elements, old.extent(), &extent))
        return std::nullopt;
    return make_resized(*selected, 0, extent);
}

} // namespace rankfold::mpi
