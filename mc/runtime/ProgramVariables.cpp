#include "mc/runtime/ProgramVariables.hpp"

#include "dwarf-introspect/VariableSelector.hpp"

namespace rankfold::mc {

std::optional<ScalarLocation> ProgramVariables::locate(int rank, const std::string& expression,
                                                       std::string& error) {
    if (!globals_) {
        std::string why;
        globals_ = dwarf::GlobalVariables::open(image_.copy(0).path, &why);
        if (!globals_) {
            error = "cannot read the variables of " + image_.path() + ": " + why;
            return std::nullopt;
        }
    }
    dwarf::SelectionError why;
    const auto selected = dwarf::selectVariable(*globals_, expression, &why);
    if (!selected) {
        error = why.describe(expression);
        return std::nullopt;
    }
    ScalarLocation where;
    where.address = reinterpret_cast<const void*>(image_.copy(rank).base + selected->elf_address);
    where.size = selected->byte_size;
    switch (selected->kind) {
    case dwarf::ValueKind::Signed:
        where.kind = ScalarKind::Signed;
        break;
    case dwarf::ValueKind::Enum:
        where.kind = selected->is_signed ? ScalarKind::Signed : ScalarKind::Unsigned;
        break;
    case dwarf::ValueKind::Unsigned:
    case dwarf::ValueKind::Pointer:
        where.kind = ScalarKind::Unsigned;
        break;
    case dwarf::ValueKind::Bool:
        where.kind = ScalarKind::Bool;
        break;
    case dwarf::ValueKind::Float:
        where.kind = ScalarKind::Float;
        break;
    }
    return where;
}

} // namespace rankfold::mc
