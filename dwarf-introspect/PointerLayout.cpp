#include "dwarf-introspect/PointerLayout.hpp"

#include <algorithm>

namespace rankfold::dwarf {

namespace {

constexpr int kMaxDepth = 32;

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15 + (h << 6) + (h >> 2);
    return h;
}

std::uint64_t hashText(const std::string& s) {
    std::uint64_t h = 1469598103934665603ULL;
    for (const char c : s) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    return h;
}

// Shallow: a pointer piece counts by its target's name and size, which ends cycles and is
// enough to tell the layouts of one program apart.
std::uint64_t signatureOf(const Layout& l) {
    std::uint64_t h = mix(hashText(l.name), l.size);
    h = mix(h, (l.known ? 1U : 0U) | (l.exact_only ? 2U : 0U) | (l.flexible ? 4U : 0U));
    for (const LayoutPiece& p : l.pieces) {
        h = mix(h, static_cast<std::uint64_t>(p.kind));
        h = mix(mix(h, p.offset), p.size);
        h = mix(mix(h, p.count), p.stride);
        if (p.target != nullptr) h = mix(mix(h, hashText(p.target->name)), p.target->size);
    }
    return h;
}

bool isVtablePointer(const Member& m) {
    return m.name.rfind("_vptr", 0) == 0;
}

} // namespace

PointerLayouts::PointerLayouts(const std::vector<VariableType>& types)
    : types_(types), base_class_(types.size(), false), filled_(types.size(), false) {
    for (const VariableType& t : types)
        for (const Member& m : t.members)
            if (m.is_base_class && m.type < base_class_.size()) base_class_[m.type] = true;
    unknown_.name = "<unknown>";
}

const Layout* PointerLayouts::of(TypeId type) {
    const Layout* l = make(type, 0);
    drain();
    return l;
}

// A pointer's target is only a shell until drain() fills it: made iteratively, never by
// recursion along pointers, so a long chain of types cannot run the stack out, and each
// layout depends on its type alone, not on which type was asked for first.
Layout* PointerLayouts::shell(TypeId id) {
    if (auto it = by_type_.find(id); it != by_type_.end()) return it->second;
    Layout& out = store_.emplace_back();
    by_type_.emplace(id, &out);
    out.name = types_[id].name;
    out.size = types_[id].byte_size;
    pending_.push_back(id);
    return &out;
}

void PointerLayouts::drain() {
    while (!pending_.empty()) {
        const TypeId id = pending_.back();
        pending_.pop_back();
        make(id, 0);
    }
}

const Layout* PointerLayouts::pointee(TypeId pointer) {
    if (pointer >= types_.size() || types_[pointer].kind != TypeKind::Pointer) return nullptr;
    const TypeId e = types_[pointer].element;
    if (e >= types_.size()) return nullptr; // void
    const VariableType& t = types_[e];
    if (t.kind == TypeKind::Base && t.byte_size == 1) return nullptr; // char: bytes of anything
    if (t.kind == TypeKind::Record && t.is_union) return nullptr;
    const Layout* l = make(e, 0);
    drain();
    return l->known ? l : nullptr;
}

Layout* PointerLayouts::make(TypeId id, int depth) {
    if (id >= types_.size() || depth > kMaxDepth) return &unknown_;
    Layout& out = *shell(id);
    if (filled_[id]) return &out;
    filled_[id] = true;
    fill(out, types_[id], depth);
    if (!out.known) out.pieces.clear();
    out.signature = signatureOf(out);
    return &out;
}

void PointerLayouts::place(Layout& out, const Layout& inner, std::uint64_t offset) {
    for (LayoutPiece p : inner.pieces) {
        p.offset += offset;
        if (!out.pieces.empty()) {
            LayoutPiece& last = out.pieces.back();
            if (p.kind == LayoutPiece::Kind::Bytes && last.kind == LayoutPiece::Kind::Bytes &&
                last.offset + last.size == p.offset) {
                last.size += p.size;
                continue;
            }
        }
        out.pieces.push_back(p);
    }
}

