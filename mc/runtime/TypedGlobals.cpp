#include "mc/runtime/TypedGlobals.hpp"

#include <algorithm>

namespace rankfold::mc {

std::unique_ptr<TypedGlobals> TypedGlobals::open(const std::string& elf_path, std::string* error) {
    auto globals = dwarf::GlobalVariables::open(elf_path, error);
    if (!globals) return nullptr;
    std::unique_ptr<TypedGlobals> out(new TypedGlobals());
    std::vector<dwarf::VariableType> types;
    types.reserve(globals->typeCount());
    for (std::size_t i = 0; i < globals->typeCount(); ++i)
        types.push_back(globals->type(static_cast<dwarf::TypeId>(i)));
    out->globals_ = std::move(globals);
    out->types_ = std::move(types);
    out->layouts_ = std::make_unique<dwarf::PointerLayouts>(out->types_);
    for (const dwarf::Variable& v : out->globals_->variables()) {
        if (!v.has_address) continue;
        const dwarf::Layout* l = out->layouts_->of(v.type);
        if (l->known && l->size > 0) out->entries_.push_back({v.address, l});
    }
    std::sort(out->entries_.begin(), out->entries_.end(),
              [](const Entry& a, const Entry& b) { return a.address < b.address; });
    // Disjoint: of overlapping descriptions (a variable described twice) the first stays.
    std::vector<Entry> kept;
    for (const Entry& e : out->entries_)
        if (kept.empty() || e.address >= kept.back().address + kept.back().layout->size)
            kept.push_back(e);
    out->entries_ = std::move(kept);
    return out;
}

void TypedGlobals::feed(HeapCanonicalForm& heap, snapshot::FingerprintBuilder& out,
                        std::uintptr_t begin, std::uintptr_t end, std::uintptr_t bias) const {
    auto it = std::lower_bound(entries_.begin(), entries_.end(), begin - bias,
                               [](const Entry& e, std::uint64_t a) { return e.address < a; });
    std::uintptr_t from = begin;
    for (; it != entries_.end(); ++it) {
        const std::uintptr_t at = bias + it->address;
        if (at + it->layout->size > end) break;
        if (at > from) heap.feed(out, from, at - from);
        heap.feed_typed(out, at, *it->layout);
        from = at + it->layout->size;
    }
    if (from < end) heap.feed(out, from, end - from);
}

} // namespace rankfold::mc
