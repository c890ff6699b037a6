// The predefined datatypes of mpi.h, by handle index: the basic types a type signature is made
// of (MPI_INT, MPI_DOUBLE, MPI_BYTE, ...), the value-and-int pairs of MINLOC/MAXLOC (which MPI
// defines as structs of two basic types) and the MPI-1 bound markers MPI_LB and MPI_UB.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <optional>
#include <string>

namespace rankfold::mpi {

enum class PredefinedKind : std::uint8_t {
    None,       // index 0: MPI_DATATYPE_NULL
    Basic,      // one value of a C type
    Pair,       // MPI_FLOAT_INT & co: a value, then an int where the C struct puts it
    LowerBound, // MPI_LB: a marker that sets the lower bound, no data
    UpperBound, // MPI_UB
};

struct PredefinedType {
    const char* name;
    PredefinedKind kind;
    std::uint32_t size;  // of one value (for a pair: of the value part)
    std::uint32_t align; // its C alignment, which rounds the extent of types built from it
    // For a pair: the basic type of the value (an index), where the int goes and the extent.
    std::uint8_t value = 0;
    std::uint32_t int_offset = 0;
    std::uint32_t extent = 0;
};

// A predefined datatype's index, as mpi.h's RF_HANDLE(RF_KIND_DATATYPE, index) encodes it.
using BasicIndex = std::uint8_t;

// The description of the predefined type with this index (index < RF_PREDEFINED_DATATYPE_COUNT).
const PredefinedType& predefined_type(BasicIndex index);

// The index of `type` if it is a predefined datatype handle (not MPI_DATATYPE_NULL).
std::optional<BasicIndex> predefined_index(MPI_Datatype type);

// "MPI_INT" for a predefined type, "MPI_DATATYPE_NULL", "derived datatype 0x4c00002d" or
// "invalid datatype 0x7" otherwise. A new string each call, so two may appear in one message.
std::string datatype_name(MPI_Datatype type);

} // namespace rankfold::mpi
