// FrameVariables::entry_parameters: where a function's arguments are at its entry, for the
// contracts on the program's own functions (mc/runtime/FunctionCalls reads them there).
#include "dwarf-introspect/FrameVariables.hpp"

#include <algorithm>

namespace rankfold::dwarf {

const std::vector<FrameVariables::EntryParameter>*
FrameVariables::entry_parameters(std::uint64_t entry, std::string* why_not) {
    if (auto it = entry_parameters_.find(entry); it != entry_parameters_.end()) return &it->second;
    auto f = std::lower_bound(functions_.begin(), functions_.end(), entry,
                              [](const Function& fn, std::uint64_t pc) { return fn.low < pc; });
    if (f == functions_.end() || f->low != entry) {
        *why_not = "no DWARF describes the function";
        return nullptr;
    }
    if (!f->parameters_why_not.empty()) {
        *why_not = f->parameters_why_not;
        return nullptr;
    }
    std::vector<EntryParameter> out;
    out.reserve(f->parameters.size());
    for (const Slot& s : f->parameters) {
        const VariableType& t = types_[s.type];
        EntryParameter p;
        p.cfa_offset = s.cfa_offset;
        p.size = t.byte_size;
        if (t.kind == TypeKind::Pointer) {
            p.pointer = true;
            if (t.element != kNoType && types_[t.element].kind != TypeKind::Unsupported)
                p.pointee_size = types_[t.element].byte_size;
        }
        if (p.size == 0) {
            *why_not = "a parameter of unknown size";
            return nullptr;
        }
        out.push_back(p);
    }
    return &entry_parameters_.emplace(entry, std::move(out)).first->second;
}

} // namespace rankfold::dwarf
