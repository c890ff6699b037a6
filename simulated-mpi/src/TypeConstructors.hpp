// The typemaps of MPI's datatype constructors (MPI 3.1 §4.1.2-4.1.7), from arguments the caller
// has already checked (counts and block lengths not negative). Each returns nullopt when the
// result would be too large for the runtime (TypemapBuilder's limits, or overflow).
#pragma once

#include "simulated-mpi/src/Typemap.hpp"

#include <mpi.h>

#include <cstdint>
#include <optional>
#include <span>

namespace rankfold::mpi {

std::optional<Typemap> make_contiguous(std::int64_t count, const Typemap& old);
// `stride` in elements of `old` (MPI_Type_vector) or in bytes (MPI_Type_create_hvector).
std::optional<Typemap> make_vector(std::int64_t count, std::int64_t blocklength,
                                   std::int64_t stride, const Typemap& old);
std::optional<Typemap> make_hvector(std::int64_t count, std::int64_t blocklength,
                                    std::int64_t stride_bytes, const Typemap& old);
// Displacements in elements of `old` (indexed) or in bytes (hindexed).
std::optional<Typemap> make_indexed(std::span<const std::int64_t> blocklengths,
                                    std::span<const std::int64_t> displacements,
                                    const Typemap& old);
std::optional<Typemap> make_hindexed(std::span<const std::int64_t> blocklengths,
                                     std::span<const std::int64_t> displacements,
                                     const Typemap& old);

struct StructMember {
    MPI_Datatype handle; // MPI_LB and MPI_UB are markers; equal handles are equal types
    const Typemap* type;
    std::int64_t blocklength;
    std::int64_t disp; // bytes
};
std::optional<Typemap> make_struct(std::span<const StructMember> members);

std::optional<Typemap> make_resized(const Typemap& old, std::int64_t lb, std::int64_t extent);

enum class ArrayOrder : std::uint8_t { C, Fortran };
// MPI_Type_create_subarray: the `subsizes` block at `starts` of an array of `sizes` elements
// of `old`, with lb 0 and the extent of the whole array.
std::optional<Typemap> make_subarray(std::span<const std::int64_t> sizes,
                                     std::span<const std::int64_t> subsizes,
                                     std::span<const std::int64_t> starts, ArrayOrder order,
                                     const Typemap& old);

} // namespace rankfold::mpi
