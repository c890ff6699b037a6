// An in-process transport for the parallel search's unit tests: mailboxes between threads (or
// between objects of one thread), what the fork and MPI transports do between processes.
#pragma once

#include "mc/parallel/Transport.hpp"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace parallel_test {

using rankfold::mc::parallel::Transport;

// Mailboxes in one process: what the fork and MPI transports do, for threads.
class Hub {
public:
    explicit Hub(int workers) : boxes_(static_cast<std::size_t>(workers)) {}
    void put(int to, int from, const std::string& bytes) {
        {
            const std::lock_guard lock(mutex_);
            boxes_[static_cast<std::size_t>(to)].emplace_back(from, bytes);
        }
        arrived_.notify_all();
    }
    bool take(int self, int& from, std::string& bytes) {
        const std::lock_guard lock(mutex_);
        auto& box = boxes_[static_cast<std::size_t>(self)];
        if (box.empty()) return false;
        from = box.front().first;
        bytes = std::move(box.front().second);
        box.pop_front();
        return true;
    }
    bool pending(int self) {
        const std::lock_guard lock(mutex_);
        return !boxes_[static_cast<std::size_t>(self)].empty();
    }
    void wait(int self, int ms) {
        std::unique_lock lock(mutex_);
        arrived_.wait_for(lock, std::chrono::milliseconds(ms),
                          [&] { return !boxes_[static_cast<std::size_t>(self)].empty(); });
    }
    int size() const { return static_cast<int>(boxes_.size()); }

private:
    std::mutex mutex_;
    std::condition_variable arrived_;
    std::vector<std::deque<std::pair<int, std::string>>> boxes_;
};

class ThreadTransport final : public Transport {
public:
    ThreadTransport(Hub& hub, int self) : hub_(hub), self_(self) {}
    int self() const override { return self_; }
    int size() const override { return hub_.size(); }
    void send(int to, const std::string& bytes) override {
        ++counters_.messages_sent;
        counters_.bytes_sent += bytes.size();
        hub_.put(to, self_, bytes);
    }
    bool receive(int& from, std::string& bytes) override { return hub_.take(self_, from, bytes); }
    bool maybe_pending() override { return hub_.pending(self_); }
    void wait(int ms) override { hub_.wait(self_, ms); }

private:
    Hub& hub_;
    int self_;
};

} // namespace parallel_test
