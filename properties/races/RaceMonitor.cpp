#include "properties/races/RaceMonitor.hpp"

#include "properties/races/FutureKey.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rankfold::properties::races {

namespace {

ByteRange hull_of(const std::vector<PendingBuffer>& buffers) {
    ByteRange h{};
    for (const PendingBuffer& p : buffers)
        if (!p.bytes.empty()) h = widened(h, {p.bytes.front().low, p.bytes.back().high});
    return h;
}

const char* use_text(BufferUse use) {
    return use == BufferUse::Writes ? "writes" : "reads";
}

// How a report names a rank's own access: the libc routine that made it ("memcpy (writes)"),
// or a plain load or store of the program.
std::string access_text(const char* routine, bool write) {
    if (*routine == '\0') return write ? "store" : "load";
    return fmt::format("{} ({}s)", routine, write ? "write" : "read");
}

} // namespace

bool RaceState::equals(const MonitorState& other) const {
    const auto* o = dynamic_cast<const RaceState*>(&other);
    return o != nullptr && o->ranks == ranks && future_key(o->remote) == future_key(remote);
}

void RaceState::fingerprint(snapshot::FingerprintBuilder& into) const {
    feed(into, nullptr);
}

void RaceState::fingerprint_semantic(snapshot::FingerprintBuilder& into,
                                     const InHeap& in_heap) const {
    feed(into, &in_heap);
}

void RaceState::feed(snapshot::FingerprintBuilder& into, const InHeap* in_heap) const {
    // No user-space address: a range's start is fed as this mark or as itself.
    constexpr std::uint64_t kHeapMark = 0xb10c'0000'0000'00feULL;
    into.value(static_cast<std::uint64_t>(ranks.size()));
    for (std::size_t rank = 0; rank < ranks.size(); ++rank) {
        const auto& buffers = ranks[rank];
        into.value(static_cast<std::uint64_t>(buffers.size()));
        for (const PendingBuffer& p : buffers) {
            into.value(p.operation);
            into.value(static_cast<std::uint8_t>(p.use));
            into.value(static_cast<std::uint64_t>(p.site));
            into.bytes(p.name.data(), p.name.size());
            into.value(static_cast<std::uint64_t>(p.bytes.size()));
            for (const ByteRange& r : p.bytes) {
                const bool heap =
                    in_heap != nullptr && (*in_heap)(static_cast<int>(rank), r.low, r.high);
                into.value(heap ? kHeapMark : static_cast<std::uint64_t>(r.low));
                into.value(static_cast<std::uint64_t>(heap ? r.high - r.low : r.high));
            }
        }
    }
    // The remote half by what its future depends on (FutureKey.hpp), not by how it was reached;
    // its ranges in live heap blocks as marks (the roots: RaceMonitor::heap_roots).
    const std::vector<std::uint64_t> key = future_key(remote, in_heap);
    into.value(static_cast<std::uint64_t>(key.size()));
    into.bytes(key.data(), key.size() * sizeof key[0]);
}

RaceMonitor::RaceMonitor(Verdicts& verdicts, int ranks, Locate locate)
    : Monitor(verdicts), hulls_(static_cast<std::size_t>(ranks)), locate_(std::move(locate)) {
    state_.ranks.resize(static_cast<std::size_t>(ranks));
    state_.remote = RemoteRaces(ranks);
}

void RaceMonitor::heap_roots(int rank, std::vector<std::uintptr_t>& out) const {
    for (const PendingBuffer& p : pending(rank))
        for (const ByteRange& r : p.bytes) out.push_back(r.low);
    future_roots(state_.remote, rank, out);
}

ByteRange RaceMonitor::hull(int rank) const {
    return rank >= 0 && rank < static_cast<int>(hulls_.size())
               ? hulls_[static_cast<std::size_t>(rank)]
               : ByteRange{};
}

RaceAccess RaceMonitor::operation_side(int rank, const PendingBuffer& p, ByteRange bytes) const {
    return {rank, fmt::format("{} ({} the buffer until it completes)", p.name, use_text(p.use)),
            locate_ ? locate_(p.site) : std::nullopt, bytes.low, bytes.high - bytes.low};
}

void RaceMonitor::report(int rank, RaceAccess first, RaceAccess second, const std::string& what,
                         const char* subkind) {
    Violation v;
    v.kind = ViolationKind::Race;
    v.subkind = subkind;
    v.rank = rank;
    v.location = second.location;
    v.message = what;
    v.race = RacePair{std::move(first), std::move(second)};
    verdicts().report_violation(std::move(v));
}

