// The arithmetic of the predefined reduction operators on packed, unaligned bytes: one template
// per kind of element type, instantiated by ReduceOp.cpp for the types MPI defines them on.
// Semantics (operand order, NaN, wraparound, long double padding) are documented at
// apply_predefined in ReduceOp.hpp.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <cfloat>
#include <complex>
#include <cstddef>
#include <cstring>
#include <type_traits>

namespace rankfold::mpi::kernels {

// ---- element access: packed data is unaligned, so every access is a memcpy ------------------

// x87 extended precision keeps 10 value bytes in a 16-byte long double; the rest is padding that
// a C store (`a[i] = x`) leaves alone, and so does store().
template <class T> constexpr std::size_t value_bytes() {
    if constexpr (std::is_same_v<T, long double> && LDBL_MANT_DIG == 64) return 10;
    return sizeof(T);
}

template <class T> T load(const std::byte* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

template <class T> void store(std::byte* p, T v) {
    std::memcpy(p, &v, value_bytes<T>());
}

// std::complex<T> is laid out as T[2] (real, imaginary).
template <class T> std::complex<T> load_complex(const std::byte* p) {
    return {load<T>(p), load<T>(p + sizeof(T))};
}

template <class T> void store_complex(std::byte* p, std::complex<T> v) {
    store(p, v.real());
    store(p + sizeof(T), v.imag());
}

template <class T, class Combine>
void elementwise(const std::byte* in, std::byte* inout, std::size_t count, Combine combine) {
    for (std::size_t i = 0; i < count; ++i, in += sizeof(T), inout += sizeof(T))
        store(inout, static_cast<T>(combine(load<T>(in), load<T>(inout))));
}

// ---- the operators --------------------------------------------------------------------------

// MPICH's MPL_MAX(inout, in) and MPL_MIN(inout, in): an unordered comparison yields `in`.
template <class T> T max_of(T in, T inout) {
    return inout > in ? inout : in;
}
template <class T> T min_of(T in, T inout) {
    return inout < in ? inout : in;
}

// Sums and products in the unsigned type at least as wide as unsigned int: no promotion to int
// (unsigned short * unsigned short could overflow it) and no signed overflow. The conversion
// back is modular (C++20), which is what C gives on x86-64 for MPICH's `a[i] = a[i] + b[i]`.
template <class T> using Wide = std::common_type_t<unsigned, std::make_unsigned_t<T>>;

template <class T>
void integer_op(MPI_Op op, const std::byte* in, std::byte* inout, std::size_t count) {
    using W = Wide<T>;
    auto run = [&](auto combine) { elementwise<T>(in, inout, count, combine); };
    switch (op) {
    case MPI_MAX:
        return run(max_of<T>);
    case MPI_MIN:
        return run(min_of<T>);
    case MPI_SUM:
        return run([](T a, T b) { return static_cast<W>(a) + static_cast<W>(b); });
    case MPI_PROD:
        return run([](T a, T b) { return static_cast<W>(a) * static_cast<W>(b); });
    case MPI_LAND:
        return run([](T a, T b) { return a != 0 && b != 0; });
    case MPI_LOR:
        return run([](T a, T b) { return a != 0 || b != 0; });
    case MPI_LXOR:
        return run([](T a, T b) { return (a != 0) != (b != 0); });
    case MPI_BAND:
        return run([](T a, T b) { return a & b; });
    case MPI_BOR:
        return run([](T a, T b) { return a | b; });
    case MPI_BXOR:
        return run([](T a, T b) { return a ^ b; });
    default:
        return;
    }
}

template <class T>
void floating_op(MPI_Op op, const std::byte* in, std::byte* inout, std::size_t count) {
    auto run = [&](auto combine) { elementwise<T>(in, inout, count, combine); };
    switch (op) {
    case MPI_MAX:
        return run(max_of<T>);
    case MPI_MIN:
        return run(min_of<T>);
    case MPI_SUM:
        return run([](T a, T b) { return a + b; });
    case MPI_PROD:
        return run([](T a, T b) { return a * b; });
    default:
        return;
    }
}

template <class T>
void complex_op(MPI_Op op, const std::byte* in, std::byte* inout, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i, in += 2 * sizeof(T), inout += 2 * sizeof(T)) {
        const std::complex<T> a = load_complex<T>(in), b = load_complex<T>(inout);
        store_complex(inout, op == MPI_SUM ? a + b : a * b);
    }
}

// MPI 3.1 §5.9.4: the better value wins with its index; equal values keep the smaller index.
template <class T>
void loc_op(MPI_Op op, const std::byte* in, std::byte* inout, std::size_t count) {
    constexpr std::size_t kStride = sizeof(T) + sizeof(int);
    for (std::size_t i = 0; i < count; ++i, in += kStride, inout += kStride) {
        const T u = load<T>(inout), v = load<T>(in);
        const int j = load<int>(inout + sizeof(T)), k = load<int>(in + sizeof(T));
        if (op == MPI_MAXLOC ? v > u : v < u) {
            store(inout, v);
            store(inout + sizeof(T), k);
        } else if (v == u) {
            store(inout + sizeof(T), std::min(j, k));
        }
    }
}

} // namespace rankfold::mpi::kernels
