// The C arguments of a call the runtime decides without the scheduler (a local MPI call, an
// OpenSHMEM put), as the property monitors see them: integers and handles zero-extended,
// pointers as addresses with their pointee's size, buffers with how many bytes they reach. The
// checker decodes the visible calls' arguments the same way (mc/system/ArgumentWriter.hpp); the
// runtime encodes these itself because only it knows them.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>

namespace rankfold::mpi {

struct LocalArgument {
    std::uint64_t value = 0;
    std::uint8_t pointee_size = 0; // a pointer's pointee, 0 for void and function pointers
    std::uint64_t bytes = 0;       // a buffer: how far from `value` the call reaches (0: none)
};

using LocalArguments = std::span<const LocalArgument>;

// A buffer argument: its address and the bytes the call reads or writes from there.
struct BufferArgument {
    const void* address;
    std::uint64_t bytes;
};

inline LocalArgument local_argument(BufferArgument b) {
    return {reinterpret_cast<std::uintptr_t>(b.address), 0, b.bytes};
}

template <class T> LocalArgument local_argument(T v) {
    LocalArgument a;
    if constexpr (std::is_pointer_v<T>) {
        a.value = reinterpret_cast<std::uintptr_t>(v);
        using Pointee = std::remove_cv_t<std::remove_pointer_t<T>>;
        if constexpr (!std::is_void_v<Pointee> && !std::is_function_v<Pointee>)
            a.pointee_size = static_cast<std::uint8_t>(sizeof(Pointee) < 256 ? sizeof(Pointee) : 0);
    } else if constexpr (std::is_integral_v<T> || std::is_enum_v<T>) {
        a.value = static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<T>>(v));
    } else { // a floating-point or other value (a SHMEM put's value): its first bytes
        std::memcpy(&a.value, &v, sizeof(T) < sizeof(a.value) ? sizeof(T) : sizeof(a.value));
    }
    return a;
}

// The arguments of one call, in C parameter order.
template <class... A> std::array<LocalArgument, sizeof...(A)> local_arguments(A... a) {
    return {local_argument(a)...};
}

} // namespace rankfold::mpi
