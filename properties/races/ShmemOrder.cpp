// What orders one PE's OpenSHMEM puts to one target for the race monitor (issue 14 and 16):
// fences and landings.
//
// A put's landing is visible to whoever waits on the word it wrote (a wait_until acquiring
// the landing's carrier). That tells the waiter of this put, and of the origin's earlier puts
// to the target that a fence (shmem_fence, shmem_ctx_fence on the same context) ordered before
// it (Schwitanski, rules R6 and R7; put-with-signal orders its own data before its signal,
// R8). It tells nothing of the earlier puts issued since the last fence, although the
// simulated delivery lands a PE's puts to one target in the order issued: the standard does not
// promise that order without the fence, so reading their data after the wait is a race.
//
// Fences are counted per operation (RemoteOp::fences: how many fences of its origin on its
// window came after its issue) and only compared within one origin, target and window, so
// they are kept densely ranked, 0 standing for the operations still to come: two states whose
// live operations are ordered alike compare equal however many fences the PEs have called.
#include "properties/races/RemoteRaces.hpp"

#include <algorithm>
#include <vector>

namespace rankfold::properties::races {

namespace {

bool same_stream(const RemoteOp& a, const RemoteOp& b) {
    return a.origin == b.origin && a.window == b.window && a.target == b.target;
}

void add_carrier(RemoteOp& op, std::uint64_t token) {
    auto at = std::lower_bound(op.carriers.begin(), op.carriers.end(), token);
    if (at == op.carriers.end() || *at != token) op.carriers.insert(at, token);
}

} // namespace

bool fence_ordered(const RemoteOp& earlier, const RemoteOp& later) {
    return is_shmem_window(earlier.window) && same_stream(earlier, later) &&
           earlier.fences > later.fences;
}

void RemoteRaces::shmem_fence(const RemoteCompletionEvent& e) {
    for (RemoteOp& op : ops_)
        if (op.origin == e.origin && op.window == e.window) ++op.fences;
    rank_fences();
}

void RemoteRaces::shmem_landing(const RemoteCompletionEvent& e) {
    const std::uint64_t origin = e.origin >= 0 && e.origin < 64 ? 1ULL << e.origin : 0;
    const auto of_stream = [&](const RemoteOp& op) {
        return op.origin == e.origin && op.window == e.window && op.target == e.target;
    };
    // The operation that landed: of its stream, the oldest not landed yet with those bytes
    // (a stream lands in the order issued, ShmemDelivery.cpp).
    bool found = false;
    std::uint32_t epoch = 0;
    for (const ByteRange range : {e.landed, e.landed_signal}) {
        if (range.low >= range.high) continue;
        const auto it = std::find_if(ops_.begin(), ops_.end(), [&](const RemoteOp& op) {
            return of_stream(op) && !op.landed && op.bytes == range;
        });
        if (it == ops_.end()) continue;
        it->landed = true;
        if (e.carrier != 0) add_carrier(*it, e.carrier);
        if (!found) epoch = it->fences;
        found = true;
    }
    for (RemoteOp& op : ops_) {
        if (op.origin != e.origin || op.target != e.target || !is_shmem_window(op.window)) continue;
        // What the origin had completed itself (a quiet, on any context) before this landing
        // goes with it.
        const bool origin_knew = op.completed && (op.knowers & origin) != 0;
        if (op.window == e.window) {
            const bool fenced_before = found && op.fences > epoch;
            op.completed = true; // the stream has landed up to here
            if (e.carrier != 0 && (fenced_before || origin_knew)) add_carrier(op, e.carrier);
        } else if (e.carrier != 0 && origin_knew) {
            add_carrier(op, e.carrier);
        }
    }
}

void RemoteRaces::rank_fences() {
    std::vector<bool> done(ops_.size(), false);
    for (std::size_t i = 0; i < ops_.size(); ++i) {
        if (done[i] || !is_shmem_window(ops_[i].window)) continue;
        std::vector<std::uint32_t> values{0};
        for (std::size_t j = i; j < ops_.size(); ++j)
            if (same_stream(ops_[i], ops_[j])) values.push_back(ops_[j].fences);
        std::sort(values.begin(), values.end());
        values.erase(std::unique(values.begin(), values.end()), values.end());
        for (std::size_t j = i; j < ops_.size(); ++j) {
            if (!same_stream(ops_[i], ops_[j])) continue;
            ops_[j].fences = static_cast<std::uint32_t>(
                std::lower_bound(values.begin(), values.end(), ops_[j].fences) - values.begin());
            done[j] = true;
        }
    }
}

} // namespace rankfold::properties::races
