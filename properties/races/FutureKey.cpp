#include "properties/races/FutureKey.hpp"

#include <algorithm>

namespace rankfold::properties::races {

namespace {

using Words = std::vector<std::uint64_t>;

void put_ranges(Words& w, const std::vector<ByteRange>& ranges) {
    w.push_back(ranges.size());
    for (const ByteRange& r : ranges) {
        w.push_back(r.low);
        w.push_back(r.high);
    }
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

Words op_words(const RemoteOp& op) {
    Words w{static_cast<std::uint64_t>(op.target),
            op.bytes.low,
            op.bytes.high,
            static_cast<std::uint64_t>(op.writes | (op.atomic << 1U) | (op.no_op << 2U) |
                                       (op.completed << 3U) | (op.landed << 4U)),
            op.atomic_op,
            op.atomic_type};
    put_knowledge(w, op.knowers, op.carriers);
    // OpenSHMEM: later landings and fences of its stream still find it (ShmemOrder.cpp).
    const bool shmem = is_shmem_window(op.window);
    if (shmem) w.push_back(op.fences);
    if (!op.completed || shmem) { // a completion event still looks for it by these
        w.push_back(static_cast<std::uint64_t>(op.origin));
        w.push_back(op.window);
    }
    return w;
}

Words access_words(const TargetAccesses& a) {
    Words w{static_cast<std::uint64_t>(a.rank),
            static_cast<std::uint64_t>(a.shared | (a.published << 1U)), a.learning};
    put_knowledge(w, a.knowers, a.carriers);
    put_ranges(w, a.reads);
    put_ranges(w, a.writes);
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

} // namespace

std::vector<std::uint64_t> future_key(const RemoteRaces& remote) {
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
    Words key;
    put_set(key, ops, op_words);
    put_set(key, accesses, access_words);
    key.insert(key.end(), inside.begin(), inside.end());
    for (const auto& exposed : remote.exposed()) put_ranges(key, exposed);
    for (const auto& shared : remote.shared()) put_ranges(key, shared);
    key.push_back(remote.odd_joins().size());
    key.insert(key.end(), remote.odd_joins().begin(), remote.odd_joins().end());
    return key;
}

} // namespace rankfold::properties::races
