// Notices when a single run goes round a polling loop: along a stretch of consecutive poll-only
// states (every open choice a test's "not yet"), a state whose fingerprint came before in the
// same stretch. That is the moment to search the region of polls around it (PollRegionCheck).
//
// Short stretches are the rule in correct programs (a poll says "not yet" while the message is
// one step away), so fingerprints are taken only after kWarmup poll-only states in a row; a
// loop whose state never repeats (a counter) is remembered up to kRemembered states, then
// forgotten and watched anew. Once its region has been judged, a stretch is not watched again:
// the run goes on as it would have (the region was left on some other run, or the check ran
// out of bounds).
#pragma once

#include "snapshot/Fingerprint.hpp"

#include <cstddef>
#include <cstdint>
#include <unordered_set>

namespace rankfold::mc {

class PollLoopWatch {
public:
    static constexpr std::uint64_t kWarmup = 16;
    static constexpr std::size_t kRemembered = std::size_t{1} << 16;

    // A state that is not poll-only: the stretch ends.
    void progress() {
        stretch_ = 0;
        judged_ = false;
        seen_.clear();
    }
    // At a poll-only state: whether to fingerprint it and ask repeats().
    bool wants_fingerprint() { return ++stretch_ > kWarmup && !judged_; }
    // Whether this poll-only state's fingerprint came before in the stretch.
    bool repeats(const snapshot::Fingerprint& state) {
        if (seen_.size() >= kRemembered) seen_.clear();
        return !seen_.insert(state).second;
    }
    // The stretch's region was judged: nothing more to watch until it ends.
    void judged() {
        judged_ = true;
        seen_.clear();
    }

private:
    std::uint64_t stretch_ = 0;
    bool judged_ = false;
    std::unordered_set<snapshot::Fingerprint, snapshot::FingerprintHash> seen_;
};

} // namespace rankfold::mc
