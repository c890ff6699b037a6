// RemoteRaces: a rank's own loads and stores of its exposed memory, kept as records until every
// rank is ordered after them (one-sided operations and other ranks' direct accesses to shared
// memory race with them). Run at every such access: the paths here are the hot ones of a test
// that walks a window element by element (MPICH's rma/lock_dt, putfence1).
#include "properties/races/ForgetRules.hpp"
#include "properties/races/LocalRace.hpp"
#include "properties/races/RemoteRaces.hpp"

#include <algorithm>

namespace rankfold::properties::races {

namespace {

std::uint64_t bit(int rank) {
    return rank >= 0 && rank < 64 ? 1ULL << static_cast<unsigned>(rank) : 0;
}

// add_range when `bytes` does not start at or after the last range: merged in place, without
// sorting the whole list again at each access (a target storing to thousands of scattered
// bytes: MPICH's rma/put_base).
bool add_range_inside(std::vector<ByteRange>& ranges, ByteRange bytes) {
    if (shared_bytes(ranges, bytes) == std::optional<ByteRange>(bytes)) return false; // known
    const auto first =
        std::lower_bound(ranges.begin(), ranges.end(), bytes.low,
                         [](const ByteRange& r, std::uintptr_t low) { return r.high < low; });
    const auto last =
        std::upper_bound(first, ranges.end(), bytes.high,
                         [](std::uintptr_t high, const ByteRange& r) { return high < r.low; });
    if (first == last) {
        ranges.insert(first, bytes);
        return true;
    }
    const ByteRange merged{std::min(bytes.low, first->low), std::max(bytes.high, (last - 1)->high)};
    *first = merged;
    ranges.erase(first + 1, last);
    return true;
}

// False when the ranges held the bytes [low, high) already.
// `ranges` is normalized (ascending, disjoint, not adjacent) and stays so. Inlined, with the
// bounds apart: run at every load and store of exposed memory, the call with the range as one
// argument cost more than the work (MPICH's rma/lock_dt).
inline bool add_range(std::vector<ByteRange>& ranges, std::uintptr_t low, std::uintptr_t high) {
    if (low >= high)
        return shared_bytes(ranges, ByteRange{low, high}) != std::optional(ByteRange{low, high});
    // The fast path: a rank walking its window upwards, element by element, touches or extends
    // the last range (MPICH's rma/lock_dt checks and fills its buffers byte by byte).
    if (!ranges.empty() && ranges.back().low <= low) {
        ByteRange& last = ranges.back();
        if (high <= last.high) return false; // known
        if (low <= last.high) {
            last.high = high;
            return true;
        }
        ranges.push_back(ByteRange{low, high});
        return true;
    }
    return add_range_inside(ranges, ByteRange{low, high});
}

} // namespace

void RemoteRaces::record(int rank, ByteRange bytes, bool write, std::uintptr_t site,
                         const char* routine) {
    record(rank, bytes, write, site, routine, in_shared(rank, bytes));
}

void RemoteRaces::record(int rank, ByteRange bytes, bool write, std::uintptr_t site,
                         const char* routine, bool shared) {
    if (rank < 0 || rank >= static_cast<int>(exposed_.size())) return;
    if (!shared && !shared_bytes(exposed_[static_cast<std::size_t>(rank)], bytes)) return;
    // Against one-sided operations an access counts once the plain synchronisation orders it;
    // against other ranks' direct accesses to shared memory, only under the unified model's
    // rule: shared memory gets both records.
    record_into(rank, bytes, write, site, routine, false);
    // Only stores need publishing: a load is ordered before another rank's later store by the
    // synchronisation alone (MPICH's win_shared_rma_flush_load: loads, a barrier, stores).
    if (shared && write) record_into(rank, bytes, write, site, routine, true);
}

void RemoteRaces::record_into(int rank, ByteRange bytes, bool write, std::uintptr_t site,
                              const char* routine, bool shared) {
    // The accesses since the rank's last release (or memory sync, for shared memory): nobody
    // else knows of them yet.
    auto open = std::find_if(accesses_.begin(), accesses_.end(), [&](const TargetAccesses& a) {
        return a.rank == rank && a.carriers.empty() && a.knowers == bit(rank) &&
               a.shared == shared && !a.published && a.learning == 0;
    });
    if (open == accesses_.end()) {
        TargetAccesses fresh;
        fresh.rank = rank;
        fresh.knowers = bit(rank);
        fresh.shared = shared;
        accesses_.push_back(std::move(fresh));
        open = accesses_.end() - 1;
    }
    bool grew = false;
    if (write) {
        if (open->write_site == 0) {
            open->write_site = site;
            open->write_routine = routine;
        }
        grew = add_range(open->writes, bytes.low, bytes.high);
    } else {
        if (open->read_site == 0) {
            open->read_site = site;
            open->read_routine = routine;
        }
        grew = add_range(open->reads, bytes.low, bytes.high);
    }
    // The open record knows least of all the rank's records: it may now hold an older one
    // (ForgetRules: accesses_subsume). Only it changed, so only what it covers can go — not
    // forget_redundant's scan of every pair, which a target storing to its window thousands
    // of times between two synchronisations paid at each store (MPICH's rma/lock_dt).
    if (!grew) return;
    auto keep = static_cast<std::size_t>(open - accesses_.begin());
    drop_covered_by(keep);
}

void RemoteRaces::drop_covered_by(std::size_t& keep) {
    for (std::size_t j = accesses_.size(); j-- > 0;) {
        if (j == keep || !accesses_subsume(accesses_[keep], accesses_[j])) continue;
        accesses_.erase(accesses_.begin() + static_cast<std::ptrdiff_t>(j));
        if (j < keep) --keep;
    }
}

std::optional<std::size_t> RemoteRaces::open_record(int rank) const {
    for (std::size_t k = 0; k < accesses_.size(); ++k) {
        const TargetAccesses& a = accesses_[k];
        // record_into's choice of the open record (plain, not shared).
        if (a.rank == rank && a.carriers.empty() && a.knowers == bit(rank) && !a.shared &&
            !a.published && a.learning == 0)
            return k;
    }
    return std::nullopt;
}

ByteRange RemoteRaces::quiet_around(int rank, ByteRange bytes, bool write) const {
    if (rank < 0 || rank >= static_cast<int>(exposed_.size()) || bytes.low >= bytes.high) return {};
    // One exposed range holds the access: its bytes are recorded, nothing else is.
    const std::vector<ByteRange>& exposed = exposed_[static_cast<std::size_t>(rank)];
    const auto in =
        std::upper_bound(exposed.begin(), exposed.end(), bytes.low,
                         [](std::uintptr_t at, const ByteRange& r) { return at < r.high; });
    if (in == exposed.end() || in->low > bytes.low || in->high < bytes.high) return {};
    ByteRange quiet = *in;
    // Clear of what would make an access there more than a record: the rank's shared-memory
    // windows (a second, strict record and other ranks' accesses) and each live operation an
    // access of this kind conflicts with (RemoteRaces::access).
    const auto clip = [&](ByteRange r) {
        if (r.high <= bytes.low)
            quiet.low = std::max(quiet.low, r.high);
        else if (r.low >= bytes.high)
            quiet.high = std::min(quiet.high, r.low);
        else
            quiet = {}; // overlaps the access itself
        return quiet.low < quiet.high;
    };
    for (const ByteRange& r : shared_[static_cast<std::size_t>(rank)])
        if (!clip(r)) return {};
    for (const RemoteOp& op : ops_) {
        if (op.target != rank || knows(op, rank) || (!write && !op.writes)) continue;
        if (!clip(op.bytes)) return {};
    }
    return quiet;
}

bool RemoteRaces::extend_open(std::size_t& record, ByteRange bytes, bool write) {
    TargetAccesses& open = accesses_[record];
    std::vector<ByteRange>& ranges = write ? open.writes : open.reads;
    // record_into would name the site of the first access of the kind: there is one already.
    if (ranges.empty() || (write ? open.write_site : open.read_site) == 0) return false;
    ByteRange& last = ranges.back();
    if (bytes.low < last.low || bytes.low > last.high) return false;
    if (bytes.high <= last.high) return true; // known
    last.high = bytes.high;
    drop_covered_by(record);
    return true;
}

} // namespace rankfold::properties::races
