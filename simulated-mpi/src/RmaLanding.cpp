// RmaLanding: the effect of each kind of RMA operation at its target.
#include "simulated-mpi/src/RmaLanding.hpp"

#include "simulated-mpi/interface/RankGate.hpp"
#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/ReduceOp.hpp"
#include "simulated-mpi/src/TypePacking.hpp"

#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

namespace rankfold::mpi {
namespace {

constexpr std::uintptr_t kAtomicWordBytes = 16;

void* target_address(const PendingRma& op, const WindowMember& target) {
    return reinterpret_cast<void*>(target.base + static_cast<std::uintptr_t>(op.target_offset));
}

// inout = in op inout, element-wise on the basic type the target datatype repeats (checked
// when the operation was issued).
void combine(const PendingRma& op, const std::byte* in, Payload& inout) {
    if (op.op == MPI_NO_OP) return;
    const auto run = reduction_elements(op.op, op.target_map->signature());
    if (!run) return;
    const MPI_Datatype basic = make_handle(RF_KIND_DATATYPE, static_cast<int>(run->basic));
    const std::size_t elements = run->count * static_cast<std::size_t>(op.target_count);
    apply_predefined(op.op, basic, in, inout.data(), elements);
}

// The target bytes of a word-sized accumulate as ascending, disjoint, non-adjacent runs (the
// race monitor follows an operation run by run: mc/system/RemoteOrder, typemap_bytes).
std::vector<std::pair<std::uintptr_t, std::uintptr_t>> word_runs(const PendingRma& op,
                                                                 std::uintptr_t at) {
    std::vector<std::pair<std::uintptr_t, std::uintptr_t>> runs;
    for (int k = 0; k < op.target_count; ++k) {
        const std::uintptr_t element =
            at +
            static_cast<std::uintptr_t>(static_cast<std::int64_t>(k) * op.target_map->extent());
        for (const TypeBlock& b : op.target_map->blocks()) {
            const std::uintptr_t low = element + static_cast<std::uintptr_t>(b.disp);
            if (b.length > 0) runs.emplace_back(low, low + b.length);
        }
    }
    std::sort(runs.begin(), runs.end());
    std::vector<std::pair<std::uintptr_t, std::uintptr_t>> merged;
    for (const auto& r : runs) {
        if (!merged.empty() && r.first <= merged.back().second)
            merged.back().second = std::max(merged.back().second, r.second);
        else
            merged.push_back(r);
    }
    return merged;
}

} // namespace

bool land(const PendingRma& op, const WindowMember& target, std::string& why) {
    void* at = target_address(op, target);
    const auto count = static_cast<std::uint64_t>(op.target_count);
    if (op.kind == RmaKind::Put) {
        if (unpack(op.origin_data.data(), op.origin_data.size(), *op.target_map, at)) return true;
        why = "the target window's memory is not writable";
        return false;
    }
    Payload current;
    if (!pack(at, count, *op.target_map, current)) {
        why = "the target window's memory is not readable";
        return false;
    }
    if (fetches(op.kind) && !unpack(current.data(), current.size(), *op.result_map, op.result)) {
        why = "the origin's result buffer is not writable";
        return false;
    }
    if (op.kind == RmaKind::Get) return true;
    if (op.kind == RmaKind::CompareAndSwap) {
        if (current.size() != op.compare_data.size() ||
            std::memcmp(current.data(), op.compare_data.data(), current.size()) != 0)
            return true;
        current = op.origin_data;
    } else {
        combine(op, op.origin_data.data(), current);
    }
    if (unpack(current.data(), current.size(), *op.target_map, at)) return true;
    why = "the target window's memory is not writable";
    return false;
}

bool land_and_report(Window& w, int origin, std::size_t index, std::string& why) {
    std::vector<PendingRma>& pending = w.members[static_cast<std::size_t>(origin)].pending;
    const PendingRma op = std::move(pending[index]);
    pending.erase(pending.begin() + static_cast<std::ptrdiff_t>(index));
    const WindowMember& target = w.members[static_cast<std::size_t>(op.target)];
    const bool ok = land(op, target, why);
    // The delivery event marks the moment the target's bytes change (or are read), so the race
    // monitor orders it with the target's own accesses.
    if (RankGate* gate = installed_rank_gate(); gate != nullptr && op.target_count > 0) {
        const auto at = target.base + static_cast<std::uintptr_t>(op.target_offset);
        const std::int64_t last = (op.target_count - 1) * op.target_map->extent();
        const int from = w.members[static_cast<std::size_t>(origin)].world_rank;
        const std::uintptr_t begin = at + static_cast<std::uintptr_t>(op.target_map->true_lb());
        const std::uintptr_t end =
            at + static_cast<std::uintptr_t>(last + op.target_map->true_ub());
        gate->delivered(from, target.world_rank, begin, end, op.kind != RmaKind::Get, op.site);
        // Synchronisation through an atomic is through a word (a flag, a counter, a queue's
        // tail); the rows of a strided accumulate are data, and their tokens would only grow
        // every known item's carriers (MPICH's strided_acc_onelock).
        // Run by run, as the race monitor knows the operation.
        if (accumulates(op.kind) && end - begin <= kAtomicWordBytes)
            for (const auto& [low, high] : word_runs(op, at))
                gate->atomic_landed(from, target.world_rank, low, high, fetches(op.kind),
                                    op.op != MPI_NO_OP);
    }
    return ok;
}

bool land_pending(Window& w, int origin, int target, std::string& why) {
    std::vector<PendingRma>& pending = w.members[static_cast<std::size_t>(origin)].pending;
    bool ok = true;
    for (std::size_t i = 0; i < pending.size();) {
        if (target >= 0 && pending[i].target != target) {
            ++i;
            continue;
        }
        ok = land_and_report(w, origin, i, why) && ok;
    }
    return ok;
}

} // namespace rankfold::mpi
