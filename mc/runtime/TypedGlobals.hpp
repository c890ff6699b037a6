// The program's global and static variables as roots of the typed heap walk (issue 12): each
// one with a known DWARF layout is fed by it (padding left out, its pointers claiming the
// blocks they point at for their pointee type), the bytes between them untyped.
#pragma once

#include "dwarf-introspect/GlobalVariables.hpp"
#include "dwarf-introspect/PointerLayout.hpp"
#include "mc/runtime/HeapCanonicalForm.hpp"

#include <memory>
#include <string>
#include <vector>

namespace rankfold::mc {

class TypedGlobals {
public:
    // nullptr and *error (one line) when the module's DWARF cannot be read.
    static std::unique_ptr<TypedGlobals> open(const std::string& elf_path, std::string* error);

    // [begin, end) of a module copy loaded at `bias`, through `heap`.
    void feed(HeapCanonicalForm& heap, snapshot::FingerprintBuilder& out, std::uintptr_t begin,
              std::uintptr_t end, std::uintptr_t bias) const;

    std::size_t typed() const { return entries_.size(); }

private:
    TypedGlobals() = default;
    struct Entry {
        std::uint64_t address; // ELF
        const dwarf::Layout* layout;
    };
    std::unique_ptr<dwarf::GlobalVariables> globals_;
    std::vector<dwarf::VariableType> types_; // a copy the layouts refer to
    std::unique_ptr<dwarf::PointerLayouts> layouts_;
    std::vector<Entry> entries_; // by address, disjoint
};

} // namespace rankfold::mc
