// How SourceLocator::open() reads DWARF (internal to it): one pass over the compile units fills
// the line table (SourceLocator.cpp) and the function ranges (SourceLocatorFunctions.cpp).
#pragma once

#include "dwarf-introspect/SourceLocator.hpp"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

// libdwarf.h needs dwarf.h first. Debian installs both in /usr/include/libdwarf, which may or may
// not be on the include path.
#if __has_include(<libdwarf.h>)
#include <dwarf.h>
#include <libdwarf.h>
#else
#include <libdwarf/dwarf.h>
#include <libdwarf/libdwarf.h>
#endif

namespace rankfold::dwarf {

struct CuInfo {
    Dwarf_Half version = 0, addr_size = 8;
    std::uint64_t base = 0; // CU DW_AT_low_pc: the base of DWARF 2-4 .debug_ranges entries
    std::string comp_dir;
};

// Linkers cannot delete the DWARF of discarded COMDAT/--gc-sections code, so they point it at 0
// (GNU ld) or at a tombstone (-1/-2, lld). No code of a linked object lives at either, and keeping
// such ranges would attribute low addresses to functions that are not there.
inline bool usableAddress(std::uint64_t addr, const CuInfo& cu) {
    return addr != 0 && addr < (cu.addr_size == 4 ? 0xfffffffeULL : ~std::uint64_t{1});
}

// Reads every compile unit once and fills the SourceLocator's tables.
class SourceLocatorBuilder {
public:
    SourceLocatorBuilder(Dwarf_Debug dbg, std::vector<unsigned char> debug_line, SourceLocator& out)
        : dbg_(dbg), out_(out), debug_line_(std::move(debug_line)) {}

    // Returns false with *error set when nothing usable was found.
    bool run(const std::string& path, std::string* error);

private:
    // Code is only described in .debug_info, never .debug_types.
    static constexpr Dwarf_Bool kIsInfo = 1;
    static constexpr int kMaxDepth = 64; // guards recursion against corrupt DIE trees

    struct Range {
        std::uint64_t low, high;
        std::int32_t name;
    };

    // Compile units and the line table: SourceLocator.cpp.
    bool ok(int res);
    void dropError();
    void readUnit(Dwarf_Die cu_die, Dwarf_Half version, Dwarf_Half addr_size);
    void readLines(Dwarf_Die cu_die, const CuInfo& cu);
    void addRows(const CuInfo& cu, Dwarf_Line* rows, Dwarf_Signed count,
                 const std::vector<std::uint64_t>& files, Dwarf_Unsigned first_file, char** names,
                 Dwarf_Signed name_count);
    static std::uint32_t intern(const std::string& text,
                                std::unordered_map<std::string, std::uint32_t>& ids,
                                std::vector<std::string>& table);
    void finishLines();

    // Subprograms and their address ranges: SourceLocatorFunctions.cpp.
    void walk(Dwarf_Die parent, const CuInfo& cu, int depth, bool in_function);
    bool addFunction(Dwarf_Die die, const CuInfo& cu);
    void readRanges(Dwarf_Attribute attr, Dwarf_Die die, const CuInfo& cu);
    std::string nameOf(Dwarf_Die die, int hops);
    void finishFunctions();

    Dwarf_Debug dbg_;
    SourceLocator& out_;
    std::vector<unsigned char> debug_line_; // raw section, for dwarf5FileRegisters
    Dwarf_Error err_ = nullptr;
    std::string fatal_;
    std::vector<Range> ranges_;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> scratch_;
    std::unordered_map<std::string, std::uint32_t> file_ids_, name_ids_;
};

} // namespace rankfold::dwarf
