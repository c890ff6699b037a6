// MpiWorld::hash: the runtime half of the exact state hash. Every field that operator== looks
// at is fed in, field by field (never raw structs, whose padding is not part of the value), or
// as the digest of the part it belongs to (HashMemo.hpp).
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/src/HashMemo.hpp"
#include "simulated-mpi/src/StateHasher.hpp"

#include <fmt/format.h>

#include <functional>

namespace rankfold::mpi {
std::uint64_t MpiWorld::hash(const RequestTable::HeapRoot* heap_root) const {
    return digest(heap_root, &thread_hash_memo());
}

std::uint64_t MpiWorld::hash_from_scratch(const RequestTable::HeapRoot* heap_root) const {
    return digest(heap_root, nullptr);
}

// The parts that seldom change (a rank's local tables, the communicators) are fed as their own
// digests, which `memo` keeps between calls (HashMemo.hpp); the rest field by field.
std::uint64_t MpiWorld::digest(const RequestTable::HeapRoot* heap_root, HashMemo* memo) const {
    StateHasher h;
    h.value(static_cast<std::uint8_t>(p2p_.buffering()));
    for (std::size_t rank = 0; rank < core_.ranks.size(); ++rank) {
        const RankState& s = core_.ranks[rank];
        h.value(static_cast<std::uint8_t>(s.initialized | s.finalized << 1 |
                                          s.failure.has_value() << 2));
        h.value(s.thread_level);
        p2p_.feed_attached(h, static_cast<int>(rank));
        h.value(s.clock);
        if (s.failure) {
            h.value(s.failure->code);
            h.value(static_cast<int>(s.failure->misuse.value_or(Misuse::Unsupported)));
            h.bytes(s.failure->message.data(), s.failure->message.size());
        }
        h.value(rank_tables_digest(s, rank, memo));
        core_.requests.feed(h, static_cast<int>(rank), heap_root);
        for (const GrequestDone& g : s.grequests_done)
            for (std::uintptr_t v :
                 {g.query, g.free, g.extra_state, reinterpret_cast<std::uintptr_t>(g.status)})
                h.value(static_cast<std::uint64_t>(v));
    }
    h.value(comms_digest(core_.comms, memo));
    collectives_.feed(h);
    p2p_.feed_queues(h);
    // Only once a window exists: programs without RMA keep the digests they had before.
    if (core_.windows.size() > 0) core_.windows.feed(h, heap_root);
    // Only once SHMEM is in use, so that the digests of MPI programs stay what they were.
    if (shmem_.used()) h.value(shmem_.hash());
    return h.digest();
}

std::string MpiWorld::describe_difference(const MpiWorld& other) const {
    std::string why;
    // One part of the value, fed from each world in turn: named when the digests differ.
    const auto part = [&](const std::string& name,
                          const std::function<void(const MpiWorld&, StateHasher&)>& feed) {
        StateHasher mine, theirs;
        feed(*this, mine);
        feed(other, theirs);
        if (mine.digest() != theirs.digest()) why += (why.empty() ? "" : ", ") + name;
    };
    for (std::size_t rank = 0; rank < core_.ranks.size() && rank < other.core_.ranks.size();
         ++rank) {
        const RankState& a = core_.ranks[rank];
        const RankState& b = other.core_.ranks[rank];
        const int r = static_cast<int>(rank);
        if (a.clock != b.clock || a.initialized != b.initialized || a.finalized != b.finalized ||
            a.failure.has_value() != b.failure.has_value())
            why += fmt::format("{}rank {} status", why.empty() ? "" : ", ", rank);
        part(fmt::format("rank {} requests", rank),
             [r](const MpiWorld& w, StateHasher& h) { w.core_.requests.feed(h, r, nullptr); });
        part(fmt::format("rank {} datatypes", rank),
             [rank](const MpiWorld& w, StateHasher& h) { w.core_.ranks[rank].datatypes.feed(h); });
        part(fmt::format("rank {} buffer", rank),
             [r](const MpiWorld& w, StateHasher& h) { w.p2p_.feed_attached(h, r); });
    }
    part("communicators", [](const MpiWorld& w, StateHasher& h) { w.core_.comms.feed(h); });
    part("collectives", [](const MpiWorld& w, StateHasher& h) { w.collectives_.feed(h); });
    part("matching queues", [](const MpiWorld& w, StateHasher& h) { w.p2p_.feed_queues(h); });
    part("windows", [](const MpiWorld& w, StateHasher& h) { w.core_.windows.feed(h); });
    if (shmem_.used() || other.shmem_.used())
        part("shmem", [](const MpiWorld& w, StateHasher& h) { h.value(w.shmem_.hash()); });
    if (why.empty() && !(*this == other)) why = "other parts (groups, keyvals, info, ...)";
    return why;
}

} // namespace rankfold::mpi
