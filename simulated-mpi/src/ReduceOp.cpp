#include "simulated-mpi/src/ReduceOp.hpp"

#include "simulated-mpi/src/DatatypeTable.hpp"
#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/PredefinedTypes.hpp"
#include "simulated-mpi/src/ReduceKernels.hpp"

#include <array>
#include <cassert>
#include <cstdint>
#include <cstring>

namespace rankfold::mpi {
namespace {

constexpr int kPredefinedOpCount = 14; // MPI_MAX .. MPI_NO_OP are indices 1..14 in mpi.h

// Indexed by handle index - 1.
constexpr std::array<const char*, kPredefinedOpCount> kOpNames = {
    "MPI_MAX", "MPI_MIN",  "MPI_SUM",  "MPI_PROD",   "MPI_LAND",   "MPI_BAND",    "MPI_LOR",
    "MPI_BOR", "MPI_LXOR", "MPI_BXOR", "MPI_MINLOC", "MPI_MAXLOC", "MPI_REPLACE", "MPI_NO_OP",
};

// The groups of basic datatypes of MPI 3.1 §5.9.2, for the C types that exist here (no Fortran
// groups), plus the value-index pairs of §5.9.4. MPI_CHAR and MPI_WCHAR are printable characters
// and in no group (§5.9.3); neither is MPI_PACKED.
enum class Group : std::uint8_t {
    None,
    CInteger,
    MultiLanguage, // MPI_AINT, MPI_OFFSET, MPI_COUNT: like C integer, but no logical operators
    FloatingPoint,
    Complex,
    Logical,
    Byte,
    Pair,
};

Group group_of(MPI_Datatype type) {
    switch (type) {
    case MPI_SIGNED_CHAR:
    case MPI_UNSIGNED_CHAR:
    case MPI_SHORT:
    case MPI_UNSIGNED_SHORT:
    case MPI_INT:
    case MPI_UNSIGNED:
    case MPI_LONG:
    case MPI_UNSIGNED_LONG:
    case MPI_LONG_LONG_INT:
    case MPI_UNSIGNED_LONG_LONG:
    case MPI_INT8_T:
    case MPI_INT16_T:
    case MPI_INT32_T:
    case MPI_INT64_T:
    case MPI_UINT8_T:
    case MPI_UINT16_T:
    case MPI_UINT32_T:
    case MPI_UINT64_T:
        return Group::CInteger;
    case MPI_AINT:
    case MPI_OFFSET:
    case MPI_COUNT:
        return Group::MultiLanguage;
    case MPI_FLOAT:
    case MPI_DOUBLE:
    case MPI_LONG_DOUBLE:
        return Group::FloatingPoint;
    case MPI_C_FLOAT_COMPLEX:
    case MPI_C_DOUBLE_COMPLEX:
    case MPI_C_LONG_DOUBLE_COMPLEX:
    case MPI_CXX_FLOAT_COMPLEX:
    case MPI_CXX_DOUBLE_COMPLEX:
    case MPI_CXX_LONG_DOUBLE_COMPLEX:
        return Group::Complex;
    case MPI_C_BOOL:
    case MPI_CXX_BOOL:
        return Group::Logical;
    case MPI_BYTE:
        return Group::Byte;
    case MPI_FLOAT_INT:
    case MPI_DOUBLE_INT:
    case MPI_LONG_INT:
    case MPI_2INT:
    case MPI_SHORT_INT:
    case MPI_LONG_DOUBLE_INT:
        return Group::Pair;
    default:
        return Group::None;
    }
}

template <class T> struct Tag { using type = T; };

// Calls f(Tag<T>{}) with the C type of an integer datatype (groups C integer, Multi-language,
// Byte). Each visitor covers one kind of type, so every instantiation of f makes sense.
template <class F> void visit_integer(MPI_Datatype type, F&& f) {
    switch (type) {
    case MPI_SIGNED_CHAR:
        return f(Tag<signed char>{});
    case MPI_UNSIGNED_CHAR:
    case MPI_BYTE:
        return f(Tag<unsigned char>{});
    case MPI_SHORT:
        return f(Tag<short>{});
    case MPI_UNSIGNED_SHORT:
        return f(Tag<unsigned short>{});
    case MPI_INT:
        return f(Tag<int>{});
    case MPI_UNSIGNED:
        return f(Tag<unsigned>{});
    case MPI_LONG:
        return f(Tag<long>{});
    case MPI_UNSIGNED_LONG:
        return f(Tag<unsigned long>{});
    case MPI_LONG_LONG_INT:
        return f(Tag<long long>{});
    case MPI_UNSIGNED_LONG_LONG:
        return f(Tag<unsigned long long>{});
    case MPI_INT8_T:
        return f(Tag<std::int8_t>{});
    case MPI_INT16_T:
        return f(Tag<std::int16_t>{});
    case MPI_INT32_T:
        return f(Tag<std::int32_t>{});
    case MPI_INT64_T:
        return f(Tag<std::int64_t>{});
    case MPI_UINT8_T:
        return f(Tag<std::uint8_t>{});
    case MPI_UINT16_T:
        return f(Tag<std::uint16_t>{});
    case MPI_UINT32_T:
        return f(Tag<std::uint32_t>{});
    case MPI_UINT64_T:
        return f(Tag<std::uint64_t>{});
    case MPI_AINT:
        return f(Tag<MPI_Aint>{});
    case MPI_OFFSET:
        return f(Tag<MPI_Offset>{});
    case MPI_COUNT:
        return f(Tag<MPI_Count>{});
    default:
        return;
    }
}

template <class F> void visit_floating(MPI_Datatype type, F&& f) {
    switch (type) {
    case MPI_FLOAT:
        return f(Tag<float>{});
    case MPI_DOUBLE:
        return f(Tag<double>{});
    case MPI_LONG_DOUBLE:
        return f(Tag<long double>{});
    default:
        return;
    }
}

// Complex types by the type of their two parts.
template <class F> void visit_complex(MPI_Datatype type, F&& f) {
    switch (type) {
    case MPI_C_FLOAT_COMPLEX:
    case MPI_CXX_FLOAT_COMPLEX:
        return f(Tag<float>{});
    case MPI_C_DOUBLE_COMPLEX:
    case MPI_CXX_DOUBLE_COMPLEX:
        return f(Tag<double>{});
    case MPI_C_LONG_DOUBLE_COMPLEX:
    case MPI_CXX_LONG_DOUBLE_COMPLEX:
        return f(Tag<long double>{});
    default:
        return;
    }
}

// The pair types by the type of their value; the index is always an int.
template <class F> void visit_pair(MPI_Datatype type, F&& f) {
    switch (type) {
    case MPI_FLOAT_INT:
        return f(Tag<float>{});
    case MPI_DOUBLE_INT:
        return f(Tag<double>{});
    case MPI_LONG_INT:
        return f(Tag<long>{});
    case MPI_2INT:
        return f(Tag<int>{});
    case MPI_SHORT_INT:
        return f(Tag<short>{});
    case MPI_LONG_DOUBLE_INT:
        return f(Tag<long double>{});
    default:
        return;
    }
}

// Logical values of any width: only zero versus non-zero matters, and the result is 0 or 1.
void logical_op(MPI_Op op, const std::byte* in, std::byte* inout, std::size_t count) {
    static_assert(sizeof(bool) == 1);
    kernels::integer_op<unsigned char>(op, in, inout, count);
}

} // namespace

bool predefined_op(MPI_Op op) {
    auto index = handle_index(op, RF_KIND_OP);
    return index && *index >= 1 && *index <= kPredefinedOpCount;
}

const char* op_name(MPI_Op op) {
    if (op == MPI_OP_NULL) return "MPI_OP_NULL";
    const int index = handle_index(op, RF_KIND_OP).value_or(0);
    if (index == 0) return "<invalid operator>";
    if (index > kPredefinedOpCount) return "user-defined operator";
    return kOpNames.at(index - 1);
}

bool op_defined_for(MPI_Op op, MPI_Datatype basic) {
    if (!predefined_op(op)) return false;
    // Only types that hold data: not MPI_DATATYPE_NULL nor the MPI_LB/MPI_UB markers.
    const auto index = predefined_index(basic);
    if (!index) return false;
    const PredefinedKind kind = predefined_type(*index).kind;
    if (kind != PredefinedKind::Basic && kind != PredefinedKind::Pair) return false;
    // MPI 3.1 §5.9.2's "Op / Allowed Types" table, with MINLOC/MAXLOC from §5.9.4.
    const Group g = group_of(basic);
    switch (op) {
    case MPI_MAX:
    case MPI_MIN:
        return g == Group::CInteger || g == Group::MultiLanguage || g == Group::FloatingPoint;
    case MPI_SUM:
    case MPI_PROD:
        return g == Group::CInteger || g == Group::MultiLanguage || g == Group::FloatingPoint ||
               g == Group::Complex;
    case MPI_LAND:
    case MPI_LOR:
    case MPI_LXOR:
        return g == Group::CInteger || g == Group::Logical;
    case MPI_BAND:
    case MPI_BOR:
    case MPI_BXOR:
        return g == Group::CInteger || g == Group::MultiLanguage || g == Group::Byte;
    case MPI_MINLOC:
    case MPI_MAXLOC:
        return g == Group::Pair;
    default:
        return true; // MPI_REPLACE, MPI_NO_OP: any predefined datatype (§11.3.4)
    }
}

std::optional<SignatureRun> reduction_elements(MPI_Op op, const TypeSignature& signature) {
    auto repeat = signature.uniform();
    if (!repeat || !op_defined_for(op, make_handle(RF_KIND_DATATYPE, repeat->basic)))
        repeat = signature.uniform_pairs();
    return repeat;
}

void apply_predefined(MPI_Op op, MPI_Datatype basic, const std::byte* in, std::byte* inout,
                      std::size_t count) {
    assert(op_defined_for(op, basic));
    // Without assertions, a broken precondition leaves inout as it was rather than misread it.
    if (count == 0 || !op_defined_for(op, basic)) return;
    if (op == MPI_NO_OP) return;
    if (op == MPI_REPLACE) {
        std::memmove(inout, in, predefined_typemap(basic)->size() * count);
        return;
    }
    switch (group_of(basic)) {
    case Group::CInteger:
    case Group::MultiLanguage:
    case Group::Byte:
        return visit_integer(basic, [&](auto tag) {
            kernels::integer_op<typename decltype(tag)::type>(op, in, inout, count);
        });
    case Group::FloatingPoint:
        return visit_floating(basic, [&](auto tag) {
            kernels::floating_op<typename decltype(tag)::type>(op, in, inout, count);
        });
    case Group::Complex:
        return visit_complex(basic, [&](auto tag) {
            kernels::complex_op<typename decltype(tag)::type>(op, in, inout, count);
        });
    case Group::Logical:
        return logical_op(op, in, inout, count);
    case Group::Pair:
        return visit_pair(basic, [&](auto tag) {
            kernels::loc_op<typename decltype(tag)::type>(op, in, inout, count);
        });
    case Group::None:
        return;
    }
}

} // namespace rankfold::mpi
