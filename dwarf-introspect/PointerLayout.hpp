// How the typed heap walk of semantic state equality (issue 12) reads a value of a DWARF type:
// which bytes are plain values (compared as bytes; padding is in no piece, so it is left out),
// which hold a pointer and to what type, and which can only be read untyped (a union, a
// record with bit fields: every aligned word that points into a live block is a pointer).
//
// Layouts of a type table are made on demand and live as long as their PointerLayouts; a
// pointer piece refers to its pointee's layout, so recursive types (lists, trees) are cycles
// of layouts. Two tables (the globals' and the frames') describe the same C type twice: their
// layouts are told apart or identified by `signature`, equal when walking either reads the
// same bytes the same way.
#pragma once

#include "dwarf-introspect/VariableType.hpp"

#include <cstdint>
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

namespace rankfold::dwarf {

struct Layout;

struct LayoutPiece {
    enum class Kind : std::uint8_t {
        Bytes,   // plain values: compared as bytes
        Pointer, // an 8-byte pointer to `target` (null: to memory of no known type)
        Untyped, // read as untyped memory
        Repeat,  // `count` values of `target`, `stride` bytes apart
    };
    Kind kind = Kind::Bytes;
    std::uint64_t offset = 0;
    std::uint64_t size = 0; // Repeat: count * stride
    const Layout* target = nullptr;
    std::uint64_t count = 0, stride = 0;
};

struct Layout {
    bool known = false; // false: no layout (unknown size, incomplete type...): read untyped
    // A polymorphic class or a base class of another: a pointer to it may point at a larger
    // object of a derived type, so a block is taken for one only when it is exactly as large.
    bool exact_only = false;
    // A record ending in a flexible array member (`long data[]`, `[0]`): a block is one of
    // it followed by the array, never an array of it.
    bool flexible = false;
    std::uint64_t size = 0;
    std::vector<LayoutPiece> pieces; // by offset, disjoint
    std::string name;
    std::uint64_t signature = 0; // equal for layouts that read memory alike
};

class PointerLayouts {
public:
    explicit PointerLayouts(const std::vector<VariableType>& types);

    // The layout of a value of `type` (never null; not `known` for kNoType and the like).
    const Layout* of(TypeId type);
    // What a pointer of type `pointer` lets a heap walk take its block for: null when the
    // pointee has no layout worth walking (void, char and its kin, unions, incomplete or
    // unknown types, a type that is not a pointer).
    const Layout* pointee(TypeId pointer);

    static constexpr std::size_t kMaxPieces = 256;

private:
    Layout* make(TypeId id, int depth);
    Layout* shell(TypeId id);
    void drain();
    void fill(Layout& out, const VariableType& t, int depth);
    void place(Layout& out, const Layout& inner, std::uint64_t offset);
    const std::vector<VariableType>& types_;
    std::deque<Layout> store_; // stable addresses
    std::unordered_map<TypeId, Layout*> by_type_;
    std::vector<bool> base_class_; // per type: some record of the table derives from it
    std::vector<bool> filled_;     // per type: its layout is made (not only a shell)
    std::vector<TypeId> pending_;  // shells to fill
    Layout unknown_;
};

// A heap block of `usable` bytes reached through a pointer to `type` is this many values of
// it (the rest, under 16 bytes of the arena's rounding, read untyped); 0: not taken for them.
std::uint64_t elementsInBlock(const Layout& type, std::uint64_t usable);

} // namespace rankfold::dwarf
