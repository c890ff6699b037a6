// The simulated OpenSHMEM runtime's state: per PE, its life cycle, its symmetric heap and the
// collective it is in. A value type like MpiWorld (which holds it, so that it is copied into
// every snapshot, compared and hashed with the MPI world). The data itself — symmetric
// variables and heap blocks — lives in the PEs' memory, which snapshots capture anyway.
//
// Collectives (barrier_all, the allocation calls, finalize) are counted per PE: the n-th
// collective of a PE completes once every PE has entered its n-th, which is then checked for
// agreement (the same operation, the same size).
#pragma once

#include "simulated-mpi/interface/Misuse.hpp"
#include "simulated-mpi/interface/Progress.hpp"
#include "simulated-shmem/interface/ShmemCall.hpp"
#include "simulated-shmem/interface/SymmetricHeap.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rankfold::shmem {

// What a PE entered its n-th collective with.
struct CollectiveEntry {
    ShmemOp op = ShmemOp::None;
    std::size_t size = 0;
    friend bool operator==(const CollectiveEntry&, const CollectiveEntry&) = default;
};

struct PeState {
    bool initialized = false;
    bool finalized = false;
    std::uint64_t collectives = 0; // collectives entered
    CollectiveEntry current;       // the last one entered
    CollectiveEntry previous;      // the one before (others may still be completing it)
    SymmetricHeap heap;
    friend bool operator==(const PeState&, const PeState&) = default;
};

struct ShmemFailure {
    mpi::Misuse misuse;
    std::string message;
};

class ShmemWorld {
public:
    explicit ShmemWorld(int pes = 0) : pes_(static_cast<std::size_t>(pes)) {}

    int size() const { return static_cast<int>(pes_.size()); }
    PeState& pe(int pe) { return pes_[static_cast<std::size_t>(pe)]; }
    const PeState& pe(int pe) const { return pes_[static_cast<std::size_t>(pe)]; }
    // Whether any PE has called shmem_init (an MPI-only program leaves the world untouched).
    bool used() const;

    // ---- visible calls (CallKind::Shmem) -----------------------------------------------------
    // Failed sets `failure`.
    mpi::Progress issue(int pe, const ShmemCall& call, std::optional<ShmemFailure>& failure);
    bool ready(int pe, const ShmemCall& call) const;
    mpi::Progress complete(int pe, ShmemCall& call, std::optional<ShmemFailure>& failure);

    // Why `pe` still waits (deadlock reports): the condition and the value seen; `variable`
    // names the address waited on when the checker knows its name.
    std::string waiting_for(int pe, const ShmemCall& call, const std::string& variable = "") const;

    friend bool operator==(const ShmemWorld&, const ShmemWorld&) = default;
    std::uint64_t hash() const;

private:
    // The entry of PE `p` for collective number `n` (1-based), if it has entered it.
    const CollectiveEntry* entry(int p, std::uint64_t n) const;
    std::vector<PeState> pes_;
};

} // namespace rankfold::shmem
