// Reading a Selection's value: kept apart from the expression resolver it does not depend on.
#include "dwarf-introspect/VariableSelector.hpp"

#include <cstring>

namespace rankfold::dwarf {

namespace {

template <typename T> T load(const void* bytes) {
    T v;
    std::memcpy(&v, bytes, sizeof v);
    return v;
}

} // namespace

const char* toString(ValueKind kind) {
    switch (kind) {
    case ValueKind::Signed:
        return "signed";
    case ValueKind::Unsigned:
        return "unsigned";
    case ValueKind::Bool:
        return "bool";
    case ValueKind::Float:
        return "float";
    case ValueKind::Pointer:
        return "pointer";
    case ValueKind::Enum:
        return "enum";
    }
    return "?";
}

std::string SelectionError::describe(std::string_view expression) const {
    return "in '" + std::string(expression) + "', column " + std::to_string(column) + ": " +
           message;
}

long double decodeSelected(const Selection& s, const void* bytes) {
    if (s.kind == ValueKind::Float) {
        if (s.byte_size == 4) return load<float>(bytes);
        if (s.byte_size == 8) return load<double>(bytes);
        return load<long double>(bytes);
    }
    std::uint64_t raw = 0;
    switch (s.byte_size) {
    case 1:
        raw = load<std::uint8_t>(bytes);
        break;
    case 2:
        raw = load<std::uint16_t>(bytes);
        break;
    case 4:
        raw = load<std::uint32_t>(bytes);
        break;
    default:
        raw = load<std::uint64_t>(bytes);
        break;
    }
    if (s.kind == ValueKind::Bool) return raw != 0;
    if (!s.is_signed) return static_cast<long double>(raw);
    unsigned shift = 64 - 8 * unsigned(s.byte_size); // sign-extend from the value's width
    return static_cast<long double>(static_cast<std::int64_t>(raw << shift) >> shift);
}

long double readSelected(const Selection& s, std::uintptr_t load_bias) {
    return decodeSelected(s, reinterpret_cast<const void*>(load_bias + s.elf_address));
}

} // namespace rankfold::dwarf
