#include "simulated-mpi/src/PredefinedTypes.hpp"

#include "simulated-mpi/src/Handles.hpp"

#include <fmt/format.h>

#include <array>
#include <complex>
#include <cstddef>
#include <string>

namespace rankfold::mpi {
namespace {

using enum PredefinedKind;

template <class T> constexpr PredefinedType basic(const char* name) {
    return {name, Basic, sizeof(T), alignof(T)};
}

// MINLOC/MAXLOC pair types: a value followed by an int, with the C struct's padding.
template <class T> constexpr PredefinedType pair(const char* name, BasicIndex value) {
    struct Layout {
        T value;
        int index;
    };
    return {name, Pair, sizeof(T), alignof(Layout), value, offsetof(Layout, index), sizeof(Layout)};
}

constexpr BasicIndex index_of(MPI_Datatype type) {
    return static_cast<BasicIndex>(type & kMaxHandleIndex);
}

// Indexed by the handle index used in mpi.h.
constexpr std::array<PredefinedType, RF_PREDEFINED_DATATYPE_COUNT> kPredefined = {
    PredefinedType{"MPI_DATATYPE_NULL", None, 0, 1},
    basic<char>("MPI_CHAR"),
    basic<signed char>("MPI_SIGNED_CHAR"),
    basic<unsigned char>("MPI_UNSIGNED_CHAR"),
    basic<unsigned char>("MPI_BYTE"),
    basic<wchar_t>("MPI_WCHAR"),
    basic<short>("MPI_SHORT"),
    basic<unsigned short>("MPI_UNSIGNED_SHORT"),
    basic<int>("MPI_INT"),
    basic<unsigned>("MPI_UNSIGNED"),
    basic<long>("MPI_LONG"),
    basic<unsigned long>("MPI_UNSIGNED_LONG"),
    basic<long long>("MPI_LONG_LONG_INT"),
    basic<unsigned long long>("MPI_UNSIGNED_LONG_LONG"),
    basic<float>("MPI_FLOAT"),
    basic<double>("MPI_DOUBLE"),
    basic<long double>("MPI_LONG_DOUBLE"),
    basic<std::int8_t>("MPI_INT8_T"),
    basic<std::int16_t>("MPI_INT16_T"),
    basic<std::int32_t>("MPI_INT32_T"),
    basic<std::int64_t>("MPI_INT64_T"),
    basic<std::uint8_t>("MPI_UINT8_T"),
    basic<std::uint16_t>("MPI_UINT16_T"),
    basic<std::uint32_t>("MPI_UINT32_T"),
    basic<std::uint64_t>("MPI_UINT64_T"),
    basic<bool>("MPI_C_BOOL"),
    basic<std::complex<float>>("MPI_C_FLOAT_COMPLEX"),
    basic<std::complex<double>>("MPI_C_DOUBLE_COMPLEX"),
    basic<std::complex<long double>>("MPI_C_LONG_DOUBLE_COMPLEX"),
    basic<MPI_Aint>("MPI_AINT"),
    basic<MPI_Offset>("MPI_OFFSET"),
    basic<MPI_Count>("MPI_COUNT"),
    basic<unsigned char>("MPI_PACKED"),
    pair<float>("MPI_FLOAT_INT", index_of(MPI_FLOAT)),
    pair<double>("MPI_DOUBLE_INT", index_of(MPI_DOUBLE)),
    pair<long>("MPI_LONG_INT", index_of(MPI_LONG)),
    pair<int>("MPI_2INT", index_of(MPI_INT)),
    pair<short>("MPI_SHORT_INT", index_of(MPI_SHORT)),
    pair<long double>("MPI_LONG_DOUBLE_INT", index_of(MPI_LONG_DOUBLE)),
    basic<bool>("MPI_CXX_BOOL"),
    basic<std::complex<float>>("MPI_CXX_FLOAT_COMPLEX"),
    basic<std::complex<double>>("MPI_CXX_DOUBLE_COMPLEX"),
    basic<std::complex<long double>>("MPI_CXX_LONG_DOUBLE_COMPLEX"),
    PredefinedType{"MPI_UB", UpperBound, 0, 1},
    PredefinedType{"MPI_LB", LowerBound, 0, 1},
};

} // namespace

const PredefinedType& predefined_type(BasicIndex index) {
    return kPredefined.at(index);
}

std::optional<BasicIndex> predefined_index(MPI_Datatype type) {
    auto index = handle_index(type, RF_KIND_DATATYPE);
    if (!index || *index == 0 || *index >= RF_PREDEFINED_DATATYPE_COUNT) return std::nullopt;
    return static_cast<BasicIndex>(*index);
}

std::string datatype_name(MPI_Datatype type) {
    if (type == MPI_DATATYPE_NULL) return "MPI_DATATYPE_NULL";
    if (auto index = predefined_index(type)) return kPredefined[*index].name;
    // The Fortran types of mpi.h's C interface sit above RF_UNSUPPORTED_DATATYPE(0).
    constexpr int kFirstUnsupported = *handle_index(RF_UNSUPPORTED_DATATYPE(0), RF_KIND_DATATYPE);
    if (handle_index(type, RF_KIND_DATATYPE).value_or(0) > kFirstUnsupported)
        return fmt::format("predefined datatype {:#x}, which Rankfold does not support (a Fortran "
                           "type)",
                           type);
    return handle_index(type, RF_KIND_DATATYPE) ? fmt::format("derived datatype {:#x}", type)
                                                : fmt::format("invalid datatype {:#x}", type);
}

} // namespace rankfold::mpi
