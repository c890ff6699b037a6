// Datatypes as the runtime sees them: a size (bytes of data), an extent (stride in memory) and
// the blocks of data within one element. Messages travel packed (only data bytes), so a sender
// and a receiver with different layouts of the same signature still exchange the right bytes.
#pragma once

#include <mpi.h>

#include "simulated-mpi/src/Payload.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace rankfold::mpi {

struct DatatypeBlock {
    std::uint32_t offset;
    std::uint32_t length;
};

struct DatatypeInfo {
    const char* name;
    std::size_t size;   // bytes of data in one element
    std::size_t extent; // distance between consecutive elements in memory
    std::uint8_t block_count;
    std::array<DatatypeBlock, 2> blocks;

    bool contiguous() const { return size == extent; }
};

// The predefined datatype behind `type`, or nullptr when `type` is not one.
const DatatypeInfo* find_datatype(MPI_Datatype type);

// Name for messages, e.g. "MPI_INT"; a placeholder for invalid handles.
const char* datatype_name(MPI_Datatype type);

// Appends `count` elements at `buf` in packed form. Returns false if the memory faulted.
bool pack(const void* buf, int count, const DatatypeInfo& type, Payload& out);

// Writes `bytes` packed bytes into `buf` laid out as elements of `type`. Returns false on fault.
bool unpack(const std::byte* data, std::size_t bytes, const DatatypeInfo& type, void* buf);

} // namespace rankfold::mpi