void PointerLayouts::fill(Layout& out, const VariableType& t, int depth) {
    using Kind = LayoutPiece::Kind;
    if (t.byte_size == 0) return;
    switch (t.kind) {
    case TypeKind::Base:
    case TypeKind::Enum:
        out.pieces.push_back({Kind::Bytes, 0, t.byte_size});
        out.known = true;
        return;
    case TypeKind::Pointer: {
        out.known = true;
        if (t.byte_size != 8) {
            out.pieces.push_back({Kind::Bytes, 0, t.byte_size});
            return;
        }
        // The pointee's layout may still be under construction (a node's `next`): which
        // pointees are walked typed is decided from its type here, whether it is known later.
        const Layout* target = nullptr;
        if (t.element < types_.size()) {
            const VariableType& e = types_[t.element];
            const bool bytes = e.kind == TypeKind::Base && e.byte_size == 1;
            const bool untyped = bytes || (e.kind == TypeKind::Record && e.is_union) ||
                                 e.kind == TypeKind::Unsupported;
            if (!untyped) target = shell(t.element);
        }
        out.pieces.push_back({Kind::Pointer, 0, 8, target});
        return;
    }
    case TypeKind::Array: {
        std::uint64_t count = 1;
        for (const std::uint64_t c : t.counts) {
            if (c == kUnknownCount) return;
            count *= c;
        }
        out.known = true;
        if (count == 0) return;
        const Layout* e = make(t.element, depth + 1);
        const std::uint64_t stride = t.byte_size / count;
        if (!e->known || e->size != stride) {
            out.known = false;
            return;
        }
        const bool dense = e->pieces.size() == 1 && e->pieces[0].kind == Kind::Bytes &&
                           e->pieces[0].size == stride;
        if (dense) {
            out.pieces.push_back({Kind::Bytes, 0, t.byte_size});
        } else if (e->pieces.size() * count <= kMaxPieces) {
            for (std::uint64_t i = 0; i < count; ++i) place(out, *e, i * stride);
        } else {
            out.pieces.push_back({Kind::Repeat, 0, t.byte_size, e, count, stride});
        }
        out.exact_only = e->exact_only;
        return;
    }
    case TypeKind::Record: {
        if (t.incomplete || t.partial_layout) return;
        out.known = true;
        out.exact_only = base_class_[&t - types_.data()];
        bool whole = t.is_union;
        for (const Member& m : t.members) {
            if (isVtablePointer(m)) out.exact_only = true;
            if (m.bit_size != 0) whole = true; // bits: the storage read whole, untyped
            if (whole) continue;
            if (m.type < types_.size() && types_[m.type].kind == TypeKind::Array) {
                const VariableType& a = types_[m.type];
                const bool open_ended =
                    a.byte_size == 0 ||
                    std::find(a.counts.begin(), a.counts.end(), kUnknownCount) != a.counts.end();
                if (open_ended) { // its elements lie past the record: read untyped
                    out.flexible = true;
                    continue;
                }
            }
            const Layout* inner = make(m.type, depth + 1);
            if (!inner->known || m.offset + inner->size > t.byte_size) {
                out.known = false;
                return;
            }
            if (inner->exact_only) out.exact_only = true;
            if (inner->flexible) out.flexible = true;
            place(out, *inner, m.offset);
        }
        if (whole || out.pieces.size() > kMaxPieces)
            out.pieces.assign(1, {Kind::Untyped, 0, t.byte_size});
        return;
    }
    case TypeKind::Unsupported:
        return;
    }
}

std::uint64_t elementsInBlock(const Layout& type, std::uint64_t usable) {
    if (!type.known || type.size == 0) return 0;
    if (type.flexible) return usable >= type.size ? 1 : 0;
    const std::uint64_t n = usable / type.size;
    if (n == 0 || ((n * type.size + 15) & ~std::uint64_t{15}) != usable) return 0;
    if (type.exact_only && n != 1) return 0;
    return n;
}

} // namespace rankfold::dwarf
