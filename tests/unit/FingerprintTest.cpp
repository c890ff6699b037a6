// FingerprintBuilder buffers short inputs and streams long ones: the digest must be XXH3-128 of
// the bytes fed, however they were split.
#include "snapshot/Fingerprint.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using rankfold::snapshot::Fingerprint;
using rankfold::snapshot::fingerprint_of;
using rankfold::snapshot::FingerprintBuilder;

TEST_CASE("FingerprintBuilder equals XXH3-128 of the bytes, buffered or streamed",
          "[fingerprint]") {
    std::vector<std::uint8_t> data(1500);
    for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(i * 131 + 7);
    for (std::size_t n : {0, 1, 8, 255, 256, 257, 300, 1000, 1500}) {
        for (std::size_t piece : {1, 7, 64, 256, 2000}) {
            FingerprintBuilder b;
            for (std::size_t at = 0; at < n; at += piece)
                b.bytes(data.data() + at, std::min(piece, n - at));
            INFO("length " << n << ", pieces of " << piece);
            CHECK(b.digest() == fingerprint_of(data.data(), n));
        }
    }
    FingerprintBuilder a, b;
    a.value(std::uint64_t{1});
    b.value(std::uint64_t{2});
    CHECK(a.digest() != b.digest());
    CHECK(a.digest() != Fingerprint{});
}

TEST_CASE("a digest taken while streaming leaves the builder to go on", "[fingerprint]") {
    std::vector<std::uint8_t> data(3000);
    for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(i * 97 + 3);
    FingerprintBuilder b;
    b.bytes(data.data(), 1000); // streaming from here
    for (std::size_t at = 1000; at < 1300; at += 4) b.bytes(data.data() + at, 4);
    CHECK(b.digest() == fingerprint_of(data.data(), 1300));
    for (std::size_t at = 1300; at < 3000; at += 12)
        b.bytes(data.data() + at, std::min<std::size_t>(12, 3000 - at));
    CHECK(b.digest() == fingerprint_of(data.data(), 3000));
}
