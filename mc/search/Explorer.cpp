#include "mc/search/Explorer.hpp"

#include <algorithm>

namespace rankfold::mc {

bool Explorer::cycle_violates(const snapshot::Fingerprint& state) {
    if (!on_cycle_) return false;
    // stack_[k] is the state path_[0, k) leads to (every state on the path was expanded).
    std::size_t start = 0;
    while (start < stack_.size() && stack_[start].fingerprint != state) ++start;
    if (start == stack_.size()) return false;
    const bool progress = std::find(path_progress_.begin() + static_cast<std::ptrdiff_t>(start),
                                    path_progress_.end(), true) != path_progress_.end();
    return on_cycle_(path_, start, progress);
}

bool Explorer::leave_region(const Frame& top) {
    PollRegions::Node* parent = stack_.size() > 1 ? &stack_[stack_.size() - 2].node : nullptr;
    return regions_.leave(top.node, parent);
}

bool Explorer::report_polling_deadlock() {
    // The top's state again: from the deepest saved frame, down the path. (Saving every
    // poll-only state instead would hold a snapshot per poll of a long polling loop.)
    std::size_t k = stack_.size() - 1;
    while (k > 0 && !stack_[k].has_saved) --k;
    if (!stack_[k].has_saved) return true; // not so: the root is saved while regions are on
    space_.restore(stack_[k].saved);
    for (std::size_t i = k; i + 1 < stack_.size(); ++i) {
        space_.execute(path_[base_ + i]);
        ++stats_.transitions;
    }
    space_.polling_deadlock();
    if (!space_.violated()) return true;
    ++stats_.executions;
    ++stats_.violations;
    return (*on_violation_)(path_) && options_.keep_going;
}

Explorer::Arrival Explorer::arrive(SleepSet sleep) {
    leaf_linked_ = false;
    stats_.max_depth = std::max<std::uint64_t>(stats_.max_depth, path_.size());
    if (space_.violated()) {
        if (source_ && !stack_.empty()) {
            space_.waiting(waiting_);
            source_->violation_reached(waiting_);
        }
        ++stats_.executions;
        ++stats_.violations;
        const bool go_on = (*on_violation_)(path_) && options_.keep_going;
        return go_on ? Arrival::Leaf : Arrival::Stop;
    }
    space_.enabled(enabled_);
    if (source_ && !stack_.empty()) {
        space_.waiting(waiting_);
        source_->arrived(enabled_, waiting_);
    }
    // Every poll of a poll-only state is tried, asleep or not: whether its region can be left
    // needs all its edges (PollRegions.hpp). Stored so, a later visit needs nothing more.
    const bool poll_only = regions_on_ && space_.only_polls();
    if (poll_only) sleep.clear();
    const bool watch_cycle = !options_.state_matching && space_.may_repeat();
    const bool track_path = watch_cycle || options_.watch_cycles;
    const snapshot::Fingerprint state =
        options_.state_matching || track_path ? space_.fingerprint() : snapshot::Fingerprint{};
    if (track_path && path_fingerprints_.contains(state)) {
        if (options_.watch_cycles && cycle_violates(state)) {
            ++stats_.executions;
            ++stats_.violations;
            return options_.keep_going ? Arrival::Leaf : Arrival::Stop;
        }
        // A cycle on the current path: what follows is being explored. Under state matching
        // the store says so too (and keeps the sleep-set rule's count).
        if (!options_.state_matching) {
            ++stats_.revisits;
            stopped_at(state);
            return Arrival::Leaf;
        }
    }
    if (enabled_.empty()) { // every rank finished (a deadlock is a violation above)
        // Under state matching a final state goes through the store like any other, so that
        // `states` counts distinct states and a final state reached again is a revisit, not
        // another state and execution. Nothing is enabled: its sleep set does not matter.
        const StateStore::Answer answer =
            options_.state_matching ? visit(state, {}) : StateStore::Answer::Fresh;
        if (answer == StateStore::Answer::Seen) {
            ++stats_.revisits;
            return Arrival::Leaf;
        }
        if (answer == StateStore::Answer::Pending) { // counted when the answer comes
            pending_leaves_.emplace(ticket_, true);
            return Arrival::Leaf;
        }
        ++stats_.executions;
        ++stats_.states;
        return Arrival::Leaf;
    }
    bool revisit = false;
    std::uint64_t pending = 0; // a parallel search's visit to be answered: counted then
    if (options_.state_matching) {
        const StateStore::Answer answer = visit(state, sleep);
        if (answer == StateStore::Answer::Seen) {
            ++stats_.revisits;
            stopped_at(state);
            if (poll_only) { // in a region still open, or in a complete one
                if (!stack_.empty()) regions_.seen(stack_.back().node, state);
                leaf_linked_ = true;
                return Arrival::Leaf;
            }
            if (needed_.empty()) return Arrival::Leaf;
            revisit = true; // only what the earlier visit left asleep is still to do
        } else if (answer == StateStore::Answer::Pending) {
            pending = ticket_;
        }
    }
    if (!revisit && pending == 0) ++stats_.states;
    if (*within_limits_ && !(*within_limits_)(stats_)) {
        limit_hit_ = true;
        return Arrival::Stop;
    }
    if (options_.max_depth != 0 && path_.size() >= options_.max_depth) {
        limit_hit_ = true;
        return Arrival::Stop;
    }
    Frame frame;
    frame.fingerprint = state;
    frame.ticket = pending;
    frame.todo.reserve(enabled_.size());
    for (const Transition& t : enabled_) {
        if (contains(sleep, t)) continue;
        if (revisit && !contains(needed_, t)) continue;
        frame.todo.push_back(t);
    }
    if (frame.todo.empty()) {
        if (pending != 0) {
            pending_leaves_.emplace(pending, false); // counted when answered
            // Perhaps seen before, with a subtree this explorer does not know.
            if (source_) source_->seen_elsewhere(stack_.size());
        }
        ++stats_.sleep_blocked;
        return Arrival::Leaf;
    }
    // Source sets may add any transition not asleep later: then such a state is saved.
    const bool more_than_one =
        source_ ? std::ranges::count_if(
                      enabled_, [&](const Transition& t) { return !contains(sleep, t); }) > 1
                : frame.todo.size() > 1;
    // A poll-only state keeps all its polls (not cut to one rank's).
    if (source_)
        source_->push(state, options_.state_matching || watch_cycle, revisit || poll_only, enabled_,
                      frame.todo);
    if (regions_on_) frame.node = regions_.enter(state, poll_only);
    frame.sleep = std::move(sleep);
    if (track_path) {
        frame.on_path = true;
        path_fingerprints_.insert(state);
    }
    // A state with one transition to try is never come back to: no need to save it. The root
    // is, while regions are on: a polling deadlock is reported from the deepest saved state.
    if (more_than_one || (regions_on_ && stack_.empty())) {
        frame.saved = space_.save();
        frame.has_saved = true;
    }
    stack_.push_back(std::move(frame));
    return Arrival::Expand;
}

SearchEnd Explorer::run(const ViolationHandler& on_violation, const LimitCheck& within_limits) {
    on_violation_ = &on_violation;
    within_limits_ = &within_limits;
    limit_hit_ = false;
    base_ = 0;
    regions_on_ = options_.state_matching && store_ == nullptr;
    const bool stop = arrive({}) == Arrival::Stop;
    return explore(on_violation, within_limits, stop);
}

SearchEnd Explorer::explore(const ViolationHandler& on_violation, const LimitCheck& within_limits,
                            bool stop) {
    on_violation_ = &on_violation;
    within_limits_ = &within_limits;
    // path_ holds, for each frame that has started a child, the child being explored.
    SleepSet child_sleep;
    while (!stop && !stack_.empty()) {
        Frame& top = stack_.back();
        if (top.child_open) { // the previous child is done
            path_.pop_back();
            path_progress_.pop_back();
            top.child_open = false;
            if (source_) source_->child_done();
        }
        if (between_steps_ && !between_steps_()) {
            limit_hit_ = true;
            break;
        }
        while (top.next < top.todo.size() && contains(top.sleep, top.todo[top.next])) ++top.next;
        if (top.next == top.todo.size()) {
            if (regions_on_ && leave_region(top) && !report_polling_deadlock()) stop = true;
            if (top.has_saved) space_.discard(top.saved);
            if (top.on_path) path_fingerprints_.erase(path_fingerprints_.find(top.fingerprint));
            if (source_) source_->pop();
            stack_.pop_back();
            continue;
        }
        Transition t = top.todo[top.next];
        if (top.started) space_.restore(top.saved);
        ++top.next;
        top.child_open = true;
        top.started = true;
        const std::uint64_t marks = options_.watch_cycles ? space_.progress_marks() : 0;
        space_.execute(t);
        // What the step did decides some dependencies (SearchSpace::annotate): the sleep sets
        // keep it so completed.
        space_.annotate(t);
        reduction_.child_sleep(top.sleep, t, child_sleep);
        reduction_.explored(top.sleep, t);
        ++stats_.transitions;
        path_.push_back(t);
        path_progress_.push_back(options_.watch_cycles && space_.progress_marks() != marks);
        if (source_) source_->executed(t);
        const Arrival arrival = arrive(child_sleep);
        // A leaf other than a poll-only state seen again: the top reaches a way out of polling.
        if (arrival == Arrival::Leaf && regions_on_ && !leaf_linked_)
            PollRegions::leaf(stack_.back().node);
        stop = arrival == Arrival::Stop;
    }
    for (Frame& f : stack_)
        if (f.has_saved) space_.discard(f.saved);
    stack_.clear();
    regions_.clear();
    path_fingerprints_.clear();
    path_.clear();
    path_progress_.clear();
    // The store's bytes, with source sets' summaries of the visited states.
    stats_.store_bytes = visited_.bytes() + (source_ ? source_->summary_bytes() : 0);
    if (source_) source_->clear();
    stats_.fingerprint_collision_probability =
        static_cast<double>(visited_.collision_probability());
    if (stats_.violations > 0) return SearchEnd::Violation;
    return limit_hit_ ? SearchEnd::Limit : SearchEnd::Exhausted;
}

} // namespace rankfold::mc
