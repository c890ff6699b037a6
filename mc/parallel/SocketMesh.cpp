#include "mc/parallel/SocketMesh.hpp"

#include <poll.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>

namespace rankfold::mc::parallel {

SocketMesh::SocketMesh(int workers)
    : workers_(workers), fds_(static_cast<std::size_t>(workers * workers), -1) {
    void* shared =
        mmap(nullptr, sizeof(std::atomic<std::uint64_t>) * static_cast<std::size_t>(workers),
             PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED)
        throw std::runtime_error(std::string("cannot map the workers' counters: ") +
                                 std::strerror(errno));
    arrivals_ = static_cast<std::atomic<std::uint64_t>*>(shared);
    for (int w = 0; w < workers; ++w) new (&arrivals_[w]) std::atomic<std::uint64_t>(0);
    for (int i = 0; i < workers; ++i)
        for (int j = i + 1; j < workers; ++j) {
            int pair[2];
            if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
                throw std::runtime_error(std::string("cannot connect the workers: ") +
                                         std::strerror(errno));
            const int buffer = 1 << 20;
            for (const int fd : pair) setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &buffer, sizeof buffer);
            fds_[(static_cast<std::size_t>(i) * static_cast<std::size_t>(workers)) +
                 static_cast<std::size_t>(j)] = pair[0];
            fds_[(static_cast<std::size_t>(j) * static_cast<std::size_t>(workers)) +
                 static_cast<std::size_t>(i)] = pair[1];
        }
}

SocketMesh::~SocketMesh() {
    for (const int fd : fds_)
        if (fd >= 0) close(fd);
    munmap(arrivals_, sizeof(std::atomic<std::uint64_t>) * static_cast<std::size_t>(workers_));
}

void SocketMesh::for_worker(int w) {
    self_ = w;
    streams_.resize(static_cast<std::size_t>(workers_));
    for (int i = 0; i < workers_; ++i)
        for (int j = 0; j < workers_; ++j) {
            int& fd = fds_[(static_cast<std::size_t>(i) * static_cast<std::size_t>(workers_)) +
                           static_cast<std::size_t>(j)];
            if (fd < 0) continue;
            if (i == w) {
                streams_[static_cast<std::size_t>(j)] = std::make_unique<FrameStream>(fd);
                fd = -1; // the stream's now; closed with the process
            } else {
                close(fd);
                fd = -1;
            }
        }
}

void SocketMesh::send(int to, const std::string& bytes) {
    FrameStream& s = *streams_.at(static_cast<std::size_t>(to));
    std::deque<Frame> meanwhile;
    const bool sent = s.write(self_, bytes, meanwhile);
    for (Frame& f : meanwhile) inbox_.frames().push_back({to, std::move(f.bytes)});
    if (!sent) return;
    arrivals_[to].fetch_add(1, std::memory_order_release);
    ++counters_.messages_sent;
    counters_.bytes_sent += bytes.size();
}

void SocketMesh::drain_all() {
    seen_ = arrivals_[self_].load(std::memory_order_acquire);
    for (int peer = 0; peer < workers_; ++peer) {
        auto& s = streams_[static_cast<std::size_t>(peer)];
        if (!s || s->closed()) continue;
        std::deque<Frame> got;
        s->drain(got);
        for (Frame& f : got) inbox_.frames().push_back({peer, std::move(f.bytes)});
    }
}

bool SocketMesh::receive(int& from, std::string& bytes) {
    if (inbox_.empty() && arrivals_[self_].load(std::memory_order_acquire) != seen_) drain_all();
    return inbox_.take(from, bytes, counters_);
}

void SocketMesh::wait(int timeout_ms) {
    if (maybe_pending()) return;
    std::vector<pollfd> fds;
    for (const auto& s : streams_)
        if (s && !s->closed()) fds.push_back({s->fd(), POLLIN, 0});
    // Readable: take what came at once. The counter is only the busy path's hint: the sender
    // raises it after writing, and a receiver woken by the bytes must not wait for it.
    if (::poll(fds.data(), fds.size(), timeout_ms) > 0) drain_all();
}

} // namespace rankfold::mc::parallel
