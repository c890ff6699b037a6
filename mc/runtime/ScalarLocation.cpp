#include "mc/runtime/ScalarLocation.hpp"

#include <cstring>

namespace rankfold::mc {

long double read_scalar(const ScalarLocation& where) {
    const auto* p = static_cast<const unsigned char*>(where.address);
    switch (where.kind) {
    case ScalarKind::Float:
        if (where.size == 4) {
            float f = 0;
            std::memcpy(&f, p, 4);
            return f;
        }
        if (where.size == 8) {
            double d = 0;
            std::memcpy(&d, p, 8);
            return d;
        }
        if (where.size == sizeof(long double)) {
            long double l = 0;
            std::memcpy(&l, p, sizeof l);
            return l;
        }
        return 0;
    case ScalarKind::Bool:
    case ScalarKind::Unsigned: {
        std::uint64_t u = 0;
        std::memcpy(&u, p, where.size > 8 ? 8 : where.size); // little-endian
        return static_cast<long double>(u);
    }
    case ScalarKind::Signed:
        break;
    }
    switch (where.size) {
    case 1:
        return static_cast<std::int8_t>(p[0]);
    case 2: {
        std::int16_t v = 0;
        std::memcpy(&v, p, 2);
        return v;
    }
    case 4: {
        std::int32_t v = 0;
        std::memcpy(&v, p, 4);
        return v;
    }
    default: {
        std::int64_t v = 0;
        std::memcpy(&v, p, 8);
        return static_cast<long double>(v);
    }
    }
}

} // namespace rankfold::mc
