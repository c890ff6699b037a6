// What a rank still holds when it calls MPI_Finalize: requests never completed or freed,
// persistent requests never started, and communicators, groups, datatypes and operators never
// freed, messages a matched probe took and nothing received. Each is reported where the object
// was made.
// What a PE still holds when it calls shmem_finalize: teams it never destroyed.
#pragma once

#include "simulated-mpi/interface/Misuse.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace rankfold::mc {

struct Leak {
    mpi::Misuse misuse; // RequestLeak, PersistentNotStarted or ResourceLeak
    std::string message;
    std::uintptr_t site; // where the object was created
};

// Matched messages (MPI_Mprobe) record no site: those leaks are reported at `finalize_site`.
std::vector<Leak> finalize_leaks(const mpi::MpiWorld& world, int rank,
                                 std::uintptr_t finalize_site);
// Teams record no creation site: these leaks are reported at `finalize_site`.
std::vector<Leak> shmem_finalize_leaks(const mpi::MpiWorld& world, int pe,
                                       std::uintptr_t finalize_site);

} // namespace rankfold::mc
