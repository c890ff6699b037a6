// Where each heap block of the ranks was allocated, and which were freed since: what a report
// of an out-of-bounds access or a use after free names. Kept in checker memory, by address
// (arenas of different ranks never share one). Not part of a snapshot: after a backtrack a
// record may describe the block a later path put at that address; the arena itself, which is
// restored, decides whether an access is an error, this table only words the message (a
// counterexample's replay, which runs one path, words it exactly).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>

namespace rankfold::mc {

class HeapBlockSites {
public:
    struct Record {
        std::uintptr_t start = 0;
        std::size_t size = 0;    // as the program asked
        std::uintptr_t site = 0; // return address of the allocating call
        bool live = true;
        std::uintptr_t freed_at = 0; // return address of the freeing call
    };
    void allocated(std::uintptr_t start, std::size_t size, std::uintptr_t site);
    void released(std::uintptr_t start, std::uintptr_t site);
    // The record of the block that starts at or below `address` nearest to it.
    std::optional<Record> at_or_below(std::uintptr_t address) const;

private:
    std::map<std::uintptr_t, Record> records_;
};

} // namespace rankfold::mc
