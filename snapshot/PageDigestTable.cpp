#include "snapshot/PageDigestTable.hpp"

namespace rankfold::snapshot {

void PageDigestTable::insert(std::uint64_t digest, Ref ref) {
    if ((used_ + 1) * 2 > table_.size()) grow();
    const std::size_t mask = table_.size() - 1;
    std::size_t i = digest & mask;
    while (table_[i].ref != 0) i = (i + 1) & mask;
    table_[i] = Bucket{digest, ref};
    ++used_;
}

void PageDigestTable::erase(std::uint64_t digest, Ref ref) {
    const std::size_t mask = table_.size() - 1;
    std::size_t hole = digest & mask;
    while (table_[hole].ref != ref) hole = (hole + 1) & mask;
    for (std::size_t j = (hole + 1) & mask; table_[j].ref != 0; j = (j + 1) & mask) {
        const std::size_t home = table_[j].digest & mask;
        // Entry j may move into the hole if its home does not lie cyclically in (hole, j].
        const bool home_in_between =
            hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
        if (!home_in_between) {
            table_[hole] = table_[j];
            hole = j;
        }
    }
    table_[hole].ref = 0;
    --used_;
}

void PageDigestTable::grow() {
    std::vector<Bucket> old(table_.size() * 2, Bucket{0, 0});
    old.swap(table_);
    const std::size_t mask = table_.size() - 1;
    for (const Bucket& b : old) {
        if (b.ref == 0) continue;
        std::size_t i = b.digest & mask;
        while (table_[i].ref != 0) i = (i + 1) & mask;
        table_[i] = b;
    }
}

} // namespace rankfold::snapshot
