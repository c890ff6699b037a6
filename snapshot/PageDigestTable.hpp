// PageStore's lookup from a page digest (the low 64 bits of its XXH3-128) to the stored pages
// with that digest: open addressing with linear probing, kept at most half full, deleted from
// by backward shifting so no tombstones accumulate. A hit is only a candidate: the caller's
// `same(ref)` compares the bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rankfold::snapshot {

class PageDigestTable {
public:
    using Ref = std::uint32_t; // 0 (the zero page, never stored here) marks an empty bucket
    static constexpr Ref kNone = 0xffffffffu;

    explicit PageDigestTable(std::size_t buckets = 1024) : table_(buckets, Bucket{0, 0}) {}

    template <class Same> Ref find(std::uint64_t digest, Same&& same) const {
        const std::size_t mask = table_.size() - 1;
        for (std::size_t i = digest & mask; table_[i].ref != 0; i = (i + 1) & mask)
            if (table_[i].digest == digest && same(table_[i].ref)) return table_[i].ref;
        return kNone;
    }
    void insert(std::uint64_t digest, Ref ref);
    // `ref` must be in the table under `digest`.
    void erase(std::uint64_t digest, Ref ref);
    std::size_t bytes() const { return table_.capacity() * sizeof(Bucket); }

private:
    struct Bucket {
        std::uint64_t digest;
        Ref ref;
    };
    void grow();

    std::vector<Bucket> table_; // size a power of two
    std::size_t used_ = 0;
};

} // namespace rankfold::snapshot
