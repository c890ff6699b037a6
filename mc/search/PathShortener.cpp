#include "mc/search/PathShortener.hpp"

#include <algorithm>
#include <deque>
#include <unordered_set>

namespace rankfold::mc {

PathShortener::Replay PathShortener::replay(const std::vector<Transition>& candidate,
                                            const Violation& target) {
    ++replays_;
    Replay r;
    SystemState& state = *system_.state();
    state.restore(initial_);
    std::vector<TraceStep> story;
    system_.record_steps(&story);
    std::vector<Transition> open;
    // Past the candidate, a bounded tail of first choices: enough to finish a path the
    // candidate cut short, never an endless polling loop.
    const std::size_t limit = candidate.size() * 2 + 32;
    for (std::size_t i = 0; i < limit && !system_.violation(); ++i) {
        system_.choices(open);
        if (open.empty()) break;
        const Transition* t = &open.front();
        if (i < candidate.size()) {
            auto it = std::find(open.begin(), open.end(), candidate[i]);
            if (it == open.end()) break; // not possible here: the candidate fails
            t = &*it;
        }
        r.path.push_back(*t);
        system_.take(*t);
    }
    if (!system_.violation()) {
        system_.choices(open);
        if (open.empty()) system_.end_state();
    }
    system_.record_steps(nullptr);
    r.same = system_.violation() && properties::same_finding(*system_.violation(), target);
    r.steps = story.size();
    return r;
}

std::vector<Transition> PathShortener::prune(std::vector<Transition> path,
                                             const Violation& target) {
    // Budget: a few candidates per choice on paths a person would read.
    constexpr std::size_t kMaxChoices = 256;
    if (path.empty() || path.size() > kMaxChoices) return path;
    Replay best = replay(path, target);
    if (!best.same) return path; // e.g. a polling deadlock, which only the search can tell
    for (std::size_t i = 0; i < best.path.size();) {
        std::vector<Transition> candidate = best.path;
        candidate.erase(candidate.begin() + static_cast<std::ptrdiff_t>(i));
        Replay r = replay(candidate, target);
        if (r.same && r.steps <= best.steps && r.path.size() < best.path.size())
            best = std::move(r); // same index: the next choice moved into it
        else
            ++i;
    }
    return best.path;
}

std::optional<std::vector<Transition>>
PathShortener::shortest(const Violation& target, std::size_t max_states,
                        const std::function<bool()>& in_time) {
    SystemState& state = *system_.state();
    struct Node {
        SystemSnapshot snapshot;
        std::vector<Transition> path;
    };
    std::deque<Node> frontier;
    std::unordered_set<snapshot::Fingerprint, snapshot::FingerprintHash> seen;
    state.restore(initial_);
    frontier.push_back({state.capture(), {}});
    seen.insert(frontier.back().snapshot.fingerprint());
    std::vector<Transition> open, next;
    while (!frontier.empty() && seen.size() < max_states && in_time()) {
        Node node = std::move(frontier.front());
        frontier.pop_front();
        state.restore(node.snapshot);
        system_.choices(open);
        for (const Transition& t : open) {
            state.restore(node.snapshot);
            system_.take(t);
            std::vector<Transition> path = node.path;
            path.push_back(t);
            if (!system_.violation()) {
                system_.choices(next);
                if (next.empty()) system_.end_state();
            }
            if (system_.violation()) {
                if (properties::same_finding(*system_.violation(), target)) return path;
                continue;
            }
            if (next.empty()) continue;
            SystemSnapshot s = state.capture();
            if (seen.insert(s.fingerprint()).second)
                frontier.push_back({std::move(s), std::move(path)});
        }
    }
    return std::nullopt;
}

} // namespace rankfold::mc
