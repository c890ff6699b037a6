// Turns DWARF type DIEs into VariableType entries of a GlobalVariables (internal to its open()).
#pragma once

#include "dwarf-introspect/DieReader.hpp"
#include "dwarf-introspect/VariableType.hpp"

#include <string>
#include <unordered_map>
#include <vector>

namespace rankfold::dwarf {

struct TypeRef {
    TypeId id = kNoType; // kNoType: void, or a type that could not be read
    std::string spelling;
};

class TypeReader {
public:
    TypeReader(DieReader& dies, std::vector<VariableType>& types) : dies_(dies), types_(types) {}

    // The type of `die` (its DW_AT_type), read once per type DIE and memoised by offset.
    TypeRef typeOf(Dwarf_Die die);
    TypeRef read(std::uint64_t offset, int depth = 0);

private:
    TypeRef readDie(Dwarf_Die die, std::uint64_t offset, int depth);
    TypeId add(VariableType type);
    void readBase(Dwarf_Die die, VariableType& out);
    void readEnum(Dwarf_Die die, VariableType& out, int depth);
    void readArray(Dwarf_Die die, TypeId id, int depth);
    void readRecord(Dwarf_Die die, TypeId id, int depth);
    std::optional<std::uint64_t> memberOffset(Dwarf_Die member);

    DieReader& dies_;
    std::vector<VariableType>& types_;
    std::unordered_map<std::uint64_t, TypeRef> memo_;
};

} // namespace rankfold::dwarf
