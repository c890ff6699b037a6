#include "dwarf-introspect/SourceLocator.hpp"

#include "dwarf-introspect/DebugLineReplay.hpp"

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

namespace {

constexpr Dwarf_Bool kIsInfo = 1; // code is only described in .debug_info, never .debug_types
constexpr int kMaxDepth = 64;     // guards recursion against corrupt DIE trees

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

struct CuInfo {
    Dwarf_Half version = 0, addr_size = 8;
    std::uint64_t base = 0; // CU DW_AT_low_pc: the base of DWARF 2-4 .debug_ranges entries
    std::string comp_dir;
};

// Linkers cannot delete the DWARF of discarded COMDAT/--gc-sections code, so they point it at 0
// (GNU ld) or at a tombstone (-1/-2, lld). No code of a linked object lives at either, and keeping
// such ranges would attribute low addresses to functions that are not there.
bool usableAddress(std::uint64_t addr, const CuInfo& cu) {
    return addr != 0 && addr < (cu.addr_size == 4 ? 0xfffffffeULL : ~std::uint64_t{1});
}

std::string noDebugInfo(const std::string& path) {
    return "'" + path + "' has no DWARF debug info (not built with -g, or stripped)";
}

std::string makeAbsolute(const char* path, const std::string& comp_dir) {
    if (path[0] == '/' || comp_dir.empty()) return path;
    return comp_dir + (comp_dir.back() == '/' ? "" : "/") + path;
}

} // namespace

// Reads every compile unit once and fills the SourceLocator's tables.
class SourceLocatorBuilder {
public:
    SourceLocatorBuilder(Dwarf_Debug dbg, std::vector<unsigned char> debug_line, SourceLocator& out)
        : dbg_(dbg), out_(out), debug_line_(std::move(debug_line)) {}

    // Returns false with *error set when nothing usable was found.
    bool run(const std::string& path, std::string* error) {
        for (;;) {
            Dwarf_Unsigned header_length = 0, type_offset = 0, next_offset = 0;
            Dwarf_Half version = 0, addr_size = 0, length_size = 0, ext_size = 0, unit_type = 0;
            Dwarf_Off abbrev_offset = 0;
            Dwarf_Sig8 signature{};
            int res = dwarf_next_cu_header_d(
                dbg_, kIsInfo, &header_length, &version, &abbrev_offset, &addr_size, &length_size,
                &ext_size, &signature, &type_offset, &next_offset, &unit_type, &err_);
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
        *error =
            fatal_.empty() ? noDebugInfo(path) : "cannot read DWARF of '" + path + "': " + fatal_;
        return false;
    }

private:
    struct Range {
        std::uint64_t low, high;
        std::int32_t name;
    };

    // Failed lookups are normal (absent attributes): free each error at once rather than letting
    // them pile up until dwarf_finish.
    bool ok(int res) {
        if (res == DW_DLV_ERROR) dropError();
        return res == DW_DLV_OK;
    }
    void dropError() {
        if (err_) dwarf_dealloc_error(dbg_, err_);
        err_ = nullptr;
    }

    void readUnit(Dwarf_Die cu_die, Dwarf_Half version, Dwarf_Half addr_size) {
        Dwarf_Half tag = 0;
        // Type units describe no code. Skeleton units (split DWARF) still own the line table.
        if (!ok(dwarf_tag(cu_die, &tag, &err_)) ||
            (tag != DW_TAG_compile_unit && tag != DW_TAG_partial_unit &&
             tag != DW_TAG_skeleton_unit))
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

    void readLines(Dwarf_Die cu_die, const CuInfo& cu) {
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
            for (Dwarf_Signed i = 0; i < name_count; ++i)
                dwarf_dealloc(dbg_, names[i], DW_DLA_STRING);
            if (names) dwarf_dealloc(dbg_, names, DW_DLA_LIST);
        }
        dwarf_srclines_dealloc_b(ctx);
    }

    void addRows(const CuInfo& cu, Dwarf_Line* rows, Dwarf_Signed count,
                 const std::vector<std::uint64_t>& files, Dwarf_Unsigned first_file, char** names,
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
                ids[index] =
                    intern(makeAbsolute(names[index], cu.comp_dir), file_ids_, out_.files_);
            auto file = index < ids.size() ? ids[index] : intern({}, file_ids_, out_.files_);
            auto line = static_cast<std::int32_t>(std::min<Dwarf_Unsigned>(lineno, INT32_MAX));
            out.push_back({addr, static_cast<std::uint32_t>(file), line});
        }
    }

