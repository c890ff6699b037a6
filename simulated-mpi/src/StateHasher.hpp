// Feeds plain values into one XXH3 digest; the runtime's value types use it to hash themselves
// consistently with their operator== (equal values, equal digests).
//
// The runtime state is fed as many small fields (a rank's flags, a request's tag, ...), and one
// XXH3_64bits_update per field costs more than the hashing itself, so fields are gathered in a
// local buffer that goes to XXH3 in blocks. XXH3's streaming digest does not depend on how the
// input is split, so the digest is the same as feeding every field directly.
#pragma once

// XXH3_state_t is only complete with the static-linking-only part of the header.
#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace rankfold::mpi {

class StateHasher {
public:
    StateHasher() { XXH3_64bits_reset(&state_); }
    StateHasher(const StateHasher&) = delete;
    StateHasher& operator=(const StateHasher&) = delete;

    void bytes(const void* data, std::size_t n) {
        if (n == 0) return; // an empty vector's data() may be null, which memcpy must not get
        if (n > kCapacity - used_) {
            flush();
            if (n > kCapacity) {
                XXH3_64bits_update(&state_, data, n);
                return;
            }
        }
        std::memcpy(buffer_.data() + used_, data, n);
        used_ += n;
    }
    template <class T> void value(const T& v) {
        static_assert(std::is_trivially_copyable_v<T> &&
                          std::has_unique_object_representations_v<T>,
                      "hash fields one by one: padding bytes would make equal values differ");
        bytes(&v, sizeof v);
    }
    std::uint64_t digest() {
        flush();
        return XXH3_64bits_digest(&state_);
    }

private:
    static constexpr std::size_t kCapacity = 1024;
    void flush() {
        if (used_ == 0) return;
        XXH3_64bits_update(&state_, buffer_.data(), used_);
        used_ = 0;
    }

    XXH3_state_t state_;
    std::array<std::byte, kCapacity> buffer_;
    std::size_t used_ = 0;
};

} // namespace rankfold::mpi