void RaceMonitor::on_pending_buffers(const PendingBuffersEvent& e) {
    if (e.rank < 0 || e.rank >= static_cast<int>(state_.ranks.size())) return;
    auto& mine = changing().ranks[static_cast<std::size_t>(e.rank)];
    // Which listed buffers were pending before: each is matched to one recorded buffer equal to
    // it, as a multiset. Ids need not tell buffers apart (an RMA result buffer's is its window
    // only: PendingBuffers.cpp), so two MPI_Get_accumulate of one call into one result buffer
    // are two buffers, and a third is new. Both lists are mostly in start order: the search
    // resumes after the last match, so that a rank with thousands of pending operations
    // (MPICH's rma/test5) costs a walk per step.
    matched_.assign(mine.size(), 0);
    added_.assign(e.buffers.size(), 0);
    std::size_t resume = 0;
    bool any_added = false;
    for (std::size_t i = 0; i < e.buffers.size(); ++i) {
        const std::size_t at = unmatched(mine, e.buffers[i], resume);
        if (at < mine.size()) {
            matched_[at] = 1;
            resume = at + 1;
            continue;
        }
        added_[i] = 1;
        any_added = true;
    }
    // A new buffer against every other one pending: those listed before it, and those listed
    // after it that were pending already (a later new one is checked against it in its turn).
    // The list is in start order within each kind only (request slots, RMA result buffers,
    // fetch buffers, collectives): a receive started while a get's result buffer is pending is
    // listed before it.
    for (std::size_t i = 0; any_added && i < e.buffers.size(); ++i) {
        if (added_[i] == 0) continue;
        const PendingBuffer& added = e.buffers[i];
        for (std::size_t j = 0; j < e.buffers.size(); ++j) {
            if (j == i || (j > i && added_[j] != 0)) continue;
            const PendingBuffer& other = e.buffers[j];
            const auto shared = operations_conflict(other, added);
            if (!shared) continue;
            report(e.rank, operation_side(e.rank, other, *shared),
                   operation_side(e.rank, added, *shared),
                   fmt::format("{} started on {} bytes at {:#x} that the pending {} {}", added.name,
                               shared->high - shared->low, shared->low, other.name,
                               other.use == BufferUse::Writes ? "writes" : "reads"));
            return;
        }
    }
    mine.assign(e.buffers.begin(), e.buffers.end());
    update_hulls();
}

std::size_t RaceMonitor::unmatched(const std::vector<PendingBuffer>& mine,
                                   const PendingBuffer& buffer, std::size_t from) const {
    for (std::size_t k = from; k < mine.size(); ++k)
        if (matched_[k] == 0 && mine[k] == buffer) return k;
    for (std::size_t k = 0; k < from && k < mine.size(); ++k)
        if (matched_[k] == 0 && mine[k] == buffer) return k;
    return mine.size();
}

bool RaceMonitor::extend_run(const MemoryAccessEvent& e) {
    if (run_.rank != e.rank || run_.write != e.write || e.address < run_.quiet.low ||
        e.address + e.size > run_.quiet.high)
        return false;
    return state_.remote.extend_open(run_.record, {e.address, e.address + e.size}, e.write);
}

void RaceMonitor::start_run(const MemoryAccessEvent& e) {
    const ByteRange access{e.address, e.address + e.size};
    const auto record = state_.remote.open_record(e.rank);
    if (!record) return;
    ByteRange quiet = state_.remote.quiet_around(e.rank, access, e.write);
    for (const PendingBuffer& p : state_.ranks[static_cast<std::size_t>(e.rank)]) {
        if (!e.write && p.use == BufferUse::Reads) continue; // access_conflict's rule
        for (const ByteRange& r : p.bytes) {
            if (r.high <= access.low)
                quiet.low = std::max(quiet.low, r.high);
            else if (r.low >= access.high)
                quiet.high = std::min(quiet.high, r.low);
            else
                return;
        }
    }
    if (quiet.low > access.low || quiet.high < access.high) return;
    run_ = {e.rank, e.write, quiet, *record};
}

void RaceMonitor::on_memory_access(const MemoryAccessEvent& e) {
    if (e.rank < 0 || e.rank >= static_cast<int>(state_.ranks.size())) return;
    if (extend_run(e)) return;
    const ByteRange access{e.address, e.address + e.size};
    if (const auto remote =
            changing().remote.record_and_check(e.rank, access, e.write, e.site, e.routine)) {
        std::string how = access_text(e.routine, e.write);
        const ByteRange b = remote->bytes;
        RaceAccess second{e.rank, how, locate_ ? locate_(e.site) : std::nullopt, b.low,
                          b.high - b.low};
        if (remote->earlier != nullptr)
            return report_shared_access(e.rank, how, std::move(second), *remote);
        report(e.rank, remote_side(*remote->op, b), std::move(second),
               fmt::format("{} of {} bytes at {:#x} of rank {} races with the {} of rank {} "
                           "(it occupies them from its issue until rank {} synchronises with "
                           "its completion)",
                           how, b.high - b.low, b.low, e.rank, remote->op->name, remote->op->origin,
                           e.rank),
               "remote");
        return;
    }
    for (const PendingBuffer& p : state_.ranks[static_cast<std::size_t>(e.rank)]) {
        const auto shared = access_conflict(p, access, e.write);
        if (!shared) continue;
        std::string how = access_text(e.routine, e.write);
        RaceAccess second{e.rank, how, locate_ ? locate_(e.site) : std::nullopt, shared->low,
                          shared->high - shared->low};
        report(
            e.rank, operation_side(e.rank, p, *shared), std::move(second),
            fmt::format("{} of {} bytes at {:#x} while {} is pending on them (it {} its "
                        "buffer until it completes: a wait or test; a flush, unlock or fence for a "
                        "one-sided operation)",
                        how, shared->high - shared->low, shared->low, p.name, use_text(p.use)));
        return;
    }
    start_run(e);
}

