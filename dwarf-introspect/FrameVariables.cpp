#include "dwarf-introspect/FrameVariables.hpp"

#include "dwarf-introspect/DebugLineReplay.hpp"
#include "dwarf-introspect/DieReader.hpp"
#include "dwarf-introspect/TypeReader.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sstream>
#include <unistd.h>

namespace rankfold::dwarf {

namespace {

constexpr int kMaxDepth = 64;

struct DebugHandle {
    int fd = -1;
    Dwarf_Debug dbg = nullptr;
    ~DebugHandle() {
        Dwarf_Error err = nullptr;
        if (dbg) dwarf_finish(dbg, &err);
        if (fd >= 0) ::close(fd);
    }
};

// The raw bytes of an exprloc attribute; false when absent or of another form (a location
// list, a block of DWARF 2).
bool exprloc(DieReader& dies, Dwarf_Die die, Dwarf_Half at, std::vector<unsigned char>& out,
             bool* present) {
    Dwarf_Attribute attr = nullptr;
    *present = dies.ok(dwarf_attr(die, at, &attr, dies.err()));
    if (!*present) return false;
    Dwarf_Half form = 0;
    Dwarf_Unsigned len = 0;
    Dwarf_Ptr ptr = nullptr;
    const bool ok = dies.ok(dwarf_whatform(attr, &form, dies.err())) && form == DW_FORM_exprloc &&
                    dies.ok(dwarf_formexprloc(attr, &len, &ptr, dies.err()));
    if (ok) {
        const auto* b = static_cast<const unsigned char*>(ptr);
        out.assign(b, b + len);
    }
    dwarf_dealloc_attribute(attr);
    return ok;
}

// `DW_OP_fbreg N` alone: N.
std::optional<std::int64_t> frameBaseOffset(const std::vector<unsigned char>& e) {
    if (e.size() < 2 || e[0] != DW_OP_fbreg) return std::nullopt;
    // Decoded unsigned (shifts of a signed value are implementation-defined), then sign-extended.
    std::uint64_t v = 0;
    int shift = 0;
    for (std::size_t i = 1; i < e.size(); ++i) {
        const unsigned char byte = e[i];
        v |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
        shift += 7;
        if ((byte & 0x80) == 0) {
            if (i + 1 != e.size()) return std::nullopt; // more operations follow
            if (shift < 64 && (byte & 0x40)) v |= ~std::uint64_t{0} << shift;
            return static_cast<std::int64_t>(v);
        }
        if (shift >= 63) return std::nullopt;
    }
    return std::nullopt;
}

struct PcRange {
    std::uint64_t low = 0, high = 0;
};

std::optional<PcRange> pcRange(DieReader& dies, Dwarf_Die die) {
    Dwarf_Addr low = 0, high = 0;
    Dwarf_Half form = 0;
    enum Dwarf_Form_Class cls = DW_FORM_CLASS_UNKNOWN;
    if (!dies.ok(dwarf_lowpc(die, &low, dies.err())) ||
        !dies.ok(dwarf_highpc_b(die, &high, &form, &cls, dies.err())))
        return std::nullopt;
    if (cls == DW_FORM_CLASS_CONSTANT) high += low;
    if (high <= low) return std::nullopt;
    return PcRange{low, high};
}

} // namespace

bool producerIsUnoptimised(const std::string& producer) {
    std::istringstream words(producer);
    std::string w, level = "0";
    bool frame_pointer = true;
    while (words >> w) {
        if (w.rfind("-O", 0) == 0) level = w.size() == 2 ? "1" : w.substr(2);
        if (w == "-fomit-frame-pointer") frame_pointer = false;
        if (w == "-fno-omit-frame-pointer") frame_pointer = true;
    }
    return level == "0" && frame_pointer;
}

class FrameVariablesBuilder {
public:
    FrameVariablesBuilder(Dwarf_Debug dbg, FrameVariables& out)
        : dies_(dbg), types_(dies_, out.types_), out_(out) {}

