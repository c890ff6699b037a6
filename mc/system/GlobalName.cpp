#include "mc/system/GlobalName.hpp"

#include "dwarf-introspect/GlobalVariables.hpp"

#include <fmt/format.h>

#include <map>
#include <memory>

namespace rankfold::mc {

std::string global_name(const ProgramImage& image, int rank, const void* address) {
    if (rank < 0 || rank >= image.copies()) return "";
    // Read once per program file: deadlock reports may come on many paths.
    static std::map<std::string, std::unique_ptr<dwarf::GlobalVariables>> cache;
    auto [it, fresh] = cache.try_emplace(image.copy(0).path);
    if (fresh) {
        std::string why;
        it->second = dwarf::GlobalVariables::open(image.copy(0).path, &why);
    }
    if (!it->second) return "";
    const std::uint64_t at = reinterpret_cast<std::uintptr_t>(address) - image.copy(rank).base;
    // The variable starting closest below the address.
    const dwarf::Variable* best = nullptr;
    for (const dwarf::Variable& v : it->second->variables())
        if (v.has_address && v.address <= at && (best == nullptr || v.address > best->address))
            best = &v;
    if (best == nullptr) return "";
    const std::uint64_t offset = at - best->address;
    // Beyond 64 KiB it is surely another object (the symmetric heap follows the globals).
    if (offset >= 65536) return "";
    return offset == 0 ? best->name : fmt::format("{}+{}", best->name, offset);
}

} // namespace rankfold::mc
