// What the remote race state may forget (issue 16/18: the monitor's knowledge must not split
// states that no continuation can tell apart). Each rule removes an item (a live one-sided
// operation, or a record of a target's own accesses) only when another item kept in the state
// reports on every continuation where the removed one would have: the verdict of every
// continuation is unchanged; only which of two racing partners a report names can change.
//
// The argument rests on how knowledge moves (RemoteRaces.cpp, pass()): an item's knowledge is a
// set K of ranks and a set C of tokens; a Release or Arrive of a rank in K adds its token to C,
// an Acquire or Depart of a token in C adds the rank to K, and an Acquire of a message token
// removes it from C. Each step is monotone in (K, C) and the same for every item, so
//     K_y ⊆ K_x and C_y ⊆ C_x   (y "knows at most" what x knows)
// holds after any sequence of synchronisation steps if it holds now: whoever will know y
// will know x too. An item is dropped once everyone knows it (K = all ranks); y's dropping then
// implies x's.
#pragma once

#include "properties/races/RemoteRaces.hpp"

#include <vector>

namespace rankfold::properties::races {

// Whether every access that conflicts with `x` conflicts with `y` (remote_conflict): a plain
// (non-atomic) write conflicts with everything; otherwise only an identical kind of access.
bool conflicts_cover(const RemoteOp& y, const RemoteOp& x);

// Whether `y` makes `x` redundant: both target the same rank, y's bytes hold x's, y conflicts
// with whatever x conflicts with, and either
//   - both are complete, y knows at most what x knows (everyone who will ever be ordered
//     after y is ordered after x), and y's origin's completion events, which still teach a
//     completed operation, teach x as well (same origin and window) or add nothing x lacks
//     (x's knowers hold y's origin), or
//   - neither is complete and they will complete together (same origin, window and target:
//     every completion event that matches one matches the other, and gives both the same
//     knowledge; before it, neither is known by anyone).
// OpenSHMEM operations land one by one and learn by fences (ShmemOrder.cpp): only two landed
// ones of one stream qualify, y fenced at most as often as x.
bool op_subsumes(const RemoteOp& y, const RemoteOp& x);

// Whether record `y` of a rank's own accesses makes record `x` of the same rank redundant:
// y's writes hold x's writes, y's reads and writes together hold x's reads (an operation that
// conflicts with a read writes, so it conflicts with a write of those bytes too), and y knows
// at most what x knows.
bool accesses_subsume(const TargetAccesses& y, const TargetAccesses& x);

// Applies the rules: drops every redundant operation and record (of two that make each other
// redundant, the later one goes), and merges records of one rank that know exactly the same
// (their futures are identical, so one record with both ranges reports on exactly the same
// continuations).
void forget_redundant(std::vector<RemoteOp>& ops, std::vector<TargetAccesses>& accesses);

} // namespace rankfold::properties::races
