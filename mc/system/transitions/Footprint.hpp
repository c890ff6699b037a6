// What a transition touches, as far as the order of two transitions can matter: the resources
// whose state it changes (Write) or whose state its effect depends on (Read). Two transitions
// conflict when they touch one resource of one owner, over overlapping bytes, and at least
// one writes it.
//
// A footprint lists what can change another transition's effect, not every side effect: a
// wildcard match that completes the sender's send request is not a write of that request,
// because completing a request only adds outcomes to its owner's test ("done" becomes
// possible) and takes none away ("not yet" stays possible until the owner moves) — enabling is
// not a conflict for sleep sets (EXPLORATION.md §3–4). The independence self-test
// (rankfold-run --check-independence) runs independent pairs in both orders on real programs.
#pragma once

#include <array>
#include <cstdint>

namespace rankfold::mc {

enum class Resource : std::uint8_t {
    RankCall,        // the call a rank waits in: its outcome, its buffering
    MessageQueue,    // a rank's unmatched messages and posted receives
    Requests,        // a rank's request table
    SymmetricMemory, // bytes of a PE's symmetric heap (OpenSHMEM)
    WindowMemory,    // bytes of a rank's RMA window
    WindowLock,      // the locks of an RMA window (owner: the window); bytes: target ranks
};

enum class Access : std::uint8_t { Read, Write };

struct Touch {
    Resource resource = Resource::RankCall;
    Access access = Access::Read;
    int owner = -1; // the rank or PE the resource belongs to
    // Memory resources: the bytes [begin, end); both 0 for the whole resource.
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
    // Writes that combine (RMA accumulates): two with one nonzero tag commute.
    std::uint32_t combine = 0;
};

constexpr bool conflict(const Touch& a, const Touch& b) {
    if (a.resource != b.resource || a.owner != b.owner) return false;
    if (a.access == Access::Read && b.access == Access::Read) return false;
    if (a.access == Access::Write && b.access == Access::Write && a.combine != 0 &&
        a.combine == b.combine)
        return false;
    const bool whole = (a.begin == 0 && a.end == 0) || (b.begin == 0 && b.end == 0);
    return whole || (a.begin < b.end && b.begin < a.end);
}

struct Footprint {
    static constexpr int kCapacity = 3;
    std::array<Touch, kCapacity> touches{};
    int count = 0;

    constexpr Footprint& add(Touch t) {
        touches[static_cast<std::size_t>(count++)] = t;
        return *this;
    }
    constexpr bool conflicts_with(const Footprint& other) const {
        for (int i = 0; i < count; ++i)
            for (int j = 0; j < other.count; ++j)
                if (conflict(touches[static_cast<std::size_t>(i)],
                             other.touches[static_cast<std::size_t>(j)]))
                    return true;
        return false;
    }
};

} // namespace rankfold::mc