    // Collects subprograms with code. Nested subprograms (GCC nested functions, Fortran contained
    // procedures) hide in subprograms and lexical blocks, C++ ones in namespaces. Member functions
    // of namespace-scope classes are defined out of line at namespace level, but GCC defines those
    // of local classes (lambdas included) inside the class: search classes only within functions.
    void walk(Dwarf_Die parent, const CuInfo& cu, int depth, bool in_function) {
        Dwarf_Die child = nullptr;
        if (depth > kMaxDepth || !ok(dwarf_child(parent, &child, &err_))) return;
        while (child) {
            Dwarf_Half tag = 0;
            if (ok(dwarf_tag(child, &tag, &err_))) {
                bool is_class = tag == DW_TAG_class_type || tag == DW_TAG_structure_type ||
                                tag == DW_TAG_union_type;
                if (tag == DW_TAG_subprogram) {
                    if (addFunction(child, cu)) walk(child, cu, depth + 1, true);
                } else if (tag == DW_TAG_lexical_block || tag == DW_TAG_namespace ||
                           tag == DW_TAG_module || (is_class && in_function)) {
                    walk(child, cu, depth + 1, in_function);
                }
            }
            Dwarf_Die next = nullptr;
            int res = dwarf_siblingof_b(dbg_, child, kIsInfo, &next, &err_);
            dwarf_dealloc_die(child);
            child = ok(res) ? next : nullptr;
        }
    }

    // Records the address ranges of one subprogram; false when it has no code (a declaration,
    // an abstract inline instance, or code the linker discarded).
    bool addFunction(Dwarf_Die die, const CuInfo& cu) {
        scratch_.clear();
        Dwarf_Addr low = 0, high = 0;
        Dwarf_Half form = 0;
        Dwarf_Form_Class form_class = DW_FORM_CLASS_UNKNOWN;
        Dwarf_Attribute attr = nullptr;
        if (ok(dwarf_lowpc(die, &low, &err_))) {
            if (ok(dwarf_highpc_b(die, &high, &form, &form_class, &err_)))
                scratch_.emplace_back(low,
                                      form_class == DW_FORM_CLASS_CONSTANT ? low + high : high);
        } else if (ok(dwarf_attr(die, DW_AT_ranges, &attr, &err_))) {
            readRanges(attr, die, cu);
            dwarf_dealloc_attribute(attr);
        }
        bool any = false;
        std::int32_t name = -1;
        for (auto [lo, hi] : scratch_) {
            if (lo >= hi || !usableAddress(lo, cu)) continue;
            if (!any) {
                std::string text = nameOf(die, 0);
                if (!text.empty()) name = std::int32_t(intern(text, name_ids_, out_.names_));
                any = true;
            }
            ranges_.push_back({lo, hi, name});
        }
        return any;
    }

    void readRanges(Dwarf_Attribute attr, Dwarf_Die die, const CuInfo& cu) {
        Dwarf_Half form = 0;
        Dwarf_Unsigned value = 0; // a DW_FORM_rnglistx index or a section offset
        Dwarf_Off offset = 0;
        if (!ok(dwarf_whatform(attr, &form, &err_))) return;
        if (form == DW_FORM_rnglistx || form == DW_FORM_data4 || form == DW_FORM_data8) {
            if (!ok(dwarf_formudata(attr, &value, &err_))) return;
        } else if (ok(dwarf_global_formref(attr, &offset, &err_))) {
            value = offset;
        } else {
            return;
        }
        if (cu.version >= 5 || form == DW_FORM_rnglistx) {
            // .debug_rnglists: libdwarf applies base addresses and .debug_addr indexes, so the
            // "cooked" values are final [begin, end) addresses.
            Dwarf_Rnglists_Head head = nullptr;
            Dwarf_Unsigned count = 0, set_offset = 0;
            if (!ok(dwarf_rnglists_get_rle_head(attr, form, value, &head, &count, &set_offset,
                                                &err_)))
                return;
            for (Dwarf_Unsigned i = 0; i < count; ++i) {
                unsigned length = 0, code = 0;
                Dwarf_Unsigned raw1 = 0, raw2 = 0, begin = 0, end = 0;
                Dwarf_Bool no_addr = 0; // .debug_addr missing (split DWARF without its .dwo)
                if (!ok(dwarf_get_rnglists_entry_fields_a(head, i, &length, &code, &raw1, &raw2,
                                                          &no_addr, &begin, &end, &err_)))
                    break;
                if (!no_addr && code != DW_RLE_end_of_list && code != DW_RLE_base_address &&
                    code != DW_RLE_base_addressx)
                    scratch_.emplace_back(begin, end);
            }
            dwarf_dealloc_rnglists_head(head);
            return;
        }
        // .debug_ranges (DWARF 2-4): entries are relative to the CU base unless a base address
        // selection entry replaces it; libdwarf hands them back raw.
        Dwarf_Ranges* entries = nullptr;
        Dwarf_Signed count = 0;
        Dwarf_Unsigned bytes = 0;
        if (!ok(dwarf_get_ranges_a(dbg_, value, die, &entries, &count, &bytes, &err_))) return;
        std::uint64_t base = cu.base;
        for (Dwarf_Signed i = 0; i < count && entries[i].dwr_type != DW_RANGES_END; ++i) {
            const Dwarf_Ranges& r = entries[i];
            if (r.dwr_type == DW_RANGES_ADDRESS_SELECTION)
                base = r.dwr_addr2;
            else
                scratch_.emplace_back(base + r.dwr_addr1, base + r.dwr_addr2);
        }
        dwarf_ranges_dealloc(dbg_, entries, count);
    }

