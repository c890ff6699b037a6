// The ranks as the runtime holds them: each rank's fiber, heap, control state (RankControl) and
// what its reports need, and which rank is running now. The transition system reads and sets
// the ranks' status and calls here; snapshots take and put back the control states.
#pragma once

#include "mc/runtime/CrashHandler.hpp"
#include "mc/runtime/RankControl.hpp"
#include "mc/runtime/RankFiber.hpp"
#include "snapshot/RankArena.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

namespace rankfold::mc {

struct RankSlot {
    int id = 0;
    RankControl control;
    std::unique_ptr<RankFiber> fiber;
    snapshot::RankArena* arena = nullptr;
    const char* last_call = nullptr; // the last visible MPI call, for reports
    std::uintptr_t last_site = 0;
    CrashTarget crash_target;
};

class RankTable {
public:
    explicit RankTable(int ranks) : slots_(static_cast<std::size_t>(ranks)) {
        for (int r = 0; r < ranks; ++r) slots_[r].id = r;
    }

    int size() const { return static_cast<int>(slots_.size()); }
    RankStatus status(int rank) const { return slots_[rank].control.status; }
    void set_status(int rank, RankStatus status) { slots_[rank].control.status = status; }
    // The visible call `rank` waits in (AtCall or Blocked): on the rank's own stack.
    mpi::RankCall& call(int rank) const { return *slots_[rank].control.call; }
    bool all_finished() const {
        return std::all_of(slots_.begin(), slots_.end(), [](const RankSlot& r) {
            return r.control.status == RankStatus::Finished;
        });
    }
    const RankFiber& fiber(int rank) const { return *slots_[rank].fiber; }

    // Snapshots: each rank's control state with where its fiber resumes.
    std::vector<RankControl> controls() const;
    void set_controls(const std::vector<RankControl>& controls);

    // The runtime's own access: a rank's slot, and the rank on its fiber now (-1: none).
    RankSlot& slot(int rank) { return slots_[rank]; }
    int running() const { return running_; }
    void set_running(int rank) { running_ = rank; }
    RankSlot& running_slot() { return slots_[running_]; }

private:
    std::vector<RankSlot> slots_;
    int running_ = -1;
};

} // namespace rankfold::mc
