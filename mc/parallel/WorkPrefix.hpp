// A subtree (mc/search/Subtree.hpp) as it travels in a StealReply: its unit number, the path
// from the initial state to its root, the root's sleep set and the transitions to try there.
// The receiver re-executes the path from the initial state (Explorer::run_subtree): prefixes
// are as long as the giver's shallowest frame with work left, which the giver keeps short by
// always giving from its shallowest frame.
#pragma once

#include "mc/parallel/Message.hpp"
#include "mc/search/Subtree.hpp"

#include <cstdint>

namespace rankfold::mc::parallel {

struct WorkPrefix {
    std::uint64_t unit = 0;
    Subtree subtree;
};

inline void write_work(MessageWriter& out, const WorkPrefix& work) {
    out.u64(work.unit)
        .transitions(work.subtree.prefix)
        .transitions(work.subtree.sleep)
        .transitions(work.subtree.todo);
}

inline WorkPrefix read_work(MessageReader& in) {
    WorkPrefix work;
    work.unit = in.u64();
    work.subtree.prefix = in.transitions();
    work.subtree.sleep = in.transitions();
    work.subtree.todo = in.transitions();
    return work;
}

} // namespace rankfold::mc::parallel
