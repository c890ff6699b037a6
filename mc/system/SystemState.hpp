// The components of the system's state, registered in one StateRegistry (DESIGN.md §5): what a
// snapshot captures, restores, fingerprints and compares. A new part of the state (the SHMEM
// world, a monitor's automaton) registers itself here; nothing else changes.
//
//   memory      every rank's globals, live stack and heap (RegionSnapshot, page-shared)
//   mpi-world   the simulated MPI (a value copy)
//   ranks       each rank's status, call and fiber context
//   closure     whether posts wait for the matching round
//   monitors    the path's violation and every monitor's state
//   output      how much each rank has printed (restored, but not part of the state's identity)
#pragma once

#include "mc/runtime/RankRuntime.hpp"
#include "mc/runtime/SystemMemory.hpp"
#include "mc/system/SystemSnapshot.hpp"
#include "properties/MonitorSet.hpp"

#include <memory>
#include <string>

namespace rankfold::mc {

class SystemState {
public:
    // Indices of the components, in registration order.
    enum Component : std::size_t { Memory, World, Ranks, Closure, Monitors, Output };

    SystemState(RankRuntime& runtime, mpi::MpiWorld& world, properties::MonitorSet& monitors,
                bool& unmatched_posts, bool page_sharing,
                StateEquality equality = StateEquality::Exact);

    SystemSnapshot capture() { return registry_.capture(); }
    // See StateRegistry::capture_deferred.
    SystemSnapshot capture_deferred() { return registry_.capture_deferred(); }
    void complete(SystemSnapshot& snapshot) { registry_.complete(snapshot); }
    // See StateRegistry::capture_unfingerprinted.
    SystemSnapshot capture_unfingerprinted() { return registry_.capture_unfingerprinted(); }
    void restore(const SystemSnapshot& s) { registry_.restore(s); }
    snapshot::StateRegistry& registry() { return registry_; }
    // What differs between two snapshots, for self-tests: every component that does, with the
    // memory regions, matching queues and rank controls spelled out ("" when they are equal).
    std::string describe_difference(const SystemSnapshot& a, const SystemSnapshot& b) const;
    SystemMemory& memory() { return *memory_; }

private:
    std::unique_ptr<SystemMemory> memory_;
    snapshot::StateRegistry registry_;
};

} // namespace rankfold::mc
