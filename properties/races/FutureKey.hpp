// The part of the remote race state that the future depends on, in a canonical order: what
// state matching hashes and compares (RaceState::fingerprint, RaceState::equals), so that two
// paths whose race knowledge differs only in ways no continuation can observe reach one state.
//
// Left out, because no later event reads them (RemoteRaces.cpp) and they only shape the text
// of a report: the order in which items were created (every rule scans all items), the call
// sites, names and routines, and — once an operation is complete and its origin knows it —
// its origin and window (they serve only to find the operations a completion event completes
// or teaches). A rank blocked in a
// join (barrier, fence) counts as knowing what the join's token carries: it departs knowing
// it, and does nothing before; an item that every rank knows or will know so is left out.
// Two states with equal keys report on exactly the same continuations; a report may name a
// different, equally real, first access.
#pragma once

#include "properties/Monitor.hpp"
#include "properties/races/RemoteRaces.hpp"

#include <cstdint>
#include <vector>

namespace rankfold::properties::races {

// With `in_heap` (semantic equality), a range of program memory that lies in one live heap
// block is a mark and its length: where the block lies is not state. future_roots lists those
// ranges' starts, roots of the heap canonical form that say which block and offset each is.
std::vector<std::uint64_t> future_key(const RemoteRaces& remote, const InHeap* in_heap = nullptr);

// The start of every range of `rank`'s memory the key holds, in an order that follows from
// the key: its operations and accesses by their words with every address marked (items alike
// but for their addresses by those), then the exposed and the shared windows' bytes.
void future_roots(const RemoteRaces& remote, int rank, std::vector<std::uintptr_t>& out);

} // namespace rankfold::properties::races
