// The race predicate of nonblocking operations on their own rank's memory (MPI 4.0 §3.7.2: a
// send buffer may not be written, a receive buffer not accessed at all, until the operation
// completes). Pure functions over byte ranges, so that unit tests can feed them any sequence.
#pragma once

#include "properties/Event.hpp"

#include <optional>
#include <vector>

namespace rankfold::properties::races {

// The first bytes (lowest address) both sides cover, if any. `ranges` ascending and disjoint.
std::optional<ByteRange> shared_bytes(const std::vector<ByteRange>& ranges, ByteRange access);
std::optional<ByteRange> shared_bytes(const std::vector<ByteRange>& a,
                                      const std::vector<ByteRange>& b);

// A load or store of the program against a pending operation's buffer: the bytes of the
// conflict, if it is one (a write to any buffer; a read of a buffer the operation writes).
std::optional<ByteRange> access_conflict(const PendingBuffer& pending, ByteRange access,
                                         bool write);

// Two operations pending at once on the same rank: a conflict when they share bytes and one
// of them writes (two sends of one buffer are fine).
std::optional<ByteRange> operations_conflict(const PendingBuffer& a, const PendingBuffer& b);

// Sorts and merges ranges so that they are ascending, disjoint and not adjacent.
std::vector<ByteRange> normalized(std::vector<ByteRange> ranges);

} // namespace rankfold::properties::races