    bool run(const std::string& path, std::string* error) {
        bool any_unit = false;
        for (;;) {
            Dwarf_Unsigned header_length = 0, type_offset = 0, next_offset = 0;
            Dwarf_Half version = 0, addr_size = 0, length_size = 0, ext_size = 0, unit_type = 0;
            Dwarf_Off abbrev_offset = 0;
            Dwarf_Sig8 signature{};
            const int res = dwarf_next_cu_header_d(
                dies_.debug(), kDieIsInfo, &header_length, &version, &abbrev_offset, &addr_size,
                &length_size, &ext_size, &signature, &type_offset, &next_offset, &unit_type,
                dies_.err());
            if (res == DW_DLV_NO_ENTRY) break;
            if (res == DW_DLV_ERROR) {
                fatal_ = dwarf_errmsg(*dies_.err());
                dies_.ok(res);
                break;
            }
            OwnedDie cu = dies_.nextSibling(nullptr);
            if (!cu || dies_.tag(cu.get()) != DW_TAG_compile_unit) continue;
            any_unit = true;
            unoptimised_ = producerIsUnoptimised(dies_.text(cu.get(), DW_AT_producer));
            const auto language = dies_.udata(cu.get(), DW_AT_language).value_or(0);
            c_unit_ = language == DW_LANG_C89 || language == DW_LANG_C || language == DW_LANG_C99 ||
                      language == DW_LANG_C11 || language == 0x2c /* DW_LANG_C17 */;
            walkScope(cu.get(), 0);
        }
        if (!any_unit) {
            *error = fatal_.empty() ? "'" + path + "' has no DWARF debug info"
                                    : "cannot read DWARF of '" + path + "': " + fatal_;
            return false;
        }
        std::sort(out_.functions_.begin(), out_.functions_.end(),
                  [](const auto& a, const auto& b) { return a.low < b.low; });
        return true;
    }

private:
    // Namespaces and classes hold function definitions too (C++).
    void walkScope(Dwarf_Die parent, int depth) {
        if (depth > kMaxDepth) return;
        dies_.forEachChild(parent, [&](Dwarf_Die die) {
            switch (dies_.tag(die)) {
            case DW_TAG_subprogram:
                addFunction(die);
                break;
            case DW_TAG_namespace:
            case DW_TAG_structure_type:
            case DW_TAG_class_type:
            case DW_TAG_union_type:
                walkScope(die, depth + 1);
                break;
            default:
                break;
            }
        });
    }

    void addFunction(Dwarf_Die die) {
        auto range = pcRange(dies_, die);
        if (!range) return; // a declaration, an abstract instance or a function in pieces
        FrameVariables::Function f;
        f.low = range->low;
        f.high = range->high;
        f.name = dies_.text(die, DW_AT_name);
        if (unoptimised_ && frameBaseIsCfa(die))
            collectParameters(die, f);
        else
            f.parameters_why_not =
                unoptimised_ ? "frame base is not the CFA" : "compiled with optimisation";
        if (!unoptimised_) {
            f.why_not = "compiled with optimisation";
        } else if (!c_unit_) {
            // C++ frames hold objects no variable names (temporaries bound to references,
            // the ranges of range-for loops) that outlive a call.
            f.why_not = "not C";
        } else if (!frameBaseIsCfa(die)) {
            f.why_not = "frame base is not the CFA";
        } else {
            walkBlock(die, f, PcRange{0, ~std::uint64_t{0}}, 0);
        }
        if (!f.why_not.empty()) f.slots.clear();
        out_.functions_.push_back(std::move(f));
    }

    bool frameBaseIsCfa(Dwarf_Die die) {
        std::vector<unsigned char> base;
        bool present = false;
        return exprloc(dies_, die, DW_AT_frame_base, base, &present) && base.size() == 1 &&
               base[0] == DW_OP_call_frame_cfa;
    }

    // The function's own parameters (not those of nested blocks or declarations), in order.
    void collectParameters(Dwarf_Die die, FrameVariables::Function& f) {
        dies_.forEachChild(die, [&](Dwarf_Die child) {
            if (!f.parameters_why_not.empty()) return;
            const Dwarf_Half tag = dies_.tag(child);
            if (tag == DW_TAG_unspecified_parameters) {
                f.parameters_why_not = "variadic arguments";
                return;
            }
            if (tag != DW_TAG_formal_parameter) return;
            std::vector<unsigned char> expr;
            bool present = false;
            std::optional<std::int64_t> offset;
            if (exprloc(dies_, child, DW_AT_location, expr, &present))
                offset = frameBaseOffset(expr);
            const TypeRef type = types_.typeOf(child);
            if (!offset || type.id == kNoType)
                f.parameters_why_not = "a parameter whose place or type is not known";
            else
                f.parameters.push_back({0, ~std::uint64_t{0}, *offset, type.id});
        });
        if (!f.parameters_why_not.empty()) f.parameters.clear();
    }

