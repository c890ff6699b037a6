// The types of a program's global variables as DWARF describes them, reduced to what is needed to
// find a scalar inside a variable and to read it: sizes, encodings, array bounds, member offsets.
// typedefs and const/volatile/_Atomic are stripped (kept only in the `spelling` used in messages).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rankfold::dwarf {

using TypeId = std::uint32_t; // index into GlobalVariables::type()
inline constexpr TypeId kNoType = ~TypeId{0};
inline constexpr std::uint64_t kUnknownCount = ~std::uint64_t{0}; // flexible or VLA dimension

enum class TypeKind : std::uint8_t {
    Base,        // int, char, bool, float... (DW_TAG_base_type)
    Pointer,     // also C++ references, which are stored as pointers
    Enum,        // its underlying integer is described by byte_size and encoding
    Array,       // element + counts, outermost dimension first
    Record,      // struct, class or union
    Unsupported, // functions, pointers to members, types libdwarf could not read
};

// DW_AT_encoding, grouped by how a value is read. `Other` covers complex and decimal floats,
// UTF characters and the like: they are described but cannot be selected.
enum class Encoding : std::uint8_t {
    Signed,
    Unsigned,
    Bool,
    Float,
    SignedChar,
    UnsignedChar,
    Other
};

struct Member {
    std::string name;         // empty for an anonymous struct/union or a C++ base class
    std::uint64_t offset = 0; // bytes from the start of the enclosing record
    TypeId type = kNoType;
    std::string spelling;       // the member's declared type, typedef names kept
    std::uint32_t bit_size = 0; // non-zero for a bit field
    bool is_base_class = false; // DW_TAG_inheritance: its members are reachable by name
};

struct VariableType {
    TypeKind kind = TypeKind::Unsupported;
    std::string name; // C spelling: "int", "struct point", "enum color", "int *", "int[3][4]"
    std::uint64_t byte_size = 0;         // 0 when unknown (incomplete type, unknown array bound)
    Encoding encoding = Encoding::Other; // Base; Enum: of the underlying integer
    TypeId element = kNoType;            // Array: element type; Pointer: pointee (kNoType: void)
    std::vector<std::uint64_t> counts;   // Array: one per dimension, kUnknownCount if unknown
    std::vector<Member> members;         // Record
    bool is_union = false;
    bool incomplete = false;     // Record only declared (DW_AT_declaration), e.g. an opaque struct
    bool partial_layout = false; // Record: a member could not be placed (a virtual base)
};

// "point_t (aka struct point)" when the declared spelling differs from the type's own name.
inline std::string describeType(const std::string& spelling, const VariableType& type) {
    if (spelling.empty() || spelling == type.name) return type.name;
    return spelling + " (aka " + type.name + ")";
}

} // namespace rankfold::dwarf
