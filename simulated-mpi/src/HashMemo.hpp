// Digests of the parts of the MPI world that seldom change (a rank's local tables, the
// communicators), kept between hashes: MpiWorld::hash feeds such a part's digest instead of
// its fields, and the digest is computed again only when the part differs from the value it was
// last computed for.
//
// A part is recognised by equality with a copy of it, not by marking writes dirty: the runtime
// changes these tables from many places (local calls, collectives, restores of snapshots), and
// a missed mark would make two different states hash alike. Comparing a table with its copy is
// far cheaper than feeding it field by field to XXH3, and it is exact: equal values feed equal
// digests, so the memo never changes a digest, only how often it is computed (MpiWorldHashTest
// checks digests with and without it). Parts whose digest depends on more than their value
// (the requests under the heap canonical form) or that change with nearly every step (the
// queues) are not kept here.
#pragma once

#include "simulated-mpi/src/StateHasher.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace rankfold::mpi {

struct RankState;
class CommRegistry;

// One part's last value and its digest.
template <class Part> class PartMemo {
public:
    template <class Feed> std::uint64_t digest(const Part& part, const Feed& feed) {
        if (last_ && *last_ == part) {
            ++hits_;
            return digest_;
        }
        StateHasher h;
        feed(h, part);
        digest_ = h.digest();
        last_ = part;
        return digest_;
    }
    std::uint64_t hits() const { return hits_; }

private:
    std::optional<Part> last_;
    std::uint64_t digest_ = 0;
    std::uint64_t hits_ = 0;
};

// The digest of `rank`'s local tables (operators, groups, keyvals, datatypes, info objects,
// error handlers, error codes); `memo` null computes it from scratch.
class HashMemo;
std::uint64_t rank_tables_digest(const RankState& s, std::size_t rank, HashMemo* memo);
// The digest of the communicators; `memo` null computes it from scratch.
std::uint64_t comms_digest(const CommRegistry& comms, HashMemo* memo);

// The memo of the running thread (hashes of several worlds share it: a miss only costs the
// computation that would have been done anyway).
HashMemo& thread_hash_memo();
// How many part digests the running thread's memo gave without computing them (tests).
std::uint64_t thread_hash_memo_hits();

} // namespace rankfold::mpi
