#include "mc/search/Transition.hpp"

#include <array>

namespace rankfold::mc {
namespace {
// Stable names: they are written to trace files.
constexpr std::array<std::string_view, kTransitionKinds> kNames{
    "wildcard-match", "probe-report",   "completion-pick",  "test-outcome",  "send-buffering",
    "lock-grant",     "remote-landing", "landing-deferred", "cancel-outcome"};
} // namespace

std::string_view kind_name(TransitionKind kind) {
    return kNames[static_cast<std::size_t>(kind)];
}

bool parse_kind(std::string_view name, TransitionKind& kind) {
    for (std::size_t i = 0; i < kNames.size(); ++i)
        if (kNames[i] == name) {
            kind = static_cast<TransitionKind>(i);
            return true;
        }
    return false;
}

} // namespace rankfold::mc
