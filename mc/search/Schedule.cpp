#include "mc/search/Schedule.hpp"

#include <stdexcept>

namespace rankfold::mc {

std::size_t RoundRobinSchedule::pick(const std::vector<Transition>& choices) {
    if (choices.empty()) throw std::invalid_argument("RoundRobinSchedule::pick: no choice");
    // The first choice of the next rank after last_rank (cyclically), among the choices that
    // make progress if there are any.
    bool progress = false;
    for (const Transition& t : choices) progress = progress || !is_not_yet(t);
    std::size_t best = 0;
    int best_distance = -1; // none found yet
    for (std::size_t i = 0; i < choices.size(); ++i) {
        const Transition& t = choices[i];
        if (progress && is_not_yet(t)) continue;
        const int distance =
            t.rank > last_rank ? t.rank - last_rank : t.rank - last_rank + (1 << 20);
        if (best_distance < 0 || distance < best_distance) {
            best = i;
            best_distance = distance;
        }
    }
    last_rank = choices[best].rank;
    return best;
}

std::size_t RandomSchedule::pick(const std::vector<Transition>& choices) {
    return static_cast<std::size_t>(random_() % choices.size());
}

} // namespace rankfold::mc
