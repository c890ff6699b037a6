#include "simulated-mpi/src/HashMemo.hpp"

#include "simulated-mpi/src/CommRegistry.hpp"
#include "simulated-mpi/src/WorldCore.hpp"

namespace rankfold::mpi {

namespace {

// A rank's local tables by value: what rank_tables_digest feeds, and all it feeds.
struct RankTables {
    OpTable ops;
    GroupTable groups;
    KeyvalTable keyvals;
    DatatypeTable datatypes;
    InfoTable infos;
    ErrhandlerTable errhandlers;
    ErrorCodeTable error_codes;

    // Compares in place with a rank's state, so that a hit copies nothing.
    friend bool operator==(const RankTables& t, const RankState& s) {
        return t.ops == s.ops && t.groups == s.groups && t.keyvals == s.keyvals &&
               t.datatypes == s.datatypes && t.infos == s.infos && t.errhandlers == s.errhandlers &&
               t.error_codes == s.error_codes;
    }
};

void feed_tables(StateHasher& h, const RankState& s) {
    feed(h, s.ops);
    s.groups.feed(h);
    s.keyvals.feed(h);
    s.datatypes.feed(h);
    // Only once the rank made one of these: the tables are empty in most programs.
    const bool infos = !s.infos.empty();
    const bool errhandlers = !s.errhandlers.empty();
    const bool error_codes = !s.error_codes.empty();
    h.value(static_cast<std::uint8_t>(infos | errhandlers << 1 | error_codes << 2));
    if (infos) s.infos.feed(h);
    if (errhandlers) s.errhandlers.feed(h);
    if (error_codes) s.error_codes.feed(h);
}

// PartMemo for a rank's tables: compared against the RankState they live in, copied out of
// it on a miss.
class RankTablesMemo {
public:
    std::uint64_t digest(const RankState& s, std::uint64_t& hits) {
        if (last_ && *last_ == s) {
            ++hits;
            return digest_;
        }
        StateHasher h;
        feed_tables(h, s);
        digest_ = h.digest();
        last_ = RankTables{s.ops,   s.groups,      s.keyvals,    s.datatypes,
                           s.infos, s.errhandlers, s.error_codes};
        return digest_;
    }

private:
    std::optional<RankTables> last_;
    std::uint64_t digest_ = 0;
};

void feed_comms(StateHasher& h, const CommRegistry& comms) {
    comms.feed(h);
}

} // namespace

class HashMemo {
public:
    std::vector<RankTablesMemo> ranks;
    PartMemo<CommRegistry> comms;
    std::uint64_t rank_hits = 0;
};

std::uint64_t rank_tables_digest(const RankState& s, std::size_t rank, HashMemo* memo) {
    if (memo == nullptr) {
        StateHasher h;
        feed_tables(h, s);
        return h.digest();
    }
    if (memo->ranks.size() <= rank) memo->ranks.resize(rank + 1);
    return memo->ranks[rank].digest(s, memo->rank_hits);
}

std::uint64_t comms_digest(const CommRegistry& comms, HashMemo* memo) {
    if (memo == nullptr) {
        StateHasher h;
        feed_comms(h, comms);
        return h.digest();
    }
    return memo->comms.digest(comms, feed_comms);
}

HashMemo& thread_hash_memo() {
    thread_local HashMemo memo;
    return memo;
}

std::uint64_t thread_hash_memo_hits() {
    const HashMemo& memo = thread_hash_memo();
    return memo.rank_hits + memo.comms.hits();
}

} // namespace rankfold::mpi
