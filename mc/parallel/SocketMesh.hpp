// The transport of --jobs K: K processes forked from one, a socket pair between every two, and
// a shared page of arrival counters so that "did anything arrive?" between two transitions is
// one load instead of a system call. Made before the fork; each process then keeps its own ends
// (for_worker).
#pragma once

#include "mc/parallel/FrameStream.hpp"
#include "mc/parallel/Inbox.hpp"
#include "mc/parallel/Transport.hpp"

#include <atomic>
#include <memory>
#include <vector>

namespace rankfold::mc::parallel {

class SocketMesh final : public Transport {
public:
    explicit SocketMesh(int workers);
    ~SocketMesh() override;
    SocketMesh(const SocketMesh&) = delete;
    SocketMesh& operator=(const SocketMesh&) = delete;
    // In worker `w`'s process after the fork: closes the other workers' ends.
    void for_worker(int w);

    int self() const override { return self_; }
    int size() const override { return workers_; }
    void send(int to, const std::string& bytes) override;
    bool receive(int& from, std::string& bytes) override;
    bool maybe_pending() override {
        return !inbox_.empty() || arrivals_[self_].load(std::memory_order_acquire) != seen_;
    }
    void wait(int timeout_ms) override;
    bool lost(int peer) const override {
        const auto& s = streams_[static_cast<std::size_t>(peer)];
        return s && s->closed();
    }

private:
    void drain_all();

    int workers_;
    int self_ = -1;
    // fds_[i * workers_ + j]: worker i's end of the pair with worker j (-1 on the diagonal).
    std::vector<int> fds_;
    std::vector<std::unique_ptr<FrameStream>> streams_; // this worker's, by peer
    std::atomic<std::uint64_t>* arrivals_ = nullptr;    // shared: messages sent to each worker
    std::uint64_t seen_ = 0;
    Inbox inbox_;
};

} // namespace rankfold::mc::parallel
