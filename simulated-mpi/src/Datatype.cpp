#include "simulated-mpi/src/Datatype.hpp"

#include "simulated-mpi/src/Handles.hpp"
#include "snapshot/GuardedCopy.hpp"

#include <complex>
#include <cstddef>

namespace rankfold::mpi {
namespace {

template <class T> constexpr DatatypeInfo scalar(const char* name) {
    return {name, sizeof(T), sizeof(T), 1, {{{0, sizeof(T)}, {0, 0}}}};
}

// MINLOC/MAXLOC pair types: a value followed by an int, with the C struct's padding.
template <class T> constexpr DatatypeInfo pair(const char* name) {
    struct Pair {
        T value;
        int index;
    };
    return {name,
            sizeof(T) + sizeof(int),
            sizeof(Pair),
            2,
            {{{0, sizeof(T)}, {offsetof(Pair, index), sizeof(int)}}}};
}

constexpr DatatypeInfo kNone{"MPI_DATATYPE_NULL", 0, 0, 0, {}};

// Indexed by the handle index used in mpi.h.
const std::array<DatatypeInfo, RF_PREDEFINED_DATATYPE_COUNT> kPredefined = {
    kNone,
    scalar<char>("MPI_CHAR"),
    scalar<signed char>("MPI_SIGNED_CHAR"),
    scalar<unsigned char>("MPI_UNSIGNED_CHAR"),
    scalar<unsigned char>("MPI_BYTE"),
    scalar<wchar_t>("MPI_WCHAR"),
    scalar<short>("MPI_SHORT"),
    scalar<unsigned short>("MPI_UNSIGNED_SHORT"),
    scalar<int>("MPI_INT"),
    scalar<unsigned>("MPI_UNSIGNED"),
    scalar<long>("MPI_LONG"),
    scalar<unsigned long>("MPI_UNSIGNED_LONG"),
    scalar<long long>("MPI_LONG_LONG_INT"),
    scalar<unsigned long long>("MPI_UNSIGNED_LONG_LONG"),
    scalar<float>("MPI_FLOAT"),
    scalar<double>("MPI_DOUBLE"),
    scalar<long double>("MPI_LONG_DOUBLE"),
    scalar<std::int8_t>("MPI_INT8_T"),
    scalar<std::int16_t>("MPI_INT16_T"),
    scalar<std::int32_t>("MPI_INT32_T"),
    scalar<std::int64_t>("MPI_INT64_T"),
    scalar<std::uint8_t>("MPI_UINT8_T"),
    scalar<std::uint16_t>("MPI_UINT16_T"),
    scalar<std::uint32_t>("MPI_UINT32_T"),
    scalar<std::uint64_t>("MPI_UINT64_T"),
    scalar<bool>("MPI_C_BOOL"),
    scalar<std::complex<float>>("MPI_C_FLOAT_COMPLEX"),
    scalar<std::complex<double>>("MPI_C_DOUBLE_COMPLEX"),
    scalar<std::complex<long double>>("MPI_C_LONG_DOUBLE_COMPLEX"),
    scalar<MPI_Aint>("MPI_AINT"),
    scalar<MPI_Offset>("MPI_OFFSET"),
    scalar<MPI_Count>("MPI_COUNT"),
    scalar<unsigned char>("MPI_PACKED"),
    pair<float>("MPI_FLOAT_INT"),
    pair<double>("MPI_DOUBLE_INT"),
    pair<long>("MPI_LONG_INT"),
    pair<int>("MPI_2INT"),
    pair<short>("MPI_SHORT_INT"),
    pair<long double>("MPI_LONG_DOUBLE_INT"),
    scalar<bool>("MPI_CXX_BOOL"),
    scalar<std::complex<float>>("MPI_CXX_FLOAT_COMPLEX"),
    scalar<std::complex<double>>("MPI_CXX_DOUBLE_COMPLEX"),
    scalar<std::complex<long double>>("MPI_CXX_LONG_DOUBLE_COMPLEX"),
    DatatypeInfo{"MPI_UB", 0, 0, 0, {}},
    DatatypeInfo{"MPI_LB", 0, 0, 0, {}},
};

} // namespace

const DatatypeInfo* find_datatype(MPI_Datatype type) {
    auto index = handle_index(type, RF_KIND_DATATYPE);
    if (!index || *index == 0 || *index >= RF_PREDEFINED_DATATYPE_COUNT) return nullptr;
    const DatatypeInfo& info = kPredefined[*index];
    return info.size == 0 ? nullptr : &info;
}

const char* datatype_name(MPI_Datatype type) {
    if (type == MPI_DATATYPE_NULL) return "MPI_DATATYPE_NULL";
    auto index = handle_index(type, RF_KIND_DATATYPE);
    if (!index || *index >= RF_PREDEFINED_DATATYPE_COUNT) return "<invalid datatype>";
    return kPredefined[*index].name;
}

bool pack(const void* buf, int count, const DatatypeInfo& type, Payload& out) {
    const std::size_t start = out.size();
    const std::size_t bytes = type.size * static_cast<std::size_t>(count);
    out.resize(start + bytes);
    if (bytes == 0) return true;
    if (type.contiguous()) return snapshot::copy_from_app(out.data() + start, buf, bytes);
    auto* dst = out.data() + start;
    const auto* element = static_cast<const std::byte*>(buf);
    for (int i = 0; i < count; ++i, element += type.extent) {
        for (int b = 0; b < type.block_count; ++b) {
            const DatatypeBlock& block = type.blocks[b];
            if (!snapshot::copy_from_app(dst, element + block.offset, block.length)) return false;
            dst += block.length;
        }
    }
    return true;
}

bool unpack(const std::byte* data, std::size_t bytes, const DatatypeInfo& type, void* buf) {
    if (bytes == 0) return true;
    if (type.contiguous()) return snapshot::copy_to_app(buf, data, bytes);
    auto* element = static_cast<std::byte*>(buf);
    std::size_t done = 0;
    while (done < bytes) {
        for (int b = 0; b < type.block_count && done < bytes; ++b) {
            const DatatypeBlock& block = type.blocks[b];
            const std::size_t n = std::min<std::size_t>(block.length, bytes - done);
            if (!snapshot::copy_to_app(element + block.offset, data + done, n)) return false;
            done += n;
        }
        element += type.extent;
    }
    return true;
}

} // namespace rankfold::mpi
