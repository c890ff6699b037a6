// The buffers of a rank's nonblocking collective (MPI_Ibcast, MPI_Iallreduce, ...), read from
// the call that starts it: what it reads (the send buffer; the root's buffer of a broadcast)
// and what it writes (the receive buffer), each as the bytes its datatype covers. Kinds with
// one count per rank only; the v and w variants and reduce-scatter are not listed yet.
#pragma once

#include "properties/Event.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"

#include <cstdint>
#include <vector>

namespace rankfold::mc {

// The operation id of the collective request in `slot` (apart from point-to-point's slots).
constexpr std::uint64_t collective_operation(int slot) {
    return (std::uint64_t{1} << 32) | static_cast<std::uint32_t>(slot);
}

// Appends the buffers of the nonblocking collective `call` of `rank` (its request in `slot`).
void collective_buffers(const mpi::MpiWorld& world, int rank, const mpi::RankCall& call, int slot,
                        std::vector<properties::PendingBuffer>& out);

} // namespace rankfold::mc