// Two ranks' direct accesses to one shared-memory window's bytes.
void RaceMonitor::report_shared_access(int rank, const std::string& how, RaceAccess second,
                                       const RemoteConflict& c) {
    const TargetAccesses& a = *c.earlier;
    std::string earlier =
        access_text(c.earlier_write ? a.write_routine : a.read_routine, c.earlier_write);
    const std::uintptr_t site = c.earlier_write ? a.write_site : a.read_site;
    const ByteRange b = c.bytes;
    RaceAccess first{a.rank, earlier, locate_ ? locate_(site) : std::nullopt, b.low,
                     b.high - b.low};
    report(rank, std::move(first), std::move(second),
           fmt::format("{} of {} bytes at {:#x} of a shared-memory window by rank {} races with "
                       "the {} of rank {}: no MPI_Win_sync of rank {}, synchronisation, and "
                       "MPI_Win_sync of rank {} order them (MPI 3.1 §11.7)",
                       how, b.high - b.low, b.low, rank, earlier, a.rank, a.rank, rank),
           "remote");
}

void RaceMonitor::on_sync(const SyncEvent& e) {
    changing().remote.sync(e);
    update_hulls();
}

void RaceMonitor::on_remote_op(const RemoteOpEvent& e) {
    if (const auto c = changing().remote.issue(e)) return report_remote_op(e, *c);
    update_hulls();
}

void RaceMonitor::report_remote_op(const RemoteOpEvent& e, const RemoteConflict& c) {
    const ByteRange b = c.bytes;
    const RaceAccess second{e.origin, fmt::format("{} to rank {}", e.name, e.target),
                            locate_ ? locate_(e.site) : std::nullopt, b.low, b.high - b.low};
    if (c.op != nullptr) {
        report(e.origin, remote_side(*c.op, b), second,
               fmt::format("{} of rank {} on {} bytes at {:#x} of rank {} races with the {} of "
                           "rank {} on them: no synchronisation orders the first's completion "
                           "before the second",
                           e.name, e.origin, b.high - b.low, b.low, e.target, c.op->name,
                           c.op->origin),
               "remote");
        return;
    }
    const TargetAccesses& a = *c.earlier;
    std::string how =
        access_text(c.earlier_write ? a.write_routine : a.read_routine, c.earlier_write);
    const std::uintptr_t site = c.earlier_write ? a.write_site : a.read_site;
    RaceAccess first{a.rank, how, locate_ ? locate_(site) : std::nullopt, b.low, b.high - b.low};
    report(e.origin, std::move(first), second,
           fmt::format("{} of rank {} on {} bytes at {:#x} of rank {} races with that rank's "
                       "own {} of them: no synchronisation orders the {} before the operation",
                       e.name, e.origin, b.high - b.low, b.low, e.target, how, how),
           "remote");
}

void RaceMonitor::on_exposed_memory(const ExposedMemoryEvent& e) {
    changing().remote.expose(e.rank, {e.bytes.begin(), e.bytes.end()},
                             {e.shared.begin(), e.shared.end()});
    update_hulls();
}

void RaceMonitor::on_remote_completion(const RemoteCompletionEvent& e) {
    if (state_.remote.empty()) return;
    changing().remote.complete(e);
    update_hulls();
}

RaceAccess RaceMonitor::remote_side(const RemoteOp& op, ByteRange bytes) const {
    return {op.origin, fmt::format("{} to rank {}", op.name, op.target),
            locate_ ? locate_(op.site) : std::nullopt, bytes.low, bytes.high - bytes.low};
}

void RaceMonitor::update_hulls() {
    for (std::size_t r = 0; r < state_.ranks.size(); ++r) {
        hulls_[r] = widened(hull_of(state_.ranks[r]), state_.remote.hull(static_cast<int>(r)));
    }
}

std::unique_ptr<MonitorState> RaceMonitor::save() const {
    const bool empty = state_.remote.empty() && state_.remote.exposes_nothing() &&
                       std::all_of(state_.ranks.begin(), state_.ranks.end(),
                                   [](const auto& b) { return b.empty(); });
    if (empty) return nullptr; // most states: no snapshot cost
    return state_.clone();
}

void RaceMonitor::restore(const MonitorState& state) {
    changing() = dynamic_cast<const RaceState&>(state);
    update_hulls();
}

void RaceMonitor::clear() {
    RaceState& s = changing();
    for (auto& b : s.ranks) b.clear();
    s.remote.clear();
    std::fill(hulls_.begin(), hulls_.end(), ByteRange{});
}

} // namespace rankfold::properties::races
