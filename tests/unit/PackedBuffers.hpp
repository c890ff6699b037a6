// Packed buffers for the reduction tests: elements written with memcpy from an odd address, so
// that no element is aligned, and apply_predefined run on them.
#pragma once

#include "simulated-mpi/src/DatatypeTable.hpp"
#include "simulated-mpi/src/ReduceOp.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <cstddef>
#include <cstring>
#include <vector>

namespace rankfold::mpi::packed_test {

constexpr std::size_t kSkew = 1;

template <class T> std::vector<std::byte> packed(const std::vector<T>& values) {
    std::vector<std::byte> out(kSkew + values.size() * sizeof(T));
    for (std::size_t i = 0; i < values.size(); ++i)
        std::memcpy(out.data() + kSkew + i * sizeof(T), &values[i], sizeof(T));
    return out;
}

template <class T> std::vector<T> unpacked(const std::vector<std::byte>& bytes) {
    std::vector<T> out((bytes.size() - kSkew) / sizeof(T));
    for (std::size_t i = 0; i < out.size(); ++i)
        std::memcpy(&out[i], bytes.data() + kSkew + i * sizeof(T), sizeof(T));
    return out;
}

// inout after apply_predefined(op, type, in, inout), element by element.
template <class T>
std::vector<T> reduce(MPI_Op op, MPI_Datatype type, const std::vector<T>& in,
                      const std::vector<T>& inout) {
    REQUIRE(in.size() == inout.size());
    REQUIRE(predefined_typemap(type)->size() == sizeof(T));
    const std::vector<std::byte> a = packed(in);
    std::vector<std::byte> b = packed(inout);
    apply_predefined(op, type, a.data() + kSkew, b.data() + kSkew, in.size());
    return unpacked<T>(b);
}

template <class T> T reduce1(MPI_Op op, MPI_Datatype type, T in, T inout) {
    return reduce<T>(op, type, {in}, {inout})[0];
}

// A MINLOC/MAXLOC pair as the test writes it; packed, the index directly follows the value.
template <class T> struct Loc {
    T value;
    int index;
    bool operator==(const Loc& o) const { return value == o.value && index == o.index; }
};

template <class T> std::vector<std::byte> packed_pairs(const std::vector<Loc<T>>& pairs) {
    constexpr std::size_t kSize = sizeof(T) + sizeof(int);
    std::vector<std::byte> out(kSkew + pairs.size() * kSize);
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        std::memcpy(out.data() + kSkew + i * kSize, &pairs[i].value, sizeof(T));
        std::memcpy(out.data() + kSkew + i * kSize + sizeof(T), &pairs[i].index, sizeof(int));
    }
    return out;
}

template <class T>
std::vector<Loc<T>> reduce_pairs(MPI_Op op, MPI_Datatype type, const std::vector<Loc<T>>& in,
                                 const std::vector<Loc<T>>& inout) {
    constexpr std::size_t kSize = sizeof(T) + sizeof(int);
    REQUIRE(predefined_typemap(type)->size() == kSize);
    const std::vector<std::byte> a = packed_pairs(in);
    std::vector<std::byte> b = packed_pairs(inout);
    apply_predefined(op, type, a.data() + kSkew, b.data() + kSkew, in.size());
    std::vector<Loc<T>> out(inout.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
        std::memcpy(&out[i].value, b.data() + kSkew + i * kSize, sizeof(T));
        std::memcpy(&out[i].index, b.data() + kSkew + i * kSize + sizeof(T), sizeof(int));
    }
    return out;
}

} // namespace rankfold::mpi::packed_test