    // DW_AT_name, else the name of the declaration (DW_AT_specification: C++ out-of-line members)
    // or of the abstract instance (DW_AT_abstract_origin: out-of-line copies of inline functions),
    // else a linkage name.
    std::string nameOf(Dwarf_Die die, int hops) {
        char* text = nullptr; // libdwarf returns pointers into its string sections: not freed
        if (ok(dwarf_diename(die, &text, &err_)) && text && *text) return text;
        for (Dwarf_Half at : {DW_AT_specification, DW_AT_abstract_origin}) {
            Dwarf_Attribute attr = nullptr;
            if (hops >= 4 || !ok(dwarf_attr(die, at, &attr, &err_))) continue;
            Dwarf_Off offset = 0;
            bool resolved = ok(dwarf_global_formref(attr, &offset, &err_));
            dwarf_dealloc_attribute(attr);
            Dwarf_Die target = nullptr;
            if (!resolved || !ok(dwarf_offdie_b(dbg_, offset, kIsInfo, &target, &err_))) continue;
            std::string name = nameOf(target, hops + 1);
            dwarf_dealloc_die(target);
            if (!name.empty()) return name;
        }
        for (Dwarf_Half at : {DW_AT_linkage_name, DW_AT_MIPS_linkage_name})
            if (ok(dwarf_die_text(die, at, &text, &err_)) && text && *text) return text;
        return {};
    }

    static std::uint32_t intern(const std::string& text,
                                std::unordered_map<std::string, std::uint32_t>& ids,
                                std::vector<std::string>& table) {
        auto [it, inserted] = ids.try_emplace(text, std::uint32_t(table.size()));
        if (inserted) table.push_back(text);
        return it->second;
    }

    void finishLines() {
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
            if (n > 0 && rows[n - 1].line == row.line &&
                (row.line < 0 || rows[n - 1].file == row.file))
                continue;
            rows[n++] = row;
        }
        rows.resize(n);
        rows.shrink_to_fit();
    }

    // Flattens possibly nested ranges into disjoint segments, the innermost function winning.
    // Sorted by (low, larger first), each range nests in the open ranges on the stack; one that
    // ends before the next range starts is closed, and its enclosing function resumes.
    void finishFunctions() {
        std::sort(ranges_.begin(), ranges_.end(), [](const Range& a, const Range& b) {
            return a.low != b.low ? a.low < b.low : a.high > b.high;
        });
        auto& segs = out_.functions_;
        auto emit = [&segs](std::uint64_t addr, std::int32_t name) {
            if (!segs.empty() && segs.back().addr == addr)
                segs.back().name = name;
            else if (segs.empty() || segs.back().name != name)
                segs.push_back({addr, name});
        };
        std::vector<std::pair<std::uint64_t, std::int32_t>> open; // (high, name), highs decreasing
        auto close = [&] { // the enclosing function, if any, resumes where the closed one ends
            std::uint64_t high = open.back().first;
            open.pop_back();
            emit(high, open.empty() ? -1 : open.back().second);
        };
        for (const Range& r : ranges_) {
            while (!open.empty() && open.back().first <= r.low) close();
            // A range overlapping r only partially (malformed DWARF) is cut where r begins.
            while (!open.empty() && open.back().first < r.high) open.pop_back();
            open.emplace_back(r.high, r.name);
            emit(r.low, r.name);
        }
        while (!open.empty()) close();
        segs.shrink_to_fit();
    }

    Dwarf_Debug dbg_;
    SourceLocator& out_;
    std::vector<unsigned char> debug_line_; // raw section, for dwarf5FileRegisters
    Dwarf_Error err_ = nullptr;
    std::string fatal_;
    std::vector<Range> ranges_;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> scratch_;
    std::unordered_map<std::string, std::uint32_t> file_ids_, name_ids_;
};

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
