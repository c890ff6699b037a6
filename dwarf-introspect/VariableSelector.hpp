// Resolves an lvalue naming a scalar inside a global variable, `count`, `grid[2][1]`, `s.field`,
// `a[2].b[1].c`, `fn::calls`, `ns::v`, to its ELF address, size and kind, and reads its value in
// one copy of the module. See GlobalVariables.hpp for a usage example.
#pragma once

#include "dwarf-introspect/GlobalVariables.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rankfold::dwarf {

// How the selected bytes are read. Enums read as their underlying integer (see is_signed);
// pointers as an unsigned address.
enum class ValueKind : std::uint8_t { Signed, Unsigned, Bool, Float, Pointer, Enum };

const char* toString(ValueKind kind);

struct Selection {
    std::string variable;          // qualified name of the variable the expression starts from
    std::uint64_t elf_address = 0; // runtime address = load bias + elf_address
    std::uint64_t byte_size = 0;   // 1, 2, 4 or 8; floats also 16 (x86 long double)
    ValueKind kind = ValueKind::Signed;
    bool is_signed = false; // Signed, and an Enum whose underlying integer is signed
    std::string type_name;  // e.g. "counter_t (aka unsigned int)"
};

struct SelectionError {
    std::size_t column = 0; // 1-based column of the expression where it went wrong
    std::string message;
    // One line for the user: "in 'grid[9]', column 6: index 9 is out of range ..."
    std::string describe(std::string_view expression) const;
};

// nullopt with *error set when the expression does not name a scalar with an address.
std::optional<Selection> selectVariable(const GlobalVariables& globals, std::string_view expression,
                                        SelectionError* error);

// The value of the selection in the copy of the module loaded at `load_bias` (link_map::l_addr,
// ModuleCopy::base). 64-bit integers and pointers are exact: long double has a 64-bit mantissa
// on x86-64. The caller guarantees the copy is loaded.
long double readSelected(const Selection& selection, std::uintptr_t load_bias);
// The same from bytes already copied out (a snapshot page, a test buffer).
long double decodeSelected(const Selection& selection, const void* bytes);

} // namespace rankfold::dwarf
