#include "simulated-mpi/src/OpTable.hpp"

#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/StateHasher.hpp"

#include <algorithm>
#include <cstdint>

namespace rankfold::mpi {

MPI_Op OpTable::create(MPI_User_function* fn, bool commute, std::uintptr_t site) {
    // Lowest free slot first: the same history always yields the same handle values.
    auto it = std::find_if(slots_.begin(), slots_.end(),
                           [](const std::optional<UserOp>& s) { return !s.has_value(); });
    const auto slot = static_cast<std::size_t>(it - slots_.begin());
    if (kFirstIndex + slot > static_cast<std::size_t>(kMaxHandleIndex)) return MPI_OP_NULL;
    if (it == slots_.end()) slots_.emplace_back();
    slots_[slot] = UserOp{fn, commute, site};
    return make_handle(RF_KIND_OP, kFirstIndex + static_cast<int>(slot));
}

bool OpTable::free(MPI_Op op) {
    auto slot = slot_of(op);
    if (!slot) return false;
    slots_[*slot].reset();
    // Trailing free slots are dropped so that equal histories give equal tables.
    while (!slots_.empty() && !slots_.back()) slots_.pop_back();
    return true;
}

const UserOp* OpTable::find(MPI_Op op) const {
    auto slot = slot_of(op);
    return slot ? &*slots_[*slot] : nullptr;
}

std::vector<LiveOp> OpTable::live() const {
    std::vector<LiveOp> out;
    for (std::size_t i = 0; i < slots_.size(); ++i)
        if (slots_[i])
            out.push_back({make_handle(RF_KIND_OP, kFirstIndex + static_cast<int>(i)), *slots_[i]});
    return out;
}

std::optional<std::size_t> OpTable::slot_of(MPI_Op op) const {
    auto index = handle_index(op, RF_KIND_OP);
    if (!index || *index < kFirstIndex) return std::nullopt;
    const auto slot = static_cast<std::size_t>(*index - kFirstIndex);
    if (slot >= slots_.size() || !slots_[slot]) return std::nullopt;
    return slot;
}

// The live operators with their handles determine the table: trailing free slots never exist.
void feed(StateHasher& h, const OpTable& ops) {
    const std::vector<LiveOp> live = ops.live();
    h.value(static_cast<std::uint64_t>(live.size()));
    for (const LiveOp& l : live) {
        h.value(l.handle);
        h.value(static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(l.op.fn)));
        h.value(static_cast<std::uint8_t>(l.op.commute));
        h.value(static_cast<std::uint64_t>(l.op.site));
    }
}

} // namespace rankfold::mpi
