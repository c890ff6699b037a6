// Helpers shared by the fuzz targets (tests/fuzz/*_fuzzer.cpp). A property that does not hold
// aborts after printing what failed: libFuzzer and the replay driver both report an abort as a
// finding and keep the input.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace rankfold::fuzz {

[[noreturn]] inline void fail(std::string_view property, std::string_view detail = {}) {
    std::fprintf(stderr, "\nfuzz: property violated: %.*s\n", static_cast<int>(property.size()),
                 property.data());
    if (!detail.empty())
        std::fprintf(stderr, "%.*s\n", static_cast<int>(detail.size()), detail.data());
    std::fflush(stderr);
    std::abort();
}

inline void check(bool holds, std::string_view property, std::string_view detail = {}) {
    if (!holds) fail(property, detail);
}

// Well-formed UTF-8 (no overlong forms, no surrogates, nothing past U+10FFFF): what an error
// message must be to go into a JSON report.
inline bool is_utf8(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        std::size_t n = 0;
        unsigned char lo = 0x80, hi = 0xbf; // allowed range of the first continuation byte
        if (c < 0x80) n = 0;
        else if (c >= 0xc2 && c <= 0xdf) n = 1;
        else if (c >= 0xe0 && c <= 0xef) {
            n = 2;
            if (c == 0xe0) lo = 0xa0;
            if (c == 0xed) hi = 0x9f;
        } else if (c >= 0xf0 && c <= 0xf4) {
            n = 3;
            if (c == 0xf0) lo = 0x90;
            if (c == 0xf4) hi = 0x8f;
        } else
            return false;
        if (s.size() - i - 1 < n) return false;
        for (std::size_t k = 1; k <= n; ++k) {
            const auto d = static_cast<unsigned char>(s[i + k]);
            if (d < (k == 1 ? lo : 0x80) || d > (k == 1 ? hi : 0xbf)) return false;
        }
        i += n + 1;
    }
    return true;
}

} // namespace rankfold::fuzz
