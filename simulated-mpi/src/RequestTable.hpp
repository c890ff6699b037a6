// Every rank's request slots, a value type and part of MpiWorld. A handle (MPI_Request) is the
// index of its slot; the lowest free slot is reused first and trailing free slots are dropped,
// so that equal histories give equal tables and equal handle values.
#pragma once

#include "simulated-mpi/interface/Request.hpp"

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace rankfold::mpi {

class StateHasher;

class RequestTable {
public:
    explicit RequestTable(int ranks) : slots_(static_cast<std::size_t>(ranks)) {}

    // A free slot of `rank` (the lowest), created past the end if there is none.
    int create(int rank);
    Request& at(int rank, int slot) { return slots_[rank][slot]; }
    const Request& at(int rank, int slot) const { return slots_[rank][slot]; }
    // The request behind `handle`, or nullptr for a malformed, unknown or free one.
    const Request* find(int rank, MPI_Request handle) const;
    Request* find(int rank, MPI_Request handle);
    // Slot `slot` (free or not), nullptr past the end of the table.
    const Request* slot(int rank, int slot) const;
    // Every slot of `rank` (free or not), for loops run at each call.
    std::span<const Request> of(int rank) const { return slots_[rank]; }
    void release(int rank, int slot);
    // The operation finished: a wait or test may return it now; a request the program freed
    // while it was active goes away.
    void finish(int rank, int slot);
    // A receive's message was delivered: it finishes, unless it is an MPI_Isendrecv whose send
    // half is still pending (it finishes with that).
    void receive_arrived(int rank, int slot);
    // Requests of `rank` that are active, or completed but never waited for.
    std::vector<const Request*> unfinished(int rank) const;

    // Feeds `rank`'s table, consistently with operator==. A buffer address for which
    // `heap_root` holds is fed as a mark, not a number: semantic equality's heap canonical form
    // feeds it as a root (block and offset), where it is the same whatever the block's address.
    // `heap_root(rank, low, high)`: whether `low` lies in a live heap block of `rank` that holds
    // all of [low, high) too (high <= low: `low` alone), so that the root's block and offset
    // say where every byte of the range lies.
    using HeapRoot = std::function<bool(int rank, std::uintptr_t low, std::uintptr_t high)>;
    void feed(StateHasher& h, int rank, const HeapRoot* heap_root = nullptr) const;
    friend bool operator==(const RequestTable&, const RequestTable&) = default;

private:
    std::vector<std::vector<Request>> slots_; // per rank
};

} // namespace rankfold::mpi
