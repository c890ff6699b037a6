// The predefined reduction operators: which (operator, datatype) pairs MPI defines, and the
// element-wise combination of two packed vectors. Pure functions: the collectives and the RMA
// accumulate calls decide which buffers meet, and in which order.
#pragma once

#include "simulated-mpi/src/TypeSignature.hpp"

#include <mpi.h>

#include <cstddef>
#include <optional>

namespace rankfold::mpi {

// Whether `op` is one of the predefined operators MPI_MAX .. MPI_NO_OP.
bool predefined_op(MPI_Op op);

// Name for messages, e.g. "MPI_SUM"; "MPI_OP_NULL"; "user-defined operator" for any other
// well-formed operator handle (only the rank's OpTable knows whether it is live); a placeholder
// for everything else.
const char* op_name(MPI_Op op);

// Whether the predefined `op` is defined on the predefined datatype `basic` (MPI 3.1 §5.9.2,
// §5.9.4 for MINLOC/MAXLOC, §11.3.4 for MPI_REPLACE/MPI_NO_OP). False for user-defined or
// invalid operators and for handles that are not predefined datatypes with data.
bool op_defined_for(MPI_Op op, MPI_Datatype basic);

// What a predefined operator combines in a datatype of signature `signature`: the one basic
// type it repeats (MPI 3.1 §5.9.1 allows derived types of one predefined type) or, failing that
// or where `op` is not defined on it, its MINLOC/MAXLOC pairs; `count` of them per element.
// None if the datatype is neither.
std::optional<SignatureRun> reduction_elements(MPI_Op op, const TypeSignature& signature);

// inout[i] = in[i] op inout[i] for `count` elements of `basic` in packed form (the element's data
// bytes without padding, e.g. 12 bytes for MPI_DOUBLE_INT: the double, then the int; see
// Datatype.cpp). The buffers need no alignment. Precondition: op_defined_for(op, basic).
//
// This combines two vectors only. A reduction over ranks 0..n-1 is the caller's left fold
// ((v0 op v1) op v2) ..., with the partial result of the lower ranks as `in` and the next rank's
// contribution as `inout`, as MPI orders the arguments of a user function. The placement matters
// even for the commutative operators: floating-point rounding depends on the association, and
// with a NaN operand MAX/MIN/MINLOC/MAXLOC answer differently depending on its side:
//   - integers wrap modulo 2^bits, signed ones included (what C on x86-64 gives in practice);
//   - MAX/MIN are `inout > in ? inout : in` and `inout < in ? inout : in` (MPICH's MPL_MAX and
//     MPL_MIN): if either operand is NaN the result is `in`;
//   - MINLOC/MAXLOC take `in` when its value is strictly better, the smaller index on equal
//     values, and otherwise keep `inout`, an unordered (NaN) comparison included (MPICH);
//   - the logical operators yield 0 or 1 of the element type (any non-zero byte of a bool is
//     true);
//   - a long double result writes its 10 value bytes and keeps the 6 padding bytes of `inout`, as
//     a C store would, so results never carry stack garbage into the state hash. MPI_REPLACE
//     copies the whole element.
void apply_predefined(MPI_Op op, MPI_Datatype basic, const std::byte* in, std::byte* inout,
                      std::size_t count);

} // namespace rankfold::mpi
