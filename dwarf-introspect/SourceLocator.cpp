#include "dwarf-introspect/SourceLocator.hpp"

#include "dwarf-introspect/DebugLineReplay.hpp"
#include "dwarf-introspect/SourceLocatorBuilder.hpp"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <elf.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <unordered_map>
#include <utility>

namespace rankfold::dwarf {

namespace {

// Owns the descriptor and the libdwarf handle reading it; both are released when open() returns.
struct DebugHandle {
    int fd = -1;
    Dwarf_Debug dbg = nullptr;
    ~DebugHandle() {
        Dwarf_Error err = nullptr;
        if (dbg) dwarf_finish(dbg, &err); // frees all libdwarf still tracks, errors included
        if (fd >= 0) ::close(fd);
    }
};

std::string noDebugInfo(const std::string& path) {
    return "'" + path + "' has no DWARF debug info (not built with -g, or stripped)";
}

std::string makeAbsolute(const char* path, const std::string& comp_dir) {
    if (path[0] == '/' || comp_dir.empty()) return path;
    return comp_dir + (comp_dir.back() == '/' ? "" : "/") + path;
}

} // namespace

bool SourceLocatorBuilder::run(const std::string& path, std::string* error) {
    for (;;) {
        Dwarf_Unsigned header_length = 0, type_offset = 0, next_offset = 0;
        Dwarf_Half version = 0, addr_size = 0, length_size = 0, ext_size = 0, unit_type = 0;
        Dwarf_Off abbrev_offset = 0;
        Dwarf_Sig8 signature{};
        int res = dwarf_next_cu_header_d(dbg_, kIsInfo, &header_length, &version, &abbrev_offset,
                                         &addr_size, &length_size, &ext_size, &signature,
                                         &type_offset, &next_offset, &unit_type, &err_);
        if (res == DW_DLV_NO_ENTRY) break;
        if (res == DW_DLV_ERROR) { // the unit chain is broken: keep what was read so far
            fatal_ = dwarf_errmsg(err_);
            dropError();
            break;
        }
        Dwarf_Die cu_die = nullptr;
        if (!ok(dwarf_siblingof_b(dbg_, nullptr, kIsInfo, &cu_die, &err_))) continue;
        readUnit(cu_die, version, addr_size);
        dwarf_dealloc_die(cu_die);
    }
    finishLines();
    finishFunctions();
    if (!out_.lines_.empty() || !out_.functions_.empty()) return true;
    *error = fatal_.empty() ? noDebugInfo(path) : "cannot read DWARF of '" + path + "': " + fatal_;
    return false;
}

// Failed lookups are normal (absent attributes): free each error at once rather than letting
// them pile up until dwarf_finish.
bool SourceLocatorBuilder::ok(int res) {
    if (res == DW_DLV_ERROR) dropError();
    return res == DW_DLV_OK;
}

void SourceLocatorBuilder::dropError() {
    if (err_) dwarf_dealloc_error(dbg_, err_);
    err_ = nullptr;
}

void SourceLocatorBuilder::readUnit(Dwarf_Die cu_die, Dwarf_Half version, Dwarf_Half addr_size) {
    Dwarf_Half tag = 0;
    // Type units describe no code. Skeleton units (split DWARF) still own the line table.
    if (!ok(dwarf_tag(cu_die, &tag, &err_)) ||
        (tag != DW_TAG_compile_unit && tag != DW_TAG_partial_unit && tag != DW_TAG_skeleton_unit))
        return;
    CuInfo cu;
    cu.version = version;
    cu.addr_size = addr_size;
    Dwarf_Addr base = 0;
    if (ok(dwarf_lowpc(cu_die, &base, &err_))) cu.base = base;
    char* dir = nullptr; // points into a string section: not to be freed
    if (ok(dwarf_die_text(cu_die, DW_AT_comp_dir, &dir, &err_)) && dir) cu.comp_dir = dir;
    readLines(cu_die, cu);
    walk(cu_die, cu, 0, false);
}

void SourceLocatorBuilder::readLines(Dwarf_Die cu_die, const CuInfo& cu) {
    Dwarf_Unsigned version = 0, offset = 0;
    Dwarf_Small table_count = 0;
    Dwarf_Line_Context ctx = nullptr;
    if (!ok(dwarf_srclines_b(cu_die, &version, &table_count, &ctx, &err_))) return;
    Dwarf_Line* rows = nullptr;
    Dwarf_Signed count = 0;
    char** names = nullptr; // full path of each file entry, by file number - first_file
    Dwarf_Signed name_count = 0;
    // table_count 2 is the experimental two-level table no mainstream compiler emits.
    if (table_count == 1 && ok(dwarf_srclines_from_linecontext(ctx, &rows, &count, &err_))) {
        if (!ok(dwarf_srcfiles(cu_die, &names, &name_count, &err_))) name_count = 0;
        std::vector<std::uint64_t> files;
        if (version == 5 && ok(dwarf_srclines_table_offset(ctx, &offset, &err_)) &&
            (!dwarf5FileRegisters(debug_line_, offset, files) ||
             files.size() != static_cast<std::size_t>(count)))
            files.clear(); // cannot replay: fall back to libdwarf's file numbers
        addRows(cu, rows, count, files, version >= 5 ? 0 : 1, names, name_count);
        for (Dwarf_Signed i = 0; i < name_count; ++i) dwarf_dealloc(dbg_, names[i], DW_DLA_STRING);
        if (names) dwarf_dealloc(dbg_, names, DW_DLA_LIST);
    }
    dwarf_srclines_dealloc_b(ctx);
}

void SourceLocatorBuilder::addRows(const CuInfo& cu, Dwarf_Line* rows, Dwarf_Signed count,
                                   const std::vector<std::uint64_t>& files,
                                   Dwarf_Unsigned first_file, char** names,
                                   Dwarf_Signed name_count) {
    std::vector<std::int64_t> ids(static_cast<std::size_t>(name_count), -1); // lazily interned
    auto& out = out_.lines_;
    std::size_t sequence_first = out.size();
    bool sequence_start = true, skip_sequence = false;
    for (Dwarf_Signed i = 0; i < count; ++i) {
        Dwarf_Addr addr = 0;
        Dwarf_Bool end = 0;
        if (!ok(dwarf_lineaddr(rows[i], &addr, &err_)) ||
            !ok(dwarf_lineendsequence(rows[i], &end, &err_)))
            continue;
        if (sequence_start) {
            skip_sequence = !usableAddress(addr, cu);
            sequence_first = out.size();
        }
        sequence_start = end != 0;
        if (skip_sequence) continue;
        // A row followed by another at the same address covers no instruction.
        if (out.size() > sequence_first && out.back().addr == addr) out.pop_back();
        Dwarf_Unsigned lineno = 0, fileno = 0;
        if (end || !ok(dwarf_lineno(rows[i], &lineno, &err_))) {
            out.push_back({addr, 0, -1});
            continue;
        }
        if (!files.empty())
            fileno = files[i];
        else if (!ok(dwarf_line_srcfileno(rows[i], &fileno, &err_)))
            fileno = ~Dwarf_Unsigned{0};
        std::uint64_t index = fileno - first_file; // huge when invalid: no file name
        if (index < ids.size() && ids[index] < 0)
            ids[index] = intern(makeAbsolute(names[index], cu.comp_dir), file_ids_, out_.files_);
        auto file = index < ids.size() ? ids[index] : intern({}, file_ids_, out_.files_);
        auto line = static_cast<std::int32_t>(std::min<Dwarf_Unsigned>(lineno, INT32_MAX));
        out.push_back({addr, static_cast<std::uint32_t>(file), line});
    }
}

std::uint32_t SourceLocatorBuilder::intern(const std::string& text,
                                           std::unordered_map<std::string, std::uint32_t>& ids,
                                           std::vector<std::string>& table) {
    auto [it, inserted] = ids.try_emplace(text, std::uint32_t(table.size()));
    if (inserted) table.push_back(text);
    return it->second;
}

void SourceLocatorBuilder::finishLines() {
    auto& rows = out_.lines_;
    // Rows of one address from different sequences: an end_sequence sorts first, so a sequence
    // starting where another ends wins. Within a sequence addresses are already distinct.
    std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
        return a.addr != b.addr ? a.addr < b.addr : (a.line < 0 && b.line >= 0);
    });
    std::size_t n = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& row = rows[i];
        if (i + 1 < rows.size() && rows[i + 1].addr == row.addr) continue; // superseded
        // Drop rows that change nothing (same file and line, or a gap after a gap).
        if (n > 0 && rows[n - 1].line == row.line && (row.line < 0 || rows[n - 1].file == row.file))
            continue;
        rows[n++] = row;
    }
    rows.resize(n);
    rows.shrink_to_fit();
}

