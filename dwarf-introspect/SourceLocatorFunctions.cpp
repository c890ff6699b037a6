// The function half of SourceLocator::open(): subprograms, their address ranges and names,
// flattened into disjoint segments. The line-table half is in SourceLocator.cpp.
#include "dwarf-introspect/SourceLocatorBuilder.hpp"

#include <algorithm>

namespace rankfold::dwarf {

// Collects subprograms with code. Nested subprograms (GCC nested functions, Fortran contained
// procedures) hide in subprograms and lexical blocks, C++ ones in namespaces. Member functions
// of namespace-scope classes are defined out of line at namespace level, but GCC defines those
// of local classes (lambdas included) inside the class: search classes only within functions.
void SourceLocatorBuilder::walk(Dwarf_Die parent, const CuInfo& cu, int depth, bool in_function) {
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
bool SourceLocatorBuilder::addFunction(Dwarf_Die die, const CuInfo& cu) {
    scratch_.clear();
    Dwarf_Addr low = 0, high = 0;
    Dwarf_Half form = 0;
    Dwarf_Form_Class form_class = DW_FORM_CLASS_UNKNOWN;
    Dwarf_Attribute attr = nullptr;
    if (ok(dwarf_lowpc(die, &low, &err_))) {
        if (ok(dwarf_highpc_b(die, &high, &form, &form_class, &err_)))
            scratch_.emplace_back(low, form_class == DW_FORM_CLASS_CONSTANT ? low + high : high);
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

void SourceLocatorBuilder::readRanges(Dwarf_Attribute attr, Dwarf_Die die, const CuInfo& cu) {
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
        if (!ok(dwarf_rnglists_get_rle_head(attr, form, value, &head, &count, &set_offset, &err_)))
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
std::string SourceLocatorBuilder::nameOf(Dwarf_Die die, int hops) {
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

// Flattens possibly nested ranges into disjoint segments, the innermost function winning.
// Sorted by (low, larger first), each range nests in the open ranges on the stack; one that
// ends before the next range starts is closed, and its enclosing function resumes.
void SourceLocatorBuilder::finishFunctions() {
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

} // namespace rankfold::dwarf
