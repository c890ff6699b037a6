// The transport of --workers-mpi: this process is one worker of an MPI job that mpiexec
// started (one rankfold-run per process), and MPICH carries the messages. rankfold-run defines
// the simulated MPI_* functions the checked program links against, so it cannot load libmpich
// itself; it forks and execs rankfold-mpi-bridge (next to rankfold-run, or
// $RANKFOLD_MPI_BRIDGE), which inherits the job's PMI environment, and talks to it over a
// socket pair (bridge/rankfold_mpi_bridge.c).
#pragma once

#include "mc/parallel/FrameStream.hpp"
#include "mc/parallel/Inbox.hpp"
#include "mc/parallel/Transport.hpp"

#include <sys/types.h>

#include <memory>

namespace rankfold::mc::parallel {

class BridgeTransport final : public Transport {
public:
    BridgeTransport();
    ~BridgeTransport() override;
    BridgeTransport(const BridgeTransport&) = delete;
    BridgeTransport& operator=(const BridgeTransport&) = delete;

    int self() const override { return self_; }
    int size() const override { return size_; }
    void send(int to, const std::string& bytes) override;
    bool receive(int& from, std::string& bytes) override;
    // A system call: asked only every few transitions.
    bool maybe_pending() override;
    void wait(int timeout_ms) override;
    bool lost(int peer) const override { return peer != self_ && stream_->closed(); }
    // The worker is done: the bridge leaves the MPI job (a barrier with the others).
    void finish();
    // The worker ends with an error: the bridge aborts the whole MPI job, since the others
    // would wait for this worker for ever (mpiexec ends them all).
    void abort();

private:
    std::unique_ptr<FrameStream> stream_;
    pid_t bridge_ = -1;
    int self_ = 0;
    int size_ = 1;
    Inbox inbox_;
    unsigned calls_ = 0;
};

} // namespace rankfold::mc::parallel
