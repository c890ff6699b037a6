// Maps a program counter in an ELF object built with -g to file:line and the enclosing function.
// Used to say where an MPI call was made, where a rank crashed and where a blocked rank waits.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rankfold::dwarf {

struct SourceLocation {
    std::string file;     // as recorded in the line table, made absolute with the CU's comp_dir
    int line = 0;         // 0 when the address has no line (e.g. compiler-generated code)
    std::string function; // enclosing subprogram (DW_AT_name, else linkage name); may be empty
};

// All DWARF is read once by open() into two sorted tables; the libdwarf handle is released before
// open() returns, so a SourceLocator holds no file descriptor and no libdwarf state.
class SourceLocator {
public:
    // Returns nullptr and sets *error (one line) when the file cannot be read or has no DWARF.
    static std::unique_ptr<SourceLocator> open(const std::string& elf_path, std::string* error);

    // `pc` is an ELF virtual address of the file, i.e. runtime address minus the object's load
    // bias (link_map::l_addr; equal to dladdr's dli_fbase for ordinary shared objects). For a
    // call site pass return_address - 1 so the call's line is found, not the next statement's.
    // Returns nullopt when the address has neither a line nor an enclosing function.
    std::optional<SourceLocation> locate(std::uint64_t pc) const;

    // Table sizes, for diagnostics and benchmarks.
    std::size_t lineRowCount() const { return lines_.size(); }
    std::size_t functionRangeCount() const { return functions_.size(); }

    SourceLocator(const SourceLocator&) = delete;
    SourceLocator& operator=(const SourceLocator&) = delete;
    ~SourceLocator();

private:
    SourceLocator();
    friend class SourceLocatorBuilder;

    // One row per address where the line changes; an end-of-sequence row (line < 0) starts a gap
    // where no line applies, so addresses past the end of a sequence do not resolve.
    struct LineRow {
        std::uint64_t addr;
        std::uint32_t file; // index into files_
        std::int32_t line;
    };
    // Disjoint segments: [addr, next segment's addr) belongs to names_[name], or to no function
    // when name < 0. Nested ranges are flattened at open() so lookup is one binary search.
    struct FunctionSegment {
        std::uint64_t addr;
        std::int32_t name;
    };

    std::vector<LineRow> lines_;
    std::vector<FunctionSegment> functions_;
    std::vector<std::string> files_;
    std::vector<std::string> names_;
};

} // namespace rankfold::dwarf
