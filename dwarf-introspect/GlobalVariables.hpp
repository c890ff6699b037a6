// Every global and static variable of an ELF object built with -g, with its address and type,
// so that properties can name program variables (`--prop done=finished@0`) and read each rank's
// copy of them at that copy's load bias.
//
// Usage:
//     std::string error;
//     auto globals = rankfold::dwarf::GlobalVariables::open(module_path, &error);
//     if (!globals) fail(error);                       // one line: no file, no DWARF...
//     rankfold::dwarf::SelectionError where;
//     auto sel = rankfold::dwarf::selectVariable(*globals, "grid[2].cells[1]", &where);
//     if (!sel) fail(where.describe("grid[2].cells[1]"));
//     for (int r = 0; r < image.copies(); ++r)     // one copy of the globals per rank
//         long double v = rankfold::dwarf::readSelected(*sel, image.copy(r).base);
// (selectVariable and readSelected are in VariableSelector.hpp.)
#pragma once

#include "dwarf-introspect/VariableType.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace rankfold::dwarf {

struct Variable {
    // Qualified as the user writes it: "counter", "ns::v", "S::instances", and for a static
    // variable of a function "fn::calls" (a C++ member function: "S::fn::calls").
    std::string name;
    std::string unit;          // DW_AT_name of its compile unit, to tell apart same-named statics
    bool has_address = false;  // false: see no_address_reason
    std::uint64_t address = 0; // ELF virtual address (DW_OP_addr); runtime = load bias + address
    TypeId type = kNoType;
    std::string spelling;          // declared type, typedef names and qualifiers kept
    std::string no_address_reason; // e.g. "optimised out", "thread-local"
    bool function_static = false;
};

// All DWARF is read once by open(); the libdwarf handle is released before it returns, so a
// GlobalVariables holds no file descriptor and no libdwarf state.
class GlobalVariables {
public:
    // Returns nullptr and sets *error (one line) when the file cannot be read or has no DWARF.
    static std::unique_ptr<GlobalVariables> open(const std::string& elf_path, std::string* error);

    const std::vector<Variable>& variables() const { return variables_; }
    // Indexes into variables() of every variable with this qualified name, in DWARF order
    // (several for same-named statics of different compile units).
    std::vector<std::size_t> find(std::string_view name) const;
    const VariableType& type(TypeId id) const { return types_.at(id); }
    std::size_t typeCount() const { return types_.size(); }

    GlobalVariables(const GlobalVariables&) = delete;
    GlobalVariables& operator=(const GlobalVariables&) = delete;
    ~GlobalVariables();

private:
    GlobalVariables();
    friend class GlobalVariablesBuilder;

    std::vector<Variable> variables_;
    std::vector<VariableType> types_;
    std::unordered_multimap<std::string, std::size_t> by_name_;
};

} // namespace rankfold::dwarf
