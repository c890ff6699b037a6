#include "mc/parallel/FrameStream.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

namespace rankfold::mc::parallel {

namespace {
constexpr std::size_t kHeader = 8;
}

FrameStream::FrameStream(int fd) : fd_(fd) {
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

bool FrameStream::drain(std::deque<Frame>& into) {
    char chunk[65536];
    while (!closed_) {
        const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
        if (n > 0) {
            in_.append(chunk, static_cast<std::size_t>(n));
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        // 0: the other end closed; an error other than "nothing more now": it is gone.
        closed_ = n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK);
        break;
    }
    std::size_t at = 0;
    while (in_.size() - at >= kHeader) {
        std::uint32_t length = 0;
        std::int32_t peer = 0;
        std::memcpy(&length, in_.data() + at, 4);
        std::memcpy(&peer, in_.data() + at + 4, 4);
        if (in_.size() - at - kHeader < length) break;
        into.push_back({peer, in_.substr(at + kHeader, length)});
        at += kHeader + length;
    }
    in_.erase(0, at);
    return !closed_;
}

bool FrameStream::write(int peer, const std::string& bytes, std::deque<Frame>& into) {
    std::string frame(kHeader, '\0');
    const auto length = static_cast<std::uint32_t>(bytes.size());
    const auto who = static_cast<std::int32_t>(peer);
    std::memcpy(frame.data(), &length, 4);
    std::memcpy(frame.data() + 4, &who, 4);
    frame += bytes;
    std::size_t done = 0;
    while (done < frame.size()) {
        const ssize_t n = ::send(fd_, frame.data() + done, frame.size() - done, MSG_NOSIGNAL);
        if (n > 0) {
            done += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            drain(into); // the other side may be waiting for us to read
            pollfd p{fd_, POLLOUT | POLLIN, 0};
            ::poll(&p, 1, 10);
            continue;
        }
        return false;
    }
    return true;
}

} // namespace rankfold::mc::parallel
