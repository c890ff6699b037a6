#include "mc/search/PollRegions.hpp"

#include <algorithm>

namespace rankfold::mc {

PollRegions::Node PollRegions::enter(const snapshot::Fingerprint& state, bool poll_only) {
    Node node;
    node.index = next_++;
    node.low = node.index;
    node.escapes = !poll_only;
    if (poll_only) {
        polls_.insert_or_assign(state, Entry{node.index, Status::Open});
        open_.emplace_back(node.index, state);
    }
    return node;
}

void PollRegions::seen(Node& parent, const snapshot::Fingerprint& state) {
    const auto it = polls_.find(state);
    if (it == polls_.end() || it->second.status != Status::Open) {
        // Complete: it escapes, or it is a deadlock already reported (reaching it is not
        // another one). Unknown: not expanded by this search, so nothing is claimed of it.
        parent.escapes = true;
        return;
    }
    parent.low = std::min(parent.low, it->second.index);
}

bool PollRegions::leave(const Node& node, Node* parent) {
    if (node.low < node.index) { // inside a component whose root is further up the stack
        if (parent) {
            parent->low = std::min(parent->low, node.low);
            parent->escapes = parent->escapes || node.escapes;
        }
        return false;
    }
    // The root: the component is the open states from its index on, and all they reach
    // outside it is complete.
    const Status status = node.escapes ? Status::Escapes : Status::Stuck;
    while (!open_.empty() && open_.back().first >= node.index) {
        polls_[open_.back().second].status = status;
        open_.pop_back();
    }
    // The parent reaches a complete component: one that escapes, or the deadlock reported here.
    if (parent) parent->escapes = true;
    return status == Status::Stuck;
}

void PollRegions::clear() {
    polls_.clear();
    open_.clear();
    next_ = 0;
}

} // namespace rankfold::mc
