#include "simulated-mpi/src/HashMemo.hpp"

#include "simulated-mpi/src/CommRegistry.hpp"
#include "simulated-mpi/src/WorldCore.hpp"

namespace rankfold::mpi {

namespace {

void feed_tables(StateHasher& h, const RankTables& s) {
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

void feed_comms(StateHasher& h, const CommRegistry& comms) {
    comms.feed(h);
}

} // namespace

class HashMemo {
public:
    std::vector<PartMemo<RankTables>> ranks;
    PartMemo<CommRegistry> comms;
};

std::uint64_t rank_tables_digest(const RankState& s, std::size_t rank, HashMemo* memo) {
    if (memo == nullptr) {
        StateHasher h;
        feed_tables(h, s);
        return h.digest();
    }
    if (memo->ranks.size() <= rank) memo->ranks.resize(rank + 1);
    return memo->ranks[rank].digest(s, feed_tables);
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
    std::uint64_t hits = memo.comms.hits();
    for (const auto& rank : memo.ranks) hits += rank.hits();
    return hits;
}

} // namespace rankfold::mpi
