#include "dwarf-introspect/GlobalVariables.hpp"

#include "dwarf-introspect/DebugLineReplay.hpp"
#include "dwarf-introspect/DieReader.hpp"
#include "dwarf-introspect/TypeReader.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <set>
#include <unistd.h>
#include <utility>

namespace rankfold::dwarf {

namespace {

constexpr int kMaxDepth = 64; // guards recursion against corrupt DIE trees

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

// What DW_AT_location says about a variable with static storage.
struct StaticLocation {
    enum { None, Address, ThreadLocal, Other } kind = None;
    std::uint64_t address = 0;
};

// Only the single-operation expression `DW_OP_addr A` names a fixed address; GCC gives every
// global and static that. TLS variables use DW_OP_const8u/addr + DW_OP_(GNU_push|form)_tls_address;
// automatic variables use frame-relative expressions or location lists (not an exprloc form).
StaticLocation staticLocation(DieReader& dies, Dwarf_Die die) {
    StaticLocation out;
    Dwarf_Attribute attr = nullptr;
    if (!dies.ok(dwarf_attr(die, DW_AT_location, &attr, dies.err()))) return out;
    out.kind = StaticLocation::Other;
    Dwarf_Unsigned len = 0;
    Dwarf_Ptr ptr = nullptr;
    if (dies.ok(dwarf_formexprloc(attr, &len, &ptr, dies.err())) && len > 0) {
        const auto* bytes = static_cast<const unsigned char*>(ptr);
        if (bytes[len - 1] == DW_OP_GNU_push_tls_address ||
            bytes[len - 1] == DW_OP_form_tls_address)
            out.kind = StaticLocation::ThreadLocal;
        else if (len == 9 && bytes[0] == DW_OP_addr) {
            out.kind = StaticLocation::Address;
            for (int i = 8; i >= 1; --i) out.address = (out.address << 8) | bytes[i];
        }
    }
    dwarf_dealloc_attribute(attr);
    return out;
}

std::string noDebugInfo(const std::string& path) {
    return "'" + path + "' has no DWARF debug info (not built with -g, or stripped)";
}

} // namespace

// Walks every compile unit once, collecting variables with static storage.
class GlobalVariablesBuilder {
public:
    GlobalVariablesBuilder(Dwarf_Debug dbg, GlobalVariables& out)
        : dies_(dbg), types_(dies_, out.types_), out_(out) {}

    bool run(const std::string& path, std::string* error) {
        bool any_unit = false;
        for (;;) {
            Dwarf_Unsigned header_length = 0, type_offset = 0, next_offset = 0;
            Dwarf_Half version = 0, addr_size = 0, length_size = 0, ext_size = 0, unit_type = 0;
            Dwarf_Off abbrev_offset = 0;
            Dwarf_Sig8 signature{};
            int res = dwarf_next_cu_header_d(dies_.debug(), kDieIsInfo, &header_length, &version,
                                             &abbrev_offset, &addr_size, &length_size, &ext_size,
                                             &signature, &type_offset, &next_offset, &unit_type,
                                             dies_.err());
            if (res == DW_DLV_NO_ENTRY) break;
            if (res == DW_DLV_ERROR) { // the unit chain is broken: keep what was read so far
                fatal_ = dwarf_errmsg(*dies_.err());
                dies_.ok(res);
                break;
            }
            OwnedDie cu = dies_.nextSibling(nullptr);
            if (!cu) continue;
            Dwarf_Half tag = dies_.tag(cu.get());
            if (tag != DW_TAG_compile_unit && tag != DW_TAG_partial_unit) continue;
            any_unit = true;
            unit_ = dies_.text(cu.get(), DW_AT_name);
            walk(cu.get(), "", false, 0);
        }
        if (any_unit) return true;
        *error =
            fatal_.empty() ? noDebugInfo(path) : "cannot read DWARF of '" + path + "': " + fatal_;
        return false;
    }

private:
    // `prefix` qualifies names declared here: "ns::", "S::", "fn::" (with a trailing "::").
    void walk(Dwarf_Die parent, const std::string& prefix, bool in_function, int depth) {
        if (depth > kMaxDepth) return;
        dies_.forEachChild(parent, [&](Dwarf_Die die) {
            switch (dies_.tag(die)) {
            case DW_TAG_variable:
                addVariable(die, prefix, in_function);
                break;
            case DW_TAG_member: // a DWARF 4 static data member declaration
                if (dies_.has(die, DW_AT_declaration)) qualified(die, prefix);
                break;
            case DW_TAG_namespace: {
                std::string name = dies_.text(die, DW_AT_name); // anonymous: nothing to write
                walk(die, name.empty() ? prefix : prefix + name + "::", in_function, depth + 1);
                break;
            }
            case DW_TAG_structure_type:
            case DW_TAG_class_type:
            case DW_TAG_union_type: { // static members, member functions
                std::string name = dies_.text(die, DW_AT_name);
                if (!name.empty()) walk(die, prefix + name + "::", in_function, depth + 1);
                break;
            }
            case DW_TAG_subprogram: {
                std::string name = qualified(die, prefix);
                if (!name.empty()) walk(die, name + "::", true, depth + 1);
                break;
            }
            case DW_TAG_lexical_block:
                walk(die, prefix, in_function, depth + 1);
                break;
            default:
                break;
            }
        });
    }

