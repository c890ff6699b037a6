// Messages travel packed: only the data bytes, in typemap order. A sender and a receiver with
// different layouts of the same signature (a matrix column sent as a vector type, received as
// contiguous) so exchange the right bytes. Application memory is read and written through the
// guarded copies: a bad buffer makes these return false, never crashes the checker.
#pragma once

#include "simulated-mpi/src/Payload.hpp"
#include "simulated-mpi/src/Typemap.hpp"

#include <cstddef>
#include <cstdint>

namespace rankfold::mpi {

// Appends `count` elements of `type` at `buf` (element i at buf + i * extent) to `out`.
// Returns false if the memory faulted.
bool pack(const void* buf, std::uint64_t count, const Typemap& type, Payload& out);

// Writes `bytes` packed bytes into consecutive elements of `type` at `buf`; the last element may
// be partial (a message shorter than the receive buffer). Returns false on a fault.
bool unpack(const std::byte* data, std::size_t bytes, const Typemap& type, void* buf);

// Whether a NULL `buf` with `count` elements of `type` is the NULL-buffer misuse: NULL is
// MPI_BOTTOM, a valid base only for a datatype whose displacements are absolute addresses
// (from MPI_Get_address, MPI 3.1 §4.1.5), so it is reported only when the datatype's first
// data byte would lie in the first page of memory, where no object can be. A datatype of no
// data (all blocks empty) touches no memory: any buffer is fine for it.
bool null_buffer_misuse(const void* buf, int count, const Typemap& type);

// Whether `count_a` elements of `a` at `buf_a` and `count_b` elements of `b` at `buf_b` share a
// byte of data (gaps between a datatype's blocks do not count). Datatypes of more than
// kMaxAliasBlocks blocks in all are not compared: false.
constexpr std::size_t kMaxAliasBlocks = std::size_t{1} << 16;
bool buffers_overlap(const void* buf_a, int count_a, const Typemap& a, const void* buf_b,
                     int count_b, const Typemap& b);

} // namespace rankfold::mpi
