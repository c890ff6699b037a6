#include "properties/races/RemoteRaces.hpp"

#include "properties/races/ForgetRules.hpp"
#include "properties/races/LocalRace.hpp"

#include <algorithm>

namespace rankfold::properties::races {

namespace {

std::optional<ByteRange> overlap(ByteRange a, ByteRange b) {
    const ByteRange r{std::max(a.low, b.low), std::min(a.high, b.high)};
    if (r.low >= r.high) return std::nullopt;
    return r;
}

std::uint64_t bit(int rank) {
    return rank >= 0 && rank < 64 ? 1ULL << static_cast<unsigned>(rank) : 0;
}

template <class Known> bool carries(const Known& op, std::uint64_t token) {
    return std::binary_search(op.carriers.begin(), op.carriers.end(), token);
}

template <class Known> void add_carrier(Known& op, std::uint64_t token) {
    auto at = std::lower_bound(op.carriers.begin(), op.carriers.end(), token);
    if (at == op.carriers.end() || *at != token) op.carriers.insert(at, token);
}

void learn(RemoteOp& op, std::uint64_t me, bool /*strict*/) {
    op.knowers |= me;
}

void learn(TargetAccesses& a, std::uint64_t me, bool strict) {
    if (!strict || (a.knowers & me) != 0)
        a.knowers |= me;
    else
        a.learning |= me;
}

// One synchronisation step passes what `rank` knows (or learns what a token carries).
// `strict`: the item is a shared-memory record (TargetAccesses::shared), whose rank passes it
// on only once published, and whose acquirers know it only after their own memory sync.
template <class Known> void pass(Known& k, const SyncEvent& e, bool strict, bool own) {
    const std::uint64_t me = bit(e.rank);
    switch (e.step) {
    case SyncStep::Release:
    case SyncStep::Arrive:
        if ((k.knowers & me) != 0 && !(strict && own)) add_carrier(k, e.token);
        break;
    case SyncStep::Acquire:
    case SyncStep::Depart:
        if (carries(k, e.token)) learn(k, me, strict);
        // A message is consumed by its match; a join stays (its next instance can only be
        // reached by ranks that departed this one).
        if (e.step == SyncStep::Acquire &&
            (e.token >> 56U) == static_cast<std::uint64_t>(SyncChannel::Message))
            std::erase(k.carriers, e.token);
        break;
    case SyncStep::Forward:
        if (carries(k, e.token)) add_carrier(k, e.to);
        break;
    case SyncStep::MemorySync:
        break;
    }
}

void pass(RemoteOp& op, const SyncEvent& e) {
    pass(op, e, false, false);
}

void pass(TargetAccesses& a, const SyncEvent& e) {
    const bool own = e.rank == a.rank;
    if (a.shared && e.step == SyncStep::MemorySync) {
        if (own) a.published = true;
        const std::uint64_t me = bit(e.rank);
        if ((a.learning & me) != 0) {
            a.learning &= ~me;
            a.knowers |= me;
        }
        return;
    }
    pass(a, e, a.shared, own && !a.published);
}

} // namespace

bool remote_conflict(const RemoteOp& a, const RemoteOp& b) {
    if (!a.writes && !b.writes) return false;
    if (a.atomic && b.atomic && a.atomic_type == b.atomic_type &&
        (a.atomic_op == b.atomic_op || a.no_op || b.no_op))
        return false;
    return true;
}

bool RemoteRaces::knows(const RemoteOp& op, int rank) const {
    return op.completed && (op.knowers & bit(rank)) != 0;
}

std::optional<RemoteConflict> RemoteRaces::issue(const RemoteOpEvent& e) {
    RemoteOp op;
    op.origin = e.origin;
    op.target = e.target;
    op.window = e.window;
    op.bytes = e.bytes;
    op.writes = e.writes;
    op.atomic = e.atomic;
    op.atomic_op = e.atomic_op;
    op.atomic_type = e.atomic_type;
    op.no_op = e.no_op;
    op.site = e.site;
    op.name = e.name;
    if (e.bytes.low >= e.bytes.high) return std::nullopt;
    const std::uint64_t origin = bit(e.origin);
    for (const TargetAccesses& a : accesses_) {
        // Records of any rank: in shared memory one rank's accesses may be in another's
        // window; elsewhere a rank's records hold its own window's bytes only.
        if (a.shared || (a.knowers & origin) != 0) continue;
        if (const auto w = shared_bytes(a.writes, op.bytes))
            return RemoteConflict{nullptr, &a, true, *w};
        if (!op.writes) continue;
        if (const auto r = shared_bytes(a.reads, op.bytes))
            return RemoteConflict{nullptr, &a, false, *r};
    }
    for (const RemoteOp& live : ops_) {
        if (live.target != op.target || knows(live, op.origin) || fence_ordered(live, op)) continue;
        const auto shared = overlap(live.bytes, op.bytes);
        if (shared && remote_conflict(live, op))
            return RemoteConflict{&live, nullptr, false, *shared};
    }
    // Every other item was irredundant before (each change runs the rules), so only the new
    // operation can be covered or cover others: a walk over the operations, not
    // forget_redundant's pairs, which an epoch of thousands of accumulates paid at each issue
    // (MPICH's strided_acc_onelock). A later item goes first when two cover each other.
    if (std::any_of(ops_.begin(), ops_.end(),
                    [&](const RemoteOp& y) { return op_subsumes(y, op); }))
        return std::nullopt;
    std::erase_if(ops_, [&](const RemoteOp& y) { return op_subsumes(op, y); });
    ops_.push_back(std::move(op));
    return std::nullopt;
}

void RemoteRaces::complete(const RemoteCompletionEvent& e) {
    if (e.shmem == ShmemOrdering::Fence) {
        shmem_fence(e);
        return;
    }
    if (e.shmem == ShmemOrdering::Landing) {
        shmem_landing(e);
        drop_known();
        return;
    }
    for (RemoteOp& op : ops_) {
        // A completed operation still learns who else knows (an OpenSHMEM put completed by
        // its landing, known to a waiter on its flag, then by its origin's quiet).
        if (op.origin != e.origin || (e.target >= 0 && op.target != e.target)) continue;
        if (e.bytes.low < e.bytes.high) {
            if (op.bytes == e.bytes && !op.completed) {
                op.completed = true;
                if (e.carrier != 0) add_carrier(op, e.carrier);
            }
            continue;
        }
        const bool shmem = is_shmem_window(op.window);
        if (op.window != e.window && !(shmem && e.window == kShmemAllContexts)) {
            // An OpenSHMEM landing on one context also carries what its origin knew complete
            // on the others (a shmem_ctx_quiet before the flag's put): whoever sees the flag
            // learns those too.
            if (shmem && is_shmem_window(e.window) && e.carrier != 0 && op.completed &&
                (op.knowers & bit(e.origin)) != 0)
                add_carrier(op, e.carrier);
            continue;
        }
        op.completed = true;
        if (e.origin_knows) op.knowers |= bit(e.origin);
        if (e.carrier != 0) add_carrier(op, e.carrier);
    }
    drop_known();
}

void RemoteRaces::sync(const SyncEvent& raw) {
    SyncEvent e = raw;
    const bool join = e.step == SyncStep::Arrive || e.step == SyncStep::Depart;
    const std::uint64_t mine =
        (static_cast<std::uint64_t>(e.rank) << 56U) | (e.token & ((1ULL << 56U) - 1));
    const auto odd = std::lower_bound(odd_.begin(), odd_.end(), mine);
    const bool is_odd = odd != odd_.end() && *odd == mine;
    if (join && is_odd) e.token |= kJoinInstanceBit; // this instance's token
    for (RemoteOp& op : ops_) pass(op, e);
    for (TargetAccesses& a : accesses_) pass(a, e);
    if (e.step == SyncStep::Depart) { // the rank's next arrival is at the next instance
        if (is_odd)
            odd_.erase(odd);
        else
            odd_.insert(odd, mine);
    }
    if (join && e.rank >= 0 && e.rank < static_cast<int>(inside_.size()))
        inside_[static_cast<std::size_t>(e.rank)] = e.step == SyncStep::Arrive ? e.token : 0;
    drop_known();
}

bool RemoteRaces::in_shared(int rank, ByteRange bytes) const {
    if (rank < 0 || rank >= static_cast<int>(shared_.size())) return false;
    const std::vector<ByteRange>& mine = shared_[static_cast<std::size_t>(rank)];
    return !mine.empty() && shared_bytes(mine, bytes).has_value();
}

std::optional<RemoteConflict> RemoteRaces::shared_conflict(int rank, ByteRange bytes,
                                                           bool write) const {
    // Another rank's stores: the strict records (shared set); its loads: the plain ones.
    for (const TargetAccesses& a : accesses_) {
        if (a.rank == rank || (a.knowers & bit(rank)) != 0) continue;
        if (a.shared) {
            if (const auto w = shared_bytes(a.writes, bytes))
                return RemoteConflict{nullptr, &a, true, *w};
        } else if (write) {
            if (const auto r = shared_bytes(a.reads, bytes))
                return RemoteConflict{nullptr, &a, false, *r};
        }
    }
    return std::nullopt;
}

std::optional<RemoteConflict> RemoteRaces::access(int rank, ByteRange bytes, bool write) const {
    return access(rank, bytes, write, in_shared(rank, bytes));
}

std::optional<RemoteConflict> RemoteRaces::record_and_check(int rank, ByteRange bytes, bool write,
                                                            std::uintptr_t site,
                                                            const char* routine) {
    const bool shared = in_shared(rank, bytes);
    record(rank, bytes, write, site, routine, shared);
    return access(rank, bytes, write, shared);
}

std::optional<RemoteConflict> RemoteRaces::access(int rank, ByteRange bytes, bool write,
                                                  bool shared) const {
    // Bytes of a shared-memory window: any rank's operations on them, and other ranks' direct
    // accesses.
    if (shared)
        if (auto c = shared_conflict(rank, bytes, write)) return c;
    // A load or store is no atomic: it conflicts with every operation unless both read
    // (remote_conflict). Run at every access of exposed memory, so without building one.
    for (const RemoteOp& op : ops_) {
        if (!write && !op.writes) continue;
        const ByteRange both{std::max(op.bytes.low, bytes.low),
                             std::min(op.bytes.high, bytes.high)};
        if (both.low >= both.high) continue;
        if ((op.target != rank && !shared) || knows(op, rank)) continue;
        return RemoteConflict{&op, nullptr, false, both};
    }
    return std::nullopt;
}

ByteRange RemoteRaces::hull(int rank) const {
    ByteRange h{};
    if (rank >= 0 && rank < static_cast<int>(exposed_.size())) {
        const auto& mine = exposed_[static_cast<std::size_t>(rank)];
        if (!mine.empty()) h = {mine.front().low, mine.back().high};
        for (const ByteRange& r : shared_[static_cast<std::size_t>(rank)]) {
            if (h.low == h.high) h = r;
            h.low = std::min(h.low, r.low);
            h.high = std::max(h.high, r.high);
        }
    }
    for (const RemoteOp& op : ops_) {
        if (op.target != rank || knows(op, rank)) continue;
        if (h.low == h.high) h = op.bytes;
        h.low = std::min(h.low, op.bytes.low);
        h.high = std::max(h.high, op.bytes.high);
    }
    return h;
}

void RemoteRaces::expose(int rank, std::vector<ByteRange> bytes, std::vector<ByteRange> shared) {
    if (rank < 0 || rank >= static_cast<int>(exposed_.size())) return;
    exposed_[static_cast<std::size_t>(rank)] = normalized(std::move(bytes));
    shared_[static_cast<std::size_t>(rank)] = normalized(std::move(shared));
    // A shared-memory record races only with accesses through a window still live: once every
    // member freed it, nobody can touch those bytes through it again (the record would
    // otherwise stay for ever, its last learners never syncing: states told apart for nothing).
    std::erase_if(accesses_, [&](const TargetAccesses& a) {
        if (!a.shared) return false;
        return std::none_of(shared_.begin(), shared_.end(), [&](const auto& mine) {
            return std::any_of(a.reads.begin(), a.reads.end(),
                               [&](ByteRange r) { return shared_bytes(mine, r).has_value(); }) ||
                   std::any_of(a.writes.begin(), a.writes.end(),
                               [&](ByteRange r) { return shared_bytes(mine, r).has_value(); });
        });
    });
    if (exposes_nothing()) odd_.clear(); // joins are followed only while windows exist
    if (empty() && exposes_nothing()) std::fill(inside_.begin(), inside_.end(), 0);
}

bool RemoteRaces::exposes_nothing() const {
    return std::all_of(exposed_.begin(), exposed_.end(), [](const auto& e) { return e.empty(); });
}

void RemoteRaces::drop_known() {
    const std::uint64_t everyone =
        ranks_ >= 64 ? ~0ULL : (1ULL << static_cast<unsigned>(ranks_)) - 1;
    std::erase_if(ops_, [&](const RemoteOp& op) {
        return op.completed && (op.knowers & everyone) == everyone;
    });
    std::erase_if(accesses_,
                  [&](const TargetAccesses& a) { return (a.knowers & everyone) == everyone; });
    forget_redundant(ops_, accesses_);
    rank_fences();
    if (empty() && exposes_nothing()) std::fill(inside_.begin(), inside_.end(), 0);
}

} // namespace rankfold::properties::races
