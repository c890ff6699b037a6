// How the workers of a parallel search reach each other: messages (opaque bytes) between worker
// numbers 0..size-1, in order between each pair. Two implementations: SocketMesh (processes
// forked on one machine, --jobs) and BridgeTransport (MPICH through a bridge process,
// --workers-mpi). The protocol above (ParallelWorker) is the same over both.
#pragma once

#include <cstdint>
#include <string>

namespace rankfold::mc::parallel {

struct TransportCounters {
    std::uint64_t messages_sent = 0;
    std::uint64_t bytes_sent = 0;
    std::uint64_t messages_received = 0;
};

class Transport {
public:
    virtual ~Transport() = default;
    virtual int self() const = 0;
    virtual int size() const = 0;
    virtual void send(int to, const std::string& bytes) = 0;
    // Takes a message that has arrived, if any; never blocks.
    virtual bool receive(int& from, std::string& bytes) = 0;
    // Cheap (called between two transitions): false only if receive would find nothing.
    virtual bool maybe_pending() = 0;
    // Blocks until a message may have arrived or `timeout_ms` has passed.
    virtual void wait(int timeout_ms) = 0;
    // Whether `peer` has gone (its end closed): a worker that died cannot report.
    virtual bool lost(int /*peer*/) const { return false; }
    const TransportCounters& counters() const { return counters_; }

protected:
    TransportCounters counters_;
};

} // namespace rankfold::mc::parallel
