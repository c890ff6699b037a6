#include "properties/races/ForgetRules.hpp"

#include "properties/races/LocalRace.hpp"

#include <algorithm>

namespace rankfold::properties::races {

namespace {

// y's knowledge is contained in x's: see the header's invariant.
template <class Known> bool knows_at_most(const Known& y, const Known& x) {
    return (y.knowers & ~x.knowers) == 0 && std::includes(x.carriers.begin(), x.carriers.end(),
                                                          y.carriers.begin(), y.carriers.end());
}

// Every range of `inner` lies within one range of `outer` (both normalized: ascending,
// disjoint, not adjacent — so a range held by their union is held by one of them).
bool holds(const std::vector<ByteRange>& outer, const std::vector<ByteRange>& inner) {
    return std::all_of(inner.begin(), inner.end(), [&](const ByteRange& r) {
        return shared_bytes(outer, r) == std::optional<ByteRange>(r);
    });
}

std::vector<ByteRange> joined(const std::vector<ByteRange>& a, const std::vector<ByteRange>& b) {
    std::vector<ByteRange> all(a);
    all.insert(all.end(), b.begin(), b.end());
    return normalized(std::move(all));
}

} // namespace

bool conflicts_cover(const RemoteOp& y, const RemoteOp& x) {
    if (y.writes && !y.atomic) return true;
    return y.writes == x.writes && y.atomic == x.atomic && y.atomic_op == x.atomic_op &&
           y.atomic_type == x.atomic_type && y.no_op == x.no_op;
}

bool op_subsumes(const RemoteOp& y, const RemoteOp& x) {
    if (y.target != x.target || y.bytes.low > x.bytes.low || y.bytes.high < x.bytes.high)
        return false;
    if (!conflicts_cover(y, x)) return false;
    if (y.completed && x.completed) return knows_at_most(y, x);
    return !y.completed && !x.completed && y.origin == x.origin && y.window == x.window &&
           y.knowers == x.knowers && y.carriers == x.carriers;
}

bool accesses_subsume(const TargetAccesses& y, const TargetAccesses& x) {
    return y.rank == x.rank && holds(y.writes, x.writes) &&
           holds(joined(y.reads, y.writes), x.reads) && knows_at_most(y, x);
}

void forget_redundant(std::vector<RemoteOp>& ops, std::vector<TargetAccesses>& accesses) {
    // Records of one rank that know exactly the same: one record with both ranges.
    for (std::size_t i = 0; i < accesses.size(); ++i)
        for (std::size_t j = i + 1; j < accesses.size();) {
            TargetAccesses& keep = accesses[i];
            const TargetAccesses& other = accesses[j];
            if (other.rank != keep.rank || other.knowers != keep.knowers ||
                other.carriers != keep.carriers) {
                ++j;
                continue;
            }
            if (keep.read_site == 0) {
                keep.read_site = other.read_site;
                keep.read_routine = other.read_routine;
            }
            if (keep.write_site == 0) {
                keep.write_site = other.write_site;
                keep.write_routine = other.write_routine;
            }
            keep.reads = joined(keep.reads, other.reads);
            keep.writes = joined(keep.writes, other.writes);
            accesses.erase(accesses.begin() + static_cast<std::ptrdiff_t>(j));
        }
    // Drops item j when some other item still kept makes it redundant. Subsumption is a
    // preorder, so an item dropped because of a kept one never leaves the kept one without a
    // cover: walking from the back, a later item goes first when two cover each other.
    const auto drop = [](auto& items, auto subsumes) {
        for (std::size_t j = items.size(); j-- > 0;)
            for (std::size_t i = 0; i < items.size(); ++i)
                if (i != j && subsumes(items[i], items[j])) {
                    items.erase(items.begin() + static_cast<std::ptrdiff_t>(j));
                    break;
                }
    };
    drop(ops, op_subsumes);
    drop(accesses, accesses_subsume);
}

} // namespace rankfold::properties::races
