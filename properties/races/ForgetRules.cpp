#include "properties/races/ForgetRules.hpp"

#include "properties/races/LocalRace.hpp"

#include <algorithm>
#include <cstdint>
#include <tuple>

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

// The range of `ranges` (normalized) that holds byte `at`, if any.
const ByteRange* holding(const std::vector<ByteRange>& ranges, std::uintptr_t at) {
    auto it = std::upper_bound(ranges.begin(), ranges.end(), at,
                               [](std::uintptr_t x, const ByteRange& r) { return x < r.high; });
    return it != ranges.end() && it->low <= at ? &*it : nullptr;
}

// Every range of `inner` lies within the union of `a` and `b` (each normalized). Walks each
// range along the pieces of a and b that hold it, so no joined list is built: the open record
// of a rank is tried against its others at each access that grows it (RemoteRaces::
// record_into), and copying and sorting its ranges there made a rank checking thousands of
// scattered window elements quadratic (MPICH's rma/putfence1, MTestTypeIndexedCheckbuf).
bool holds_in_union(const std::vector<ByteRange>& a, const std::vector<ByteRange>& b,
                    const std::vector<ByteRange>& inner) {
    return std::all_of(inner.begin(), inner.end(), [&](const ByteRange& r) {
        std::uintptr_t at = r.low;
        while (at < r.high) {
            const ByteRange* in_a = holding(a, at);
            const ByteRange* in_b = holding(b, at);
            if (in_a == nullptr && in_b == nullptr) return false;
            at = std::max(in_a != nullptr ? in_a->high : at, in_b != nullptr ? in_b->high : at);
        }
        return true;
    });
}

std::vector<ByteRange> joined(const std::vector<ByteRange>& a, const std::vector<ByteRange>& b) {
    std::vector<ByteRange> all(a);
    all.insert(all.end(), b.begin(), b.end());
    return normalized(std::move(all));
}

// Per operation: whether another one could cover its bytes (same target, a range holding its
// range), the first test of op_subsumes. Sorted by (target, low, high descending), an op's
// possible covers are before it, or right after it with the same range. With thousands of
// disjoint operations pending (a fence epoch of single-element gets: MPICH's rma/test5) this
// spares drop() its quadratic scan for every operation nothing can cover.
std::vector<bool> maybe_covered(const std::vector<RemoteOp>& ops) {
    std::vector<std::size_t> order(ops.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    const auto key = [&](std::size_t i) {
        return std::tuple(ops[i].target, ops[i].bytes.low, ~ops[i].bytes.high);
    };
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
    std::vector<bool> maybe(ops.size(), false);
    bool have_max = false;
    std::uint64_t max_high = 0;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const RemoteOp& x = ops[order[k]];
        if (k > 0 && ops[order[k - 1]].target != x.target) have_max = false;
        const bool same_next = k + 1 < order.size() && key(order[k + 1]) == key(order[k]);
        maybe[order[k]] = (have_max && max_high >= x.bytes.high) || same_next;
        if (!have_max || x.bytes.high > max_high) max_high = x.bytes.high;
        have_max = true;
    }
    return maybe;
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
    // OpenSHMEM: a landing picks its operation among those not landed, and later landings
    // of a stream add to the operations fenced before them (ShmemOrder.cpp). So only landed
    // operations of one stream, y fenced at most as often as x, keep y's knowledge within x's.
    if (is_shmem_window(y.window) || is_shmem_window(x.window))
        if (!y.landed || !x.landed || y.origin != x.origin || y.window != x.window ||
            y.fences > x.fences)
            return false;
    // A completed operation still learns from its origin's completion events (RemoteRaces::
    // complete: an accumulate completed by its atomic landing is known to its origin at the
    // flush or unlock): whatever y learns so, x must learn too — the same events reach x (same
    // origin and window), or x's knowers hold y's origin already (what that origin passes on
    // reaches x; a completion's carrier goes with the origin's release of it).
    if (y.completed && x.completed)
        return knows_at_most(y, x) &&
               ((y.origin == x.origin && y.window == x.window) ||
                (y.origin >= 0 && y.origin < 64 &&
                 (x.knowers & (1ULL << static_cast<unsigned>(y.origin))) != 0));
    return !y.completed && !x.completed && y.origin == x.origin && y.window == x.window &&
           y.knowers == x.knowers && y.carriers == x.carriers;
}

bool accesses_subsume(const TargetAccesses& y, const TargetAccesses& x) {
    // Shared-memory records: y's learners and publication may not run ahead of x's (a learner
    // of y knows y after one memory sync; so does a learner or knower of x).
    // The cheap tests first: a rank's open record grows at each of its new accesses and is
    // tried against its other records each time (RemoteRaces::record_into).
    return y.rank == x.rank && y.shared == x.shared && (!y.published || x.published) &&
           (y.learning & ~(x.learning | x.knowers)) == 0 && knows_at_most(y, x) &&
           holds(y.writes, x.writes) &&
           (holds(y.reads, x.reads) || holds_in_union(y.reads, y.writes, x.reads));
}

void forget_redundant(std::vector<RemoteOp>& ops, std::vector<TargetAccesses>& accesses) {
    // Records of one rank that know exactly the same: one record with both ranges.
    for (std::size_t i = 0; i < accesses.size(); ++i)
        for (std::size_t j = i + 1; j < accesses.size();) {
            TargetAccesses& keep = accesses[i];
            const TargetAccesses& other = accesses[j];
            if (other.rank != keep.rank || other.knowers != keep.knowers ||
                other.carriers != keep.carriers || other.shared != keep.shared ||
                other.published != keep.published || other.learning != keep.learning) {
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
    // `candidates[j]` false: nothing can cover item j (dropping items only takes covers away,
    // so a test made once holds throughout).
    const auto drop = [](auto& items, auto subsumes, std::vector<bool> candidates) {
        for (std::size_t j = items.size(); j-- > 0;) {
            if (!candidates[j]) continue;
            for (std::size_t i = 0; i < items.size(); ++i)
                if (i != j && subsumes(items[i], items[j])) {
                    items.erase(items.begin() + static_cast<std::ptrdiff_t>(j));
                    candidates.erase(candidates.begin() + static_cast<std::ptrdiff_t>(j));
                    break;
                }
        }
    };
    drop(ops, op_subsumes, maybe_covered(ops));
    drop(accesses, accesses_subsume, std::vector<bool>(accesses.size(), true));
}

} // namespace rankfold::properties::races
