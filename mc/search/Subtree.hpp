// A part of the search given to another explorer (the parallel search, mc/parallel): the
// transitions still to try at one state, the state named by the path to it from the initial
// state. The explorer that gives it keeps the state's other transitions; the sleep set holds
// them, so that the receiver puts each of its children to sleep exactly as a single explorer
// would have (Explorer::donate).
#pragma once

#include "mc/search/Transition.hpp"
#include "mc/search/VisitedStates.hpp"

#include <cstdint>
#include <vector>

namespace rankfold::mc {

struct Subtree {
    std::vector<Transition> prefix; // from the initial state to the subtree's root
    SleepSet sleep;                 // asleep at the root: what the giver explored or keeps
    std::vector<Transition> todo;   // the root's transitions to try, in order
};

// The visited-state store an explorer asks when it is not its own (VisitedStates): in a
// parallel search, each state's owner decides whether it is new (mc/parallel/StateOwner).
// Same rule as VisitedStates::visit, but the answer may come later: Pending, with a ticket,
// and then through Explorer::settle. Meanwhile the explorer expands the state as if it were
// new (it is reachable, so nothing it finds is wrong, and no state is counted twice: only the
// owner's answer counts it); the answer then trims what the state has not started yet.
class StateStore {
public:
    enum class Answer { Fresh, Seen, Pending };
    virtual ~StateStore() = default;
    virtual Answer visit(const snapshot::Fingerprint& state, const SleepSet& sleep,
                         SleepSet& still_needed, std::uint64_t& ticket) = 0;
};

} // namespace rankfold::mc
