#include "mc/search/Backtracking.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace rankfold::mc {

namespace {

std::uint64_t now_ns() {
    return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                          std::chrono::steady_clock::now().time_since_epoch())
                                          .count());
}

} // namespace

Backtracking::Backtracking(Backtrack mode, MpiSystem& system, FILE* report)
    : mode_(mode), system_(system), cost_(0), report_(report) {
    const char* check = std::getenv("RANKFOLD_CHECK_BACKTRACK");
    check_ = check != nullptr && *check != '\0' && *check != '0';
    const std::uint64_t begin = now_ns();
    base_ = std::make_shared<const SystemSnapshot>(system_.state()->capture());
    cost_ = BacktrackCost(now_ns() - begin);
}

void Backtracking::take(const Transition& t) {
    // One transition in 8 is timed: the clock reads were 1.4% of the fan-in's search (perf),
    // and the moving average needs samples, not every step.
    if ((takes_++ & 7u) != 0) {
        system_.take(t);
    } else {
        const std::uint64_t begin = now_ns();
        system_.take(t);
        cost_.replayed(1, now_ns() - begin);
    }
    path_.push_back(t);
}

bool Backtracking::keep_snapshot() {
    switch (mode_) {
    case Backtrack::Restore:
        return !path_.empty();
    case Backtrack::Reexecute:
        return false;
    case Backtrack::Auto:
        return cost_.snapshot(path_.size());
    }
    return true;
}

Backtracking::Saved Backtracking::save(std::optional<SystemSnapshot>& current) {
    if (keep_snapshot()) {
        const std::uint64_t begin = now_ns();
        // No capture yet: the search did not ask for this state's fingerprint (it would have
        // captured it for that), and a base is only ever restored, so none is computed.
        if (!current) current = system_.state()->capture_unfingerprinted();
        if (current->deferred()) system_.state()->complete(*current);
        cost_.captured(now_ns() - begin);
        base_ = std::make_shared<const SystemSnapshot>(std::move(*current));
        current.reset();
        path_.clear();
    }
    Entry entry{base_, path_, nullptr};
    // The check's own capture of the state: after the snapshot (if any) was taken, so that it
    // sees what the search sees.
    if (check_) entry.expected = std::make_shared<const SystemSnapshot>(system_.state()->capture());
    if (free_slots_.empty()) {
        entries_.push_back(std::move(entry));
        return entries_.size() - 1;
    }
    const Saved slot = free_slots_.back();
    free_slots_.pop_back();
    entries_[slot] = std::move(entry);
    return slot;
}

void Backtracking::restore(Saved saved) {
    const Entry& entry = entries_.at(saved);
    system_.state()->restore(*entry.base);
    base_ = entry.base;
    path_ = entry.path;
    if (!path_.empty()) {
        const std::uint64_t begin = now_ns();
        for (const Transition& t : path_) system_.take(t);
        cost_.replayed(path_.size(), now_ns() - begin);
    }
    if (check_) check_restored(entry);
}

// A heap arena whose free space is not zero would hand a later block bytes of an abandoned
// path.
void Backtracking::check_restored(const Entry& entry) {
    // Read every region, trusting no rank to be unwritten: a region a restore skipped because
    // nothing was said to have written it is compared too.
    system_.state()->memory().may_write();
    const SystemSnapshot reached = system_.state()->capture();
    std::string why;
    if (reached.fingerprint() != entry.expected->fingerprint())
        why = system_.state()->describe_difference(reached, *entry.expected);
    else if (const int rank = system_.state()->memory().broken_heap(); rank >= 0)
        why = fmt::format("rank {}'s heap arena is not consistent (free memory not zero?)", rank);
    if (why.empty()) return;
    ++mismatches_;
    fmt::print(report_,
               "rankfold: backtrack check: the state reached by restoring a snapshot and "
               "replaying {} transitions differs from the saved one: {}\n",
               entry.path.size(), why);
}

void Backtracking::discard(Saved saved) {
    Entry& entry = entries_.at(saved);
    entry.base.reset();
    entry.path.clear();
    entry.expected.reset();
    free_slots_.push_back(saved);
}

} // namespace rankfold::mc
