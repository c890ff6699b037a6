#include "mc/search/Backtracking.hpp"

namespace rankfold::mc {

Backtracking::Backtracking(Backtrack mode, MpiSystem& system) : mode_(mode), system_(system) {
    if (mode_ == Backtrack::Reexecute) initial_ = system_.state()->capture();
}

Backtracking::Saved Backtracking::save(std::optional<SystemSnapshot>& current) {
    if (mode_ == Backtrack::Reexecute) {
        paths_.push_back(path_);
        return paths_.size() - 1;
    }
    if (!current) current = system_.state()->capture();
    if (current->deferred()) system_.state()->complete(*current);
    SystemSnapshot snapshot = std::move(*current);
    current.reset();
    if (free_slots_.empty()) {
        snapshots_.emplace_back(std::move(snapshot));
        return snapshots_.size() - 1;
    }
    const Saved slot = free_slots_.back();
    free_slots_.pop_back();
    snapshots_[slot].emplace(std::move(snapshot));
    return slot;
}

void Backtracking::restore(Saved saved) {
    if (mode_ == Backtrack::Reexecute) {
        system_.state()->restore(*initial_);
        path_ = paths_.at(saved);
        for (const Transition& t : path_) system_.take(t);
        return;
    }
    system_.state()->restore(*snapshots_.at(saved));
}

void Backtracking::discard(Saved saved) {
    if (mode_ == Backtrack::Reexecute) {
        paths_.at(saved).clear(); // slots are not reused: a path is small
        return;
    }
    snapshots_.at(saved).reset();
    free_slots_.push_back(saved);
}

} // namespace rankfold::mc
