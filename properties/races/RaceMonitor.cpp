#include "properties/races/RaceMonitor.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rankfold::properties::races {

namespace {

ByteRange hull_of(const std::vector<PendingBuffer>& buffers) {
    ByteRange h{};
    for (const PendingBuffer& p : buffers) {
        if (p.bytes.empty()) continue;
        if (h.low == h.high) h = {p.bytes.front().low, p.bytes.back().high};
        h.low = std::min(h.low, p.bytes.front().low);
        h.high = std::max(h.high, p.bytes.back().high);
    }
    return h;
}

const char* use_text(BufferUse use) {
    return use == BufferUse::Writes ? "writes" : "reads";
}

} // namespace

bool RaceState::equals(const MonitorState& other) const {
    const auto* o = dynamic_cast<const RaceState*>(&other);
    return o != nullptr && o->ranks == ranks;
}

void RaceState::fingerprint(snapshot::FingerprintBuilder& into) const {
    into.value(static_cast<std::uint64_t>(ranks.size()));
    for (const auto& buffers : ranks) {
        into.value(static_cast<std::uint64_t>(buffers.size()));
        for (const PendingBuffer& p : buffers) {
            into.value(p.operation);
            into.value(static_cast<std::uint8_t>(p.use));
            into.value(static_cast<std::uint64_t>(p.site));
            into.bytes(p.name.data(), p.name.size());
            into.value(static_cast<std::uint64_t>(p.bytes.size()));
            for (const ByteRange& r : p.bytes) {
                into.value(static_cast<std::uint64_t>(r.low));
                into.value(static_cast<std::uint64_t>(r.high));
            }
        }
    }
}

RaceMonitor::RaceMonitor(Verdicts& verdicts, int ranks, Locate locate)
    : Monitor(verdicts), hulls_(static_cast<std::size_t>(ranks)), locate_(std::move(locate)) {
    state_.ranks.resize(static_cast<std::size_t>(ranks));
}

const std::vector<PendingBuffer>& RaceMonitor::pending(int rank) const {
    return state_.ranks.at(static_cast<std::size_t>(rank));
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

void RaceMonitor::report(int rank, RaceAccess first, RaceAccess second, const std::string& what) {
    Violation v;
    v.kind = ViolationKind::Race;
    v.subkind = "local-buffer";
    v.rank = rank;
    v.location = second.location;
    v.message = what;
    v.race = RacePair{std::move(first), std::move(second)};
    verdicts().report_violation(std::move(v));
}

void RaceMonitor::on_pending_buffers(const PendingBuffersEvent& e) {
    if (e.rank < 0 || e.rank >= static_cast<int>(state_.ranks.size())) return;
    auto& mine = state_.ranks[static_cast<std::size_t>(e.rank)];
    // A newly started operation against every other one still pending.
    for (const PendingBuffer& added : e.buffers) {
        const bool known = std::find(mine.begin(), mine.end(), added) != mine.end();
        if (known) continue;
        for (const PendingBuffer& other : e.buffers) {
            if (&other == &added) break; // the earlier ones (listed in their order)
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
    hulls_[static_cast<std::size_t>(e.rank)] = hull_of(mine);
}

void RaceMonitor::on_memory_access(const MemoryAccessEvent& e) {
    if (e.rank < 0 || e.rank >= static_cast<int>(state_.ranks.size())) return;
    const ByteRange access{e.address, e.address + e.size};
    for (const PendingBuffer& p : state_.ranks[static_cast<std::size_t>(e.rank)]) {
        const auto shared = access_conflict(p, access, e.write);
        if (!shared) continue;
        const char* verb = e.write ? "write" : "read";
        std::string how = *e.routine != '\0' ? fmt::format("{} ({}s)", e.routine, verb)
                                             : std::string(e.write ? "store" : "load");
        RaceAccess second{e.rank, how, locate_ ? locate_(e.site) : std::nullopt, shared->low,
                          shared->high - shared->low};
        report(e.rank, operation_side(e.rank, p, *shared), std::move(second),
               fmt::format("{} of {} bytes at {:#x} while {} is pending on them (it {} its "
                           "buffer until a wait or test completes it)",
                           how, shared->high - shared->low, shared->low, p.name, use_text(p.use)));
        return;
    }
}

std::unique_ptr<MonitorState> RaceMonitor::save() const {
    const bool empty = std::all_of(state_.ranks.begin(), state_.ranks.end(),
                                   [](const auto& b) { return b.empty(); });
    if (empty) return nullptr; // most states: no snapshot cost
    return state_.clone();
}

void RaceMonitor::restore(const MonitorState& state) {
    state_ = dynamic_cast<const RaceState&>(state);
    for (std::size_t r = 0; r < state_.ranks.size(); ++r) hulls_[r] = hull_of(state_.ranks[r]);
}

void RaceMonitor::clear() {
    for (auto& b : state_.ranks) b.clear();
    std::fill(hulls_.begin(), hulls_.end(), ByteRange{});
}

} // namespace rankfold::properties::races
