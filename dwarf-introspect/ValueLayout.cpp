#include "dwarf-introspect/ValueLayout.hpp"

#include <algorithm>

namespace rankfold::dwarf {

namespace {
constexpr int kMaxDepth = 32;

std::vector<ByteSpan> whole(std::uint64_t size) {
    return {ByteSpan{0, size}};
}
} // namespace

void mergeSpans(std::vector<ByteSpan>& spans) {
    std::sort(spans.begin(), spans.end(),
              [](const ByteSpan& a, const ByteSpan& b) { return a.offset < b.offset; });
    std::size_t out = 0;
    for (const ByteSpan& s : spans) {
        if (s.size == 0) continue;
        if (out > 0) {
            ByteSpan& last = spans[out - 1];
            const std::int64_t end = last.offset + static_cast<std::int64_t>(last.size);
            if (s.offset <= end) {
                const std::int64_t s_end = s.offset + static_cast<std::int64_t>(s.size);
                if (s_end > end) last.size = static_cast<std::uint64_t>(s_end - last.offset);
                continue;
            }
        }
        spans[out++] = s;
    }
    spans.resize(out);
}

const std::optional<std::vector<ByteSpan>>& ValueLayout::spans(TypeId type) {
    if (auto it = memo_.find(type); it != memo_.end()) return it->second;
    auto computed = compute(type, 0);
    return memo_.emplace(type, std::move(computed)).first->second;
}

std::optional<std::vector<ByteSpan>> ValueLayout::compute(TypeId id, int depth) {
    if (id == kNoType || id >= types_.size() || depth > kMaxDepth) return std::nullopt;
    const VariableType& t = types_[id];
    if (t.byte_size == 0) return std::nullopt;
    switch (t.kind) {
    case TypeKind::Base:
    case TypeKind::Pointer:
    case TypeKind::Enum:
        return whole(t.byte_size);
    case TypeKind::Array: {
        std::uint64_t count = 1;
        for (std::uint64_t c : t.counts) {
            if (c == kUnknownCount) return std::nullopt;
            count *= c;
        }
        if (count == 0) return std::vector<ByteSpan>{};
        auto element = compute(t.element, depth + 1);
        if (!element) return std::nullopt;
        const std::uint64_t step = t.byte_size / count;
        const bool dense =
            element->size() == 1 && (*element)[0].offset == 0 && (*element)[0].size == step;
        if (dense || element->size() * count > kMaxSpans) return whole(t.byte_size);
        std::vector<ByteSpan> out;
        for (std::uint64_t i = 0; i < count; ++i)
            for (const ByteSpan& s : *element)
                out.push_back({s.offset + static_cast<std::int64_t>(i * step), s.size});
        mergeSpans(out);
        return out;
    }
    case TypeKind::Record: {
        if (t.incomplete || t.partial_layout) return std::nullopt;
        if (t.is_union) return whole(t.byte_size);
        std::vector<ByteSpan> out;
        for (const Member& m : t.members) {
            if (m.bit_size != 0) return whole(t.byte_size); // bits: keep the storage whole
            auto member = compute(m.type, depth + 1);
            if (!member) return std::nullopt;
            for (const ByteSpan& s : *member)
                out.push_back({s.offset + static_cast<std::int64_t>(m.offset), s.size});
            if (out.size() > kMaxSpans) return whole(t.byte_size);
        }
        mergeSpans(out);
        return out;
    }
    case TypeKind::Unsupported:
        break;
    }
    return std::nullopt;
}

} // namespace rankfold::dwarf