    void walkBlock(Dwarf_Die block, FrameVariables::Function& f, PcRange scope, int depth) {
        if (depth > kMaxDepth) {
            f.why_not = "blocks nested too deep";
            return;
        }
        dies_.forEachChild(block, [&](Dwarf_Die die) {
            if (!f.why_not.empty()) return;
            switch (dies_.tag(die)) {
            case DW_TAG_formal_parameter:
            case DW_TAG_variable:
                addSlot(die, f, scope);
                break;
            case DW_TAG_lexical_block: {
                // A block in pieces (DW_AT_ranges) keeps its parent's scope: live for longer.
                const PcRange inner = pcRange(dies_, die).value_or(scope);
                walkBlock(die, f, inner, depth + 1);
                break;
            }
            case DW_TAG_inlined_subroutine:
                f.why_not = "inlined code";
                break;
            case DW_TAG_unspecified_parameters:
                f.why_not = "variadic arguments";
                break;
            default:
                break;
            }
        });
    }

    void addSlot(Dwarf_Die die, FrameVariables::Function& f, PcRange scope) {
        if (dies_.has(die, DW_AT_declaration)) return; // `extern int x;` inside a function
        std::vector<unsigned char> expr;
        bool present = false;
        if (!exprloc(dies_, die, DW_AT_location, expr, &present)) {
            if (present) f.why_not = "a location list";
            return; // no location: optimised out or a constant, nothing in the frame
        }
        if (!expr.empty() && expr[0] == DW_OP_addr) return; // a static: with the globals
        const auto offset = frameBaseOffset(expr);
        if (!offset) {
            f.why_not = "a location expression not decoded";
            return;
        }
        TypeRef type = types_.typeOf(die);
        if (type.id == kNoType) {
            f.why_not = "a variable of unknown type";
            return;
        }
        f.slots.push_back({scope.low, scope.high, *offset, type.id});
    }

    DieReader dies_;
    TypeReader types_;
    FrameVariables& out_;
    std::string fatal_;
    bool unoptimised_ = false, c_unit_ = false;
};

FrameVariables::FrameVariables() = default;
FrameVariables::~FrameVariables() = default;

std::size_t FrameVariables::described_functions() const {
    return static_cast<std::size_t>(std::count_if(
        functions_.begin(), functions_.end(), [](const Function& f) { return f.why_not.empty(); }));
}

bool FrameVariables::has_function(const std::string& name) const {
    return std::any_of(functions_.begin(), functions_.end(),
                       [&](const Function& f) { return f.name == name; });
}

const FramePlan& FrameVariables::plan(std::uint64_t pc) {
    if (auto it = plans_.find(pc); it != plans_.end()) return it->second;
    return plans_.emplace(pc, compute(pc)).first->second;
}

FramePlan FrameVariables::compute(std::uint64_t pc) {
    FramePlan plan;
    auto it = std::upper_bound(functions_.begin(), functions_.end(), pc,
                               [](std::uint64_t p, const Function& f) { return p < f.low; });
    if (it == functions_.begin() || pc >= std::prev(it)->high) {
        plan.why_not = "no function's DWARF covers the pc";
        return plan;
    }
    const Function& f = *std::prev(it);
    plan.function_low = f.low;
    plan.function_high = f.high;
    if (!f.why_not.empty()) {
        plan.why_not = f.name + ": " + f.why_not;
        return plan;
    }
    for (const Slot& s : f.slots) {
        if (pc < s.scope_low || pc >= s.scope_high) continue; // out of its block: dead
        const auto& spans = layout_->spans(s.type);
        if (!spans) {
            plan.why_not = f.name + ": a variable whose layout is not known";
            plan.spans.clear();
            plan.live.clear();
            return plan;
        }
        for (const ByteSpan& b : *spans) plan.spans.push_back({s.cfa_offset + b.offset, b.size});
        plan.live.push_back({s.cfa_offset, s.type});
    }
    mergeSpans(plan.spans);
    plan.described = true;
    return plan;
}

std::unique_ptr<FrameVariables> FrameVariables::open(const std::string& elf_path,
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
    const int res = dwarf_init_b(handle.fd, DW_DLC_READ, DW_GROUPNUMBER_ANY, nullptr, nullptr,
                                 &handle.dbg, &err);
    if (res != DW_DLV_OK) {
        *error = res == DW_DLV_NO_ENTRY
                     ? "'" + elf_path + "' has no DWARF debug info"
                     : "cannot read DWARF of '" + elf_path + "': " + dwarf_errmsg(err);
        if (res == DW_DLV_ERROR) dwarf_dealloc_error(handle.dbg, err);
        return nullptr;
    }
    std::unique_ptr<FrameVariables> frames(new FrameVariables());
    {
        FrameVariablesBuilder builder(handle.dbg, *frames);
        if (!builder.run(elf_path, error)) return nullptr;
    }
    frames->layout_ = std::make_unique<ValueLayout>(frames->types_);
    return frames;
}

} // namespace rankfold::dwarf
