#include "mc/search/MpiSearchSpace.hpp"

#include "mc/system/transitions/DependencyTable.hpp"

#include <algorithm>

namespace rankfold::mc {

MpiSearchSpace::MpiSearchSpace(MpiSystem& system, OutputRouter& output, int ranks,
                               Backtrack backtrack)
    : system_(system), output_(output), ranks_(ranks), backtrack_(backtrack) {
    if (backtrack_ == Backtrack::Reexecute) initial_ = system_.state()->capture();
}

void MpiSearchSpace::refresh() {
    if (fresh_) return;
    system_.choices(choices_);
    fresh_ = true;
}

SystemSnapshot& MpiSearchSpace::current() {
    if (!current_) current_ = system_.state()->capture();
    return *current_;
}

void MpiSearchSpace::enabled(std::vector<Transition>& out) {
    refresh();
    out = choices_;
}

void MpiSearchSpace::execute(const Transition& t) {
    refresh();
    const bool only_polls = std::all_of(choices_.begin(), choices_.end(), is_not_yet);
    std::vector<int> pollers;
    snapshot::Fingerprint before;
    if (only_polls) {
        for (const Transition& c : choices_) pollers.push_back(c.rank);
        before = current().fingerprint();
    }
    current_.reset();
    fresh_ = false;
    polled_ = is_not_yet(t);
    system_.take(t);
    if (backtrack_ == Backtrack::Reexecute) path_.push_back(t);
    if (!only_polls || system_.violation() || current().fingerprint() != before) return;
    std::vector<int>& idle = idle_pollers_[before];
    if (std::find(idle.begin(), idle.end(), t.rank) == idle.end()) idle.push_back(t.rank);
    const bool all_idle = std::all_of(pollers.begin(), pollers.end(), [&](int r) {
        return std::find(idle.begin(), idle.end(), r) != idle.end();
    });
    if (all_idle) {
        system_.end_state(true);
        current_.reset();
    }
}

bool MpiSearchSpace::violated() {
    refresh();
    if (system_.violation()) return true;
    if (!choices_.empty()) return false;
    system_.end_state();
    if (system_.violation()) return true;
    if (!first_output_) {
        first_output_.emplace();
        for (int r = 0; r < ranks_; ++r) first_output_->push_back(output_.captured(r));
    }
    return false;
}

snapshot::Fingerprint MpiSearchSpace::fingerprint() {
    return current().fingerprint();
}

bool MpiSearchSpace::dependent(const Transition& a, const Transition& b) const {
    return mc::dependent(a, b);
}

SearchSpace::Saved MpiSearchSpace::save() {
    if (backtrack_ == Backtrack::Reexecute) {
        paths_.push_back(path_);
        return paths_.size() - 1;
    }
    SystemSnapshot snapshot = std::move(current());
    current_.reset();
    if (free_slots_.empty()) {
        saved_.emplace_back(std::move(snapshot));
        return saved_.size() - 1;
    }
    const Saved slot = free_slots_.back();
    free_slots_.pop_back();
    saved_[slot].emplace(std::move(snapshot));
    return slot;
}

void MpiSearchSpace::restore(Saved saved) {
    if (backtrack_ == Backtrack::Reexecute) {
        system_.state()->restore(*initial_);
        path_ = paths_.at(saved);
        for (const Transition& t : path_) system_.take(t);
        current_.reset();
        fresh_ = false;
        return;
    }
    system_.state()->restore(*saved_.at(saved));
    current_.reset();
    fresh_ = false;
}

void MpiSearchSpace::discard(Saved saved) {
    if (backtrack_ == Backtrack::Reexecute) {
        paths_.at(saved).clear(); // slots are not reused: a path is small
        return;
    }
    saved_.at(saved).reset();
    free_slots_.push_back(saved);
}

} // namespace rankfold::mc
