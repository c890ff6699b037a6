// The frames that have arrived at a worker and are not taken yet, in arrival order: the one
// queue of both transports (SocketMesh, BridgeTransport). Each fills it its own way (from its
// streams, tagging frames with their sender) and takes from it the same way.
#pragma once

#include "mc/parallel/FrameStream.hpp"
#include "mc/parallel/Transport.hpp"

#include <deque>
#include <string>
#include <utility>

namespace rankfold::mc::parallel {

class Inbox {
public:
    // Where a transport puts the frames it reads.
    std::deque<Frame>& frames() { return frames_; }
    bool empty() const { return frames_.empty(); }
    // The oldest frame, counted as received; false if there is none.
    bool take(int& from, std::string& bytes, TransportCounters& counters) {
        if (frames_.empty()) return false;
        from = frames_.front().peer;
        bytes = std::move(frames_.front().bytes);
        frames_.pop_front();
        ++counters.messages_received;
        return true;
    }

private:
    std::deque<Frame> frames_;
};

} // namespace rankfold::mc::parallel
