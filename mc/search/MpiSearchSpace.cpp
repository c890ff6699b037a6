#include "mc/search/MpiSearchSpace.hpp"

#include "mc/system/transitions/DependencyTable.hpp"

#include <algorithm>

namespace rankfold::mc {

MpiSearchSpace::MpiSearchSpace(MpiSystem& system, OutputRouter& output, int ranks,
                               Backtrack backtrack)
    : system_(system), output_(output), ranks_(ranks), back_(backtrack, system, output.report()) {}

void MpiSearchSpace::refresh() {
    if (fresh_) return;
    system_.choices(choices_);
    fresh_ = true;
}

SystemSnapshot& MpiSearchSpace::current() {
    // Deferred: Backtracking::save completes the few captures that are kept.
    if (!current_) current_ = system_.state()->capture_deferred();
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
    back_.take(t);
    if (!only_polls || system_.violation() || current().fingerprint() != before) return;
    std::vector<int>& idle = idle_pollers_[before];
    if (std::find(idle.begin(), idle.end(), t.rank) == idle.end()) idle.push_back(t.rank);
    const bool all_idle = std::all_of(pollers.begin(), pollers.end(), [&](int r) {
        return std::find(idle.begin(), idle.end(), r) != idle.end();
    });
    if (all_idle) {
        system_.end_state();
        current_.reset();
    }
}

bool MpiSearchSpace::only_polls() {
    refresh();
    return !choices_.empty() && std::all_of(choices_.begin(), choices_.end(), is_not_yet);
}

void MpiSearchSpace::polling_deadlock() {
    // As when each poll came back to its state: the monitors hear of the end of the execution
    // with the ranks still polling, which the deadlock monitor reports with their calls.
    system_.end_state();
    current_.reset();
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
    return back_.save(current_);
}

void MpiSearchSpace::restore(Saved saved) {
    back_.restore(saved);
    current_.reset();
    fresh_ = false;
}

void MpiSearchSpace::discard(Saved saved) {
    back_.discard(saved);
}

} // namespace rankfold::mc
