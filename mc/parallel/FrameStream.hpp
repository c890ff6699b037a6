// Length-prefixed frames over a nonblocking stream socket, for the transports: a frame is a
// 4-byte length, a 4-byte peer number and the bytes. Reading never blocks; writing waits for room
// but keeps reading meanwhile, so that two processes writing to each other never both block.
#pragma once

#include <deque>
#include <string>

namespace rankfold::mc::parallel {

struct Frame {
    int peer = -1;
    std::string bytes;
};

class FrameStream {
public:
    explicit FrameStream(int fd);
    int fd() const { return fd_; }
    // Reads what has arrived; complete frames go to `into`. False once the other end closed.
    bool drain(std::deque<Frame>& into);
    // Writes one frame; complete frames read meanwhile go to `into`. False if the other end
    // is gone (a worker that has ended: its messages are no longer needed).
    bool write(int peer, const std::string& bytes, std::deque<Frame>& into);
    bool closed() const { return closed_; }

private:
    int fd_;
    std::string in_;
    bool closed_ = false;
};

} // namespace rankfold::mc::parallel
