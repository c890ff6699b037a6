#include "mc/search/PollRegionCheck.hpp"

#include <unordered_set>
#include <vector>

namespace rankfold::mc {

PollRegionVerdict check_poll_region(SearchSpace& space,
                                    const std::function<bool(std::uint64_t states)>& within) {
    std::unordered_set<snapshot::Fingerprint, snapshot::FingerprintHash> seen{space.fingerprint()};
    std::vector<SearchSpace::Saved> todo{space.save()};
    std::vector<Transition> open;
    PollRegionVerdict verdict = PollRegionVerdict::Stuck;
    // Depth-first over saved states; each is expanded once, all its transitions tried.
    while (!todo.empty() && verdict == PollRegionVerdict::Stuck) {
        const SearchSpace::Saved at = todo.back();
        todo.pop_back();
        space.restore(at);
        space.enabled(open);
        for (std::size_t i = 0; i < open.size(); ++i) {
            if (i > 0) space.restore(at);
            space.execute(open[i]);
            if (space.violated() || !space.only_polls()) {
                verdict = PollRegionVerdict::Escapes;
                break;
            }
            if (!seen.insert(space.fingerprint()).second) continue;
            if (!within(seen.size())) {
                verdict = PollRegionVerdict::Unknown;
                break;
            }
            todo.push_back(space.save());
        }
        space.discard(at);
    }
    for (const SearchSpace::Saved s : todo) space.discard(s);
    return verdict;
}

} // namespace rankfold::mc
