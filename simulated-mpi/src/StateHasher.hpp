// Feeds plain values into one XXH3 digest; the runtime's value types use it to hash themselves
// consistently with their operator== (equal values, equal digests).
#pragma once

// XXH3_state_t is only complete with the static-linking-only part of the header.
#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace rankfold::mpi {

class StateHasher {
public:
    StateHasher() { XXH3_64bits_reset(&state_); }
    StateHasher(const StateHasher&) = delete;
    StateHasher& operator=(const StateHasher&) = delete;

    void bytes(const void* data, std::size_t n) { XXH3_64bits_update(&state_, data, n); }
    template <class T> void value(const T& v) {
        static_assert(std::is_trivially_copyable_v<T> &&
                          std::has_unique_object_representations_v<T>,
                      "hash fields one by one: padding bytes would make equal values differ");
        bytes(&v, sizeof v);
    }
    std::uint64_t digest() const { return XXH3_64bits_digest(&state_); }

private:
    XXH3_state_t state_;
};

} // namespace rankfold::mpi
