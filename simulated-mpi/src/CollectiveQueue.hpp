// The collectives in progress on each communicator: the i-th collective call of every member
// belongs to the i-th operation (MPI 3.1 §5.12), which executes once all members have called.
// Because every member calls in the same order, operations complete in order, so only a queue
// per communicator is needed. A value type, part of the MpiWorld state.
#pragma once

#include "simulated-mpi/interface/PendingCollective.hpp"
#include "simulated-mpi/src/StateHasher.hpp"

#include <cstdint>
#include <deque>
#include <vector>

namespace rankfold::mpi {

// Feeds one operation's parts as they stand.
void feed_pending(StateHasher& h, const PendingCollective& op);

class CollectiveQueue {
public:
    // Files the part of `comm_rank` in its next operation on communicator `id` (of `size`
    // members) and returns that operation.
    PendingCollective& arrive(int id, int size, int comm_rank, const CollectivePart& part);
    // The operation `comm_rank`'s next part would join, if another member has begun it.
    const PendingCollective* next(int id, int comm_rank) const;
    // Drops the operation at the head of `id`'s queue, once it has executed.
    void pop(int id);
    // The operation `comm_rank` of `id` waits in (its latest call), or nullptr.
    const PendingCollective* waiting(int id, int comm_rank) const;
    // Forgets a communicator whose id is about to be reused.
    void reset(int id);

    void feed(StateHasher& h) const;
    friend bool operator==(const CollectiveQueue&, const CollectiveQueue&) = default;

private:
    struct PerComm {
        // Per member, its parts in `pending` (counted from the head, so that a loop of
        // collectives comes back to the same state).
        std::vector<std::uint32_t> filed;
        std::deque<PendingCollective> pending;
        friend bool operator==(const PerComm&, const PerComm&) = default;
    };
    std::vector<PerComm> comms_; // by communicator id
};

} // namespace rankfold::mpi
