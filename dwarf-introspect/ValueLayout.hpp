// Which bytes of a value of a DWARF type hold the value: a struct's padding (between members
// and at its end) holds nothing the program can read, so two values that differ only there are
// the same value. Used by semantic state equality to hash a frame's live variables.
#pragma once

#include "dwarf-introspect/VariableType.hpp"

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

namespace rankfold::dwarf {

// [offset, offset + size) from the start of the value.
struct ByteSpan {
    std::int64_t offset = 0;
    std::uint64_t size = 0;
    bool operator==(const ByteSpan&) const = default;
};

// Sorts and joins overlapping or touching spans.
void mergeSpans(std::vector<ByteSpan>& spans);

class ValueLayout {
public:
    explicit ValueLayout(const std::vector<VariableType>& types) : types_(types) {}

    // The value bytes of `type`, sorted and merged; nullopt when the type's layout is not known
    // well enough to leave anything out safely (unknown size, unreadable member, an array of
    // unknown bound). Unions, bit fields and layouts with more than kMaxSpans pieces count whole.
    const std::optional<std::vector<ByteSpan>>& spans(TypeId type);
    static constexpr std::size_t kMaxSpans = 256;

private:
    std::optional<std::vector<ByteSpan>> compute(TypeId id, int depth);
    const std::vector<VariableType>& types_;
    std::unordered_map<TypeId, std::optional<std::vector<ByteSpan>>> memo_;
};

} // namespace rankfold::dwarf
