#include "properties/races/FutureKey.hpp"

#include <algorithm>

namespace rankfold::properties::races {

namespace {

using Words = std::vector<std::uint64_t>;

// Not a user-space address: a range's start the heap canonical form feeds as a root.
constexpr std::uint64_t kHeapMark = 0xb10c'0000'0000'00fcULL;

// A range of `rank`'s memory: itself, or under semantic equality (`in_heap` set) a mark and
// its length when it lies in one live heap block (the roots then say where).
void put_range(Words& w, int rank, const ByteRange& r, const InHeap* in_heap) {
    if (in_heap != nullptr && (*in_heap)(rank, r.low, r.high)) {
        w.push_back(kHeapMark);
        w.push_back(r.high - r.low);
        return;
    }
    w.push_back(r.low);
    w.push_back(r.high);
}

void put_ranges(Words& w, int rank, const std::vector<ByteRange>& ranges, const InHeap* in_heap) {
    w.push_back(ranges.size());
    for (const ByteRange& r : ranges) put_range(w, rank, r, in_heap);
}

void put_knowledge(Words& w, std::uint64_t knowers, const std::vector<std::uint64_t>& carriers) {
    w.push_back(knowers);
    w.push_back(carriers.size());
    w.insert(w.end(), carriers.begin(), carriers.end()); // ascending already
}

// The ranks that know an item, or will before they can act again: a rank blocked in a join
// whose token carries the item departs it knowing the item (a join's token is never taken
// back), and until then it neither accesses memory, issues an operation nor passes knowledge.
template <class Known>
std::uint64_t knowers_by_next_step(const Known& k, const std::vector<std::uint64_t>& inside) {
    std::uint64_t knowers = k.knowers;
    for (std::size_t r = 0; r < inside.size() && r < 64; ++r)
        if (inside[r] != 0 && std::binary_search(k.carriers.begin(), k.carriers.end(), inside[r]))
            knowers |= 1ULL << r;
    return knowers;
}

Words op_words(const RemoteOp& op, const InHeap* in_heap) {
    Words w{static_cast<std::uint64_t>(op.target)};
    put_range(w, op.target, op.bytes, in_heap);
    w.insert(w.end(), {static_cast<std::uint64_t>(op.writes | (op.atomic << 1U) | (op.no_op << 2U) |
                                                  (op.completed << 3U) | (op.landed << 4U)),
                       op.atomic_op, op.atomic_type});
    put_knowledge(w, op.knowers, op.carriers);
    // OpenSHMEM: later landings and fences of its stream still find it (ShmemOrder.cpp).
    const bool shmem = is_shmem_window(op.window);
    if (shmem) w.push_back(op.fences);
    // A completion event still looks for it by these: while it is pending, and while its
    // origin does not know it complete (an accumulate completed by its atomic landing learns
    // its origin at the flush or unlock: RemoteRaces::complete).
    const bool origin_knows = op.origin >= 0 && op.origin < 64 &&
                              (op.knowers & (1ULL << static_cast<unsigned>(op.origin))) != 0;
    if (!op.completed || shmem || !origin_knows) {
        w.push_back(static_cast<std::uint64_t>(op.origin));
        w.push_back(op.window);
    }
    return w;
}

Words access_words(const TargetAccesses& a, const InHeap* in_heap) {
    Words w{static_cast<std::uint64_t>(a.rank),
            static_cast<std::uint64_t>(a.shared | (a.published << 1U)), a.learning};
    put_knowledge(w, a.knowers, a.carriers);
    put_ranges(w, a.rank, a.reads, in_heap);
    put_ranges(w, a.rank, a.writes, in_heap);
    return w;
}

// Items as sorted word lists, each preceded by its length.
template <class Item, class ToWords>
void put_set(Words& out, const std::vector<Item>& items, ToWords to_words) {
    std::vector<Words> all;
    all.reserve(items.size());
    for (const Item& item : items) all.push_back(to_words(item));
    std::sort(all.begin(), all.end());
    out.push_back(all.size());
    for (const Words& w : all) {
        out.push_back(w.size());
        out.insert(out.end(), w.begin(), w.end());
    }
}

// The items of `rank`'s memory in an order that follows from a key however it marked their
// addresses: by their words with every address a mark, then (items alike but for where they
// lie, whose order does not matter) by their addresses.
template <class Item, class ToWords>
std::vector<const Item*> root_order(const std::vector<Item>& items, ToWords to_words) {
    const InHeap everywhere = [](int, std::uintptr_t, std::uintptr_t) { return true; };
    std::vector<std::pair<std::pair<Words, Words>, const Item*>> keyed;
    keyed.reserve(items.size());
    for (const Item& item : items)
        keyed.push_back({{to_words(item, &everywhere), to_words(item, nullptr)}, &item});
    std::sort(keyed.begin(), keyed.end(),
              [](const auto& x, const auto& y) { return x.first < y.first; });
    std::vector<const Item*> out;
    out.reserve(keyed.size());
    for (const auto& k : keyed) out.push_back(k.second);
    return out;
}

void push_lows(std::vector<std::uintptr_t>& out, const std::vector<ByteRange>& ranges) {
    for (const ByteRange& r : ranges) out.push_back(r.low);
}

// The items the key holds: what a continuation can still observe.
struct FutureItems {
    std::vector<RemoteOp> ops;
    std::vector<TargetAccesses> accesses;
};

FutureItems future_items(const RemoteRaces& remote) {
    const auto& inside = remote.inside_joins();
    const int n = remote.ranks();
    const std::uint64_t everyone = n >= 64 ? ~0ULL : (1ULL << static_cast<unsigned>(n)) - 1;
    // An item every rank knows, or will before acting again, races with nothing to come: it
    // is left out, as RemoteRaces drops it once the last of those ranks departs.
    std::vector<RemoteOp> ops;
    for (const RemoteOp& op : remote.live()) {
        RemoteOp o = op;
        if (o.completed) o.knowers = knowers_by_next_step(op, inside);
        if (!o.completed || (o.knowers & everyone) != everyone) ops.push_back(std::move(o));
    }
    std::vector<TargetAccesses> accesses;
    for (const TargetAccesses& a : remote.accesses()) {
        TargetAccesses k = a;
        // A shared record's acquirer still needs its memory sync: it departs learning.
        if (a.shared)
            k.learning |= knowers_by_next_step(a, inside) & ~a.knowers;
        else
            k.knowers = knowers_by_next_step(a, inside);
        if ((k.knowers & everyone) != everyone) accesses.push_back(std::move(k));
    }
    return {std::move(ops), std::move(accesses)};
}

} // namespace

std::vector<std::uint64_t> future_key(const RemoteRaces& remote, const InHeap* in_heap) {
    const FutureItems items = future_items(remote);
    const auto& inside = remote.inside_joins();
    Words key;
    put_set(key, items.ops, [in_heap](const RemoteOp& op) { return op_words(op, in_heap); });
    put_set(key, items.accesses,
            [in_heap](const TargetAccesses& a) { return access_words(a, in_heap); });
    key.insert(key.end(), inside.begin(), inside.end());
    for (std::size_t r = 0; r < remote.exposed().size(); ++r)
        put_ranges(key, static_cast<int>(r), remote.exposed()[r], in_heap);
    for (std::size_t r = 0; r < remote.shared().size(); ++r)
        put_ranges(key, static_cast<int>(r), remote.shared()[r], in_heap);
    key.push_back(remote.odd_joins().size());
    key.insert(key.end(), remote.odd_joins().begin(), remote.odd_joins().end());
    return key;
}

void future_roots(const RemoteRaces& remote, int rank, std::vector<std::uintptr_t>& out) {
    if (rank < 0 || rank >= static_cast<int>(remote.exposed().size())) return;
    const auto r = static_cast<std::size_t>(rank);
    if (!remote.empty()) {
        FutureItems items = future_items(remote);
        std::erase_if(items.ops, [rank](const RemoteOp& op) { return op.target != rank; });
        std::erase_if(items.accesses, [rank](const TargetAccesses& a) { return a.rank != rank; });
        for (const RemoteOp* op : root_order(items.ops, op_words)) out.push_back(op->bytes.low);
        for (const TargetAccesses* a : root_order(items.accesses, access_words)) {
            push_lows(out, a->reads);
            push_lows(out, a->writes);
        }
    }
    push_lows(out, remote.exposed()[r]);
    push_lows(out, remote.shared()[r]);
}

} // namespace rankfold::properties::races
