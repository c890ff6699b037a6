// The explorer's side of the parallel search (mc/parallel): starting at a subtree another
// explorer gave, and giving part of its own.
#include "mc/search/Explorer.hpp"

#include <algorithm>

namespace rankfold::mc {

SearchEnd Explorer::run_subtree(const Subtree& subtree, SearchSpace::Saved initial,
                                const ViolationHandler& on_violation,
                                const LimitCheck& within_limits) {
    limit_hit_ = false;
    // A region of polls may span subtrees of other explorers, whose states this one cannot
    // judge: polling deadlocks are found only as MpiSearchSpace finds them on its own.
    regions_on_ = false;
    space_.restore(initial);
    for (std::size_t i = 0; i < subtree.prefix.size(); ++i) {
        // Without state matching, the giver kept the states on the path that may repeat, to
        // cut cycles (arrive): so does the receiver, for the same counts.
        if (!options_.state_matching && i > 0 && space_.may_repeat())
            path_fingerprints_.insert(space_.fingerprint());
        // As listed here: a listed choice carries what applying it needs (the match's ids).
        space_.enabled(enabled_);
        const auto listed = std::ranges::find(enabled_, subtree.prefix[i]);
        if (listed == enabled_.end())
            throw std::runtime_error("a work prefix from another explorer is not possible here: "
                                     "the program does not run the same in every process");
        const Transition t = *listed;
        space_.execute(t);
        path_.push_back(t);
        path_progress_.push_back(false);
    }
    base_ = path_.size();
    Frame root;
    root.todo = subtree.todo;
    root.sleep = subtree.sleep;
    if (!options_.state_matching && base_ > 0 && space_.may_repeat()) {
        root.fingerprint = space_.fingerprint();
        root.on_path = true;
        path_fingerprints_.insert(root.fingerprint);
    }
    bool more_than_one = root.todo.size() > 1;
    if (source_) {
        // Every transition given is tried. The root's others are the giver's or another
        // thief's (the giver expanded the root). Without state matching, adding them here
        // when a race or a steal asked for them ran their subtrees twice
        // (master-worker-anysource -np 4 --no-state-matching: 216 executions against 162 in
        // one run of four). With it, such a second run stops at the state's owner; that path
        // is left as it was (wildcard_pairs -np 8 gave the same count either way).
        space_.enabled(enabled_);
        if (options_.state_matching) root.fingerprint = space_.fingerprint();
        source_->push(root.fingerprint, options_.state_matching, true, enabled_, root.todo);
        source_->incomplete_top();
        if (!options_.state_matching) source_->owned_elsewhere_top(root.todo);
        more_than_one = std::ranges::count_if(enabled_, [&](const Transition& t) {
                            return !contains(root.sleep, t);
                        }) > 1;
    }
    if (more_than_one) {
        root.saved = space_.save();
        root.has_saved = true;
    }
    stack_.push_back(std::move(root));
    const SearchEnd end = explore(on_violation, within_limits, false);
    base_ = 0;
    return end;
}

void Explorer::settle(std::uint64_t ticket, bool fresh, const SleepSet& needed, bool elsewhere) {
    if (const auto leaf = pending_leaves_.find(ticket); leaf != pending_leaves_.end()) {
        const bool final_state = leaf->second;
        pending_leaves_.erase(leaf);
        if (!fresh) {
            ++stats_.revisits;
            return;
        }
        ++stats_.states;
        if (final_state) ++stats_.executions;
        return;
    }
    if (fresh) {
        ++stats_.states;
        return;
    }
    ++stats_.revisits;
    for (std::size_t level = 0; level < stack_.size(); ++level) {
        Frame& f = stack_[level];
        if (f.ticket != ticket) continue;
        // Seen before: of what has not started, only what the earlier visits left asleep.
        std::vector<Transition> kept(f.todo.begin(),
                                     f.todo.begin() + static_cast<std::ptrdiff_t>(f.next));
        for (std::size_t i = f.next; i < f.todo.size(); ++i)
            if (contains(needed, f.todo[i])) kept.push_back(f.todo[i]);
        if (source_) {
            // As a revisit would: every transition the earlier visits left asleep (source
            // sets had cut the state to one rank's), and the races with what lies below it:
            // known here if only this explorer explored there.
            for (const Transition& t : source_->enabled_at(level))
                if (contains(needed, t) && !contains(kept, t)) kept.push_back(t);
            if (elsewhere)
                source_->seen_elsewhere(level);
            else
                source_->revisited(level, f.fingerprint);
        }
        f.todo = std::move(kept);
        f.ticket = 0;
        return;
    }
}

std::optional<Subtree> Explorer::donate() {
    for (std::size_t level = 0; level < stack_.size(); ++level) {
        Frame& f = stack_[level];
        if (source_ && space_.divisible(f.todo)) source_->expand(level);
        std::vector<std::size_t> untried;
        for (std::size_t i = f.next; i < f.todo.size(); ++i)
            if (!contains(f.sleep, f.todo[i])) untried.push_back(i);
        if (untried.empty() || !space_.divisible(f.todo)) continue;
        const std::size_t keep = untried.size() / 2;
        Subtree out;
        out.prefix.assign(path_.begin(),
                          path_.begin() + static_cast<std::ptrdiff_t>(base_ + level));
        // Asleep at the root: what the frame has explored (its sleep set grows with each
        // child) and what it keeps; the receiver's children then sleep as a single search's.
        out.sleep = f.sleep;
        for (std::size_t k = 0; k < keep; ++k) out.sleep.push_back(f.todo[untried[k]]);
        for (std::size_t k = keep; k < untried.size(); ++k) out.todo.push_back(f.todo[untried[k]]);
        if (source_) source_->give_from(level, out.todo);
        // The frame ends before the first transition given away (the asleep ones after it
        // would be skipped anyway).
        f.todo.resize(untried[keep]);
        return out;
    }
    return std::nullopt;
}

} // namespace rankfold::mc