    // The qualified name of a declaration-like DIE, remembered by offset so that a definition
    // elsewhere (DW_AT_specification: C++ static members, namespace variables defined out of
    // line, member functions) or a concrete instance (DW_AT_abstract_origin) finds it.
    std::string qualified(Dwarf_Die die, const std::string& prefix, int hops = 0) {
        std::uint64_t self = dies_.offset(die);
        if (auto it = names_.find(self); it != names_.end()) return it->second;
        std::string name = dies_.text(die, DW_AT_name);
        if (!name.empty()) {
            name = prefix + name;
        } else if (hops < 4) {
            for (Dwarf_Half at : {DW_AT_specification, DW_AT_abstract_origin}) {
                auto off = dies_.ref(die, at);
                if (!off) continue;
                if (auto it = names_.find(*off); it != names_.end()) {
                    name = it->second;
                } else if (OwnedDie target = dies_.at(*off)) {
                    name = qualified(target.get(), prefix, hops + 1);
                }
                if (!name.empty()) break;
            }
        }
        names_[self] = name;
        return name;
    }

    void addVariable(Dwarf_Die die, const std::string& prefix, bool in_function) {
        std::string name = qualified(die, prefix);
        if (name.empty() || dies_.has(die, DW_AT_declaration)) return; // extern or member decl
        StaticLocation loc = staticLocation(dies_, die);
        // Inside functions only DW_OP_addr marks a static: automatic variables have other
        // locations, and an optimised-out static cannot be told from an optimised-out local.
        if (in_function && loc.kind != StaticLocation::Address &&
            loc.kind != StaticLocation::ThreadLocal)
            return;
        Variable v;
        v.name = name;
        v.unit = unit_;
        v.function_static = in_function;
        v.has_address = loc.kind == StaticLocation::Address;
        v.address = loc.address;
        switch (loc.kind) {
        case StaticLocation::Address:
            break;
        case StaticLocation::ThreadLocal:
            v.no_address_reason = "it is thread-local";
            break;
        case StaticLocation::None:
            v.no_address_reason = dies_.has(die, DW_AT_const_value)
                                      ? "the compiler replaced it by its constant value"
                                      : "the compiler optimised it out";
            break;
        case StaticLocation::Other:
            v.no_address_reason = "its DWARF location is not a fixed address";
            break;
        }
        TypeRef type = typeOfVariable(die);
        v.type = type.id;
        v.spelling = type.spelling;
        // One definition may show up twice (abstract and concrete instance of an inline function).
        if (!seen_.insert({v.name, v.has_address ? v.address : ~std::uint64_t{0}}).second) return;
        out_.by_name_.emplace(v.name, out_.variables_.size());
        out_.variables_.push_back(std::move(v));
    }

    // A definition may leave the type to its declaration or abstract origin.
    TypeRef typeOfVariable(Dwarf_Die die) {
        if (dies_.has(die, DW_AT_type)) return types_.typeOf(die);
        for (Dwarf_Half at : {DW_AT_specification, DW_AT_abstract_origin})
            if (auto off = dies_.ref(die, at))
                if (OwnedDie target = dies_.at(*off); target && dies_.has(target.get(), DW_AT_type))
                    return types_.typeOf(target.get());
        return {kNoType, "<unknown type>"};
    }

    DieReader dies_;
    TypeReader types_;
    GlobalVariables& out_;
    std::string fatal_, unit_;
    std::unordered_map<std::uint64_t, std::string> names_;
    std::set<std::pair<std::string, std::uint64_t>> seen_;
};

GlobalVariables::GlobalVariables() = default;
GlobalVariables::~GlobalVariables() = default;

std::vector<std::size_t> GlobalVariables::find(std::string_view name) const {
    std::vector<std::size_t> out;
    auto [begin, end] = by_name_.equal_range(std::string(name));
    for (auto it = begin; it != end; ++it) out.push_back(it->second);
    std::sort(out.begin(), out.end());
    return out;
}

std::unique_ptr<GlobalVariables> GlobalVariables::open(const std::string& elf_path,
                                                       std::string* error) {
    std::string ignored;
    if (!error) error = &ignored;
    DebugHandle handle;
    handle.fd = ::open(elf_path.c_str(), O_RDONLY | O_CLOEXEC);
    if (handle.fd < 0) {
        *error = "cannot open '" + elf_path + "': " + std::strerror(errno);
        return nullptr;
    }
    if (!probeElf(handle.fd).is_elf) {
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
    std::unique_ptr<GlobalVariables> globals(new GlobalVariables());
    {
        GlobalVariablesBuilder builder(handle.dbg, *globals);
        if (!builder.run(elf_path, error)) return nullptr;
    } // the builder's DIEs and errors go before dwarf_finish
    return globals;
}

} // namespace rankfold::dwarf