SourceLocator::SourceLocator() = default;
SourceLocator::~SourceLocator() = default;

std::unique_ptr<SourceLocator> SourceLocator::open(const std::string& elf_path,
                                                   std::string* error) {
    std::string ignored;
    if (!error) error = &ignored;
    DebugHandle handle;
    handle.fd = ::open(elf_path.c_str(), O_RDONLY | O_CLOEXEC);
    if (handle.fd < 0) {
        *error = "cannot open '" + elf_path + "': " + std::strerror(errno);
        return nullptr;
    }
    ElfProbe probe = probeElf(handle.fd);
    if (!probe.is_elf) {
        *error = "'" + elf_path + "' is not an ELF file";
        return nullptr;
    }
    Dwarf_Error err = nullptr;
    int res = dwarf_init_b(handle.fd, DW_DLC_READ, DW_GROUPNUMBER_ANY, nullptr, nullptr,
                           &handle.dbg, &err);
    if (res != DW_DLV_OK) {
        *error = res == DW_DLV_NO_ENTRY
                     ? noDebugInfo(elf_path)
                     : "cannot read DWARF of '" + elf_path + "': " + dwarf_errmsg(err);
        if (res == DW_DLV_ERROR) dwarf_dealloc_error(handle.dbg, err); // null dbg is allowed here
        return nullptr;
    }
    std::unique_ptr<SourceLocator> locator(new SourceLocator());
    SourceLocatorBuilder builder(handle.dbg, std::move(probe.debug_line), *locator);
    if (!builder.run(elf_path, error)) return nullptr;
    return locator;
}

std::optional<SourceLocation> SourceLocator::locate(std::uint64_t pc) const {
    SourceLocation loc;
    auto row = std::upper_bound(lines_.begin(), lines_.end(), pc,
                                [](std::uint64_t v, const LineRow& r) { return v < r.addr; });
    bool has_line = row != lines_.begin() && (--row)->line >= 0;
    if (has_line) {
        loc.file = files_[row->file];
        loc.line = row->line;
    }
    auto seg =
        std::upper_bound(functions_.begin(), functions_.end(), pc,
                         [](std::uint64_t v, const FunctionSegment& s) { return v < s.addr; });
    bool has_function = seg != functions_.begin() && (--seg)->name >= 0;
    if (has_function) loc.function = names_[seg->name];
    if (!has_line && !has_function) return std::nullopt;
    return loc;
}

} // namespace rankfold::dwarf
