// A state's fingerprint: 128 bits of XXH3, so that the visited-state store can trust a match
// without keeping the state itself. With n distinct states the chance that any two share a
// fingerprint is about n^2 / 2^129 (1e9 states: 1.5e-21); with the 64 bits used before it was
// n^2 / 2^65 (1e9 states: 2.7%).
//
// FingerprintBuilder feeds plain values into one digest; value types use it to fingerprint
// themselves consistently with their operator== (equal values, equal fingerprints).
#pragma once

// XXH3_state_t is only complete with the static-linking-only part of the header.
#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

#include <compare>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <type_traits>

namespace rankfold::snapshot {

struct Fingerprint {
    std::uint64_t low = 0;
    std::uint64_t high = 0;
    friend auto operator<=>(const Fingerprint&, const Fingerprint&) = default;
};

// For unordered containers: the low half is already uniformly distributed.
struct FingerprintHash {
    std::size_t operator()(const Fingerprint& f) const noexcept {
        return static_cast<std::size_t>(f.low);
    }
};

// Most inputs are a few dozen bytes (a component's flags, a digest of digests): those are
// gathered in a buffer and hashed in one call at digest(), which costs a fraction of XXH3's
// streaming state (reset alone clears 576 bytes). Longer inputs switch to streaming, still
// through the buffer; XXH3 gives the same digest however the input is cut.
class FingerprintBuilder {
public:
    // cppcheck-suppress uninitMemberVar ; buffer_ is read only up to used_, state_ once streaming_
    FingerprintBuilder() = default;
    FingerprintBuilder(const FingerprintBuilder&) = delete;
    FingerprintBuilder& operator=(const FingerprintBuilder&) = delete;

    void bytes(const void* data, std::size_t n) {
        if (n == 0) return; // memcpy may not be given a null pointer, even for nothing
        if (used_ + n <= kBuffer) {
            std::memcpy(buffer_ + used_, data, n);
            used_ += n;
            return;
        }
        // Full: the buffer goes into the stream. Small inputs keep being gathered while
        // streaming too: a heap block walked by its type feeds each element's few bytes, and
        // one XXH3 update per element cost most of an exploration's time (MPICH's
        // rma/derived-acc-flush_local).
        if (!streaming_) {
            XXH3_128bits_reset(&state_);
            streaming_ = true;
        }
        XXH3_128bits_update(&state_, buffer_, used_);
        used_ = 0;
        if (n <= kBuffer) {
            std::memcpy(buffer_, data, n);
            used_ = n;
        } else {
            XXH3_128bits_update(&state_, data, n);
        }
    }
    template <class T> void value(const T& v) {
        static_assert(
            std::is_trivially_copyable_v<T> && std::has_unique_object_representations_v<T>,
            "fingerprint fields one by one: padding bytes would make equal values differ");
        bytes(&v, sizeof v);
    }
    void fingerprint(const Fingerprint& f) {
        value(f.low);
        value(f.high);
    }
    Fingerprint digest() const {
        if (!streaming_) {
            const XXH128_hash_t h = XXH3_128bits(buffer_, used_);
            return {h.low64, h.high64};
        }
        XXH3_state_t rest; // the stream with the gathered bytes, leaving this one to go on
        XXH3_copyState(&rest, &state_);
        XXH3_128bits_update(&rest, buffer_, used_);
        const XXH128_hash_t h = XXH3_128bits_digest(&rest);
        return {h.low64, h.high64};
    }

private:
    static constexpr std::size_t kBuffer = 256;
    unsigned char buffer_[kBuffer]; // only the first used_ bytes are ever read
    std::size_t used_ = 0;
    bool streaming_ = false;
    XXH3_state_t state_;
};

// The fingerprint of one buffer; a seed gives an independent family (seed 0 is plain XXH3-128).
inline Fingerprint fingerprint_of(const void* data, std::size_t n, std::uint64_t seed = 0) {
    const XXH128_hash_t h = XXH3_128bits_withSeed(data, n, seed);
    return {h.low64, h.high64};
}

} // namespace rankfold::snapshot
