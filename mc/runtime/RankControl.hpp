// A rank's state outside its memory: where it stands in its run, the call it waits in and
// where its fiber resumes. Part of every snapshot; the call lives on the rank's stack, which
// the memory snapshot holds, so the pointer stays valid across a restore.
#pragma once

#include "simulated-mpi/interface/RankCall.hpp"

#include <boost/context/detail/fcontext.hpp>

#include <cstdint>

namespace rankfold::mc {

enum class RankStatus : std::uint8_t {
    Running,  // on its fiber now
    AtCall,   // made a visible call that is not issued yet
    Blocked,  // its call is issued and waits to complete
    Finished, // returned from main or called exit
    Failed,   // ended in a violation
};

struct RankControl {
    RankStatus status = RankStatus::Running;
    mpi::RankCall* call = nullptr;
    bool crashed = false;                                 // crashed, not yet described
    boost::context::detail::fcontext_t context = nullptr; // saved stack pointer
    friend bool operator==(const RankControl&, const RankControl&) = default;
};

inline bool ended(RankStatus s) {
    return s == RankStatus::Finished || s == RankStatus::Failed;
}

} // namespace rankfold::mc
