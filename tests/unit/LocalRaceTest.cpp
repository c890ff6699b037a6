#include "properties/races/LocalRace.hpp"
#include "mc/runtime/AccessFilter.h"
#include "properties/races/RaceMonitor.hpp"

#include <catch2/catch.hpp>

#include <memory>

using namespace rankfold::properties;
using namespace rankfold::properties::races;
using rankfold::CodeLocation;

namespace {

class Collected : public Verdicts {
public:
    std::vector<Violation> violations;
    void report_violation(Violation v) override { violations.push_back(std::move(v)); }
    void report_warning(Violation) override {}
};

PendingBuffer pending(std::uint64_t id, const char* name, BufferUse use,
                      std::vector<ByteRange> bytes, std::uintptr_t site = 0) {
    return PendingBuffer{id, name, use, normalized(std::move(bytes)), site};
}

// A race monitor over 2 ranks whose sites are "located" as line numbers of "p.c".
struct Harness {
    Collected verdicts;
    RaceMonitor monitor{
        verdicts, 2, [](std::uintptr_t site) {
            return std::optional<CodeLocation>(CodeLocation{"p.c", static_cast<int>(site), ""});
        }};
    void post(int rank, std::vector<PendingBuffer> buffers) {
        monitor.on_pending_buffers({rank, buffers});
    }
    void touch(int rank, std::uintptr_t address, std::size_t size, bool write,
               std::uintptr_t line) {
        monitor.on_memory_access({rank, address, size, write, line, ""});
    }
};

} // namespace

TEST_CASE("byte ranges are merged and intersected exactly", "[races]") {
    const auto ranges = normalized({{40, 48}, {0, 8}, {8, 16}, {20, 20}});
    REQUIRE(ranges.size() == 2);
    CHECK(ranges[0] == ByteRange{0, 16});
    CHECK(ranges[1] == ByteRange{40, 48});
    CHECK_FALSE(shared_bytes(ranges, ByteRange{16, 40}));
    CHECK(shared_bytes(ranges, ByteRange{12, 44}) == ByteRange{12, 16});
    CHECK(shared_bytes(ranges, ByteRange{46, 60}) == ByteRange{46, 48});
    CHECK_FALSE(shared_bytes(ranges, ByteRange{60, 70}));
    CHECK_FALSE(shared_bytes(ranges, ByteRange{4, 4})); // an empty access touches nothing
}

TEST_CASE("the race predicate of a load or store against a pending buffer", "[races]") {
    const auto send = pending(0, "MPI_Isend", BufferUse::Reads, {{100, 132}});
    const auto recv = pending(1, "MPI_Irecv", BufferUse::Writes, {{100, 132}});
    CHECK_FALSE(access_conflict(send, {104, 108}, false)); // reading a send buffer is fine
    CHECK(access_conflict(send, {104, 108}, true) == ByteRange{104, 108});
    CHECK(access_conflict(recv, {104, 108}, false) == ByteRange{104, 108});
    CHECK(access_conflict(recv, {130, 140}, true) == ByteRange{130, 132});
    CHECK_FALSE(access_conflict(recv, {132, 140}, true)); // just past the buffer
    CHECK_FALSE(access_conflict(recv, {90, 100}, true));  // just before it
}

TEST_CASE("two pending operations conflict only on shared bytes with a writer", "[races]") {
    // Two vector types of stride 2 over one array: their spans overlap, their bytes do not.
    const auto even = pending(0, "MPI_Irecv", BufferUse::Writes, {{0, 4}, {8, 12}, {16, 20}});
    const auto odd = pending(1, "MPI_Irecv", BufferUse::Writes, {{4, 8}, {12, 16}, {20, 24}});
    CHECK_FALSE(operations_conflict(even, odd));
    const auto send_a = pending(2, "MPI_Isend", BufferUse::Reads, {{0, 24}});
    const auto send_b = pending(3, "MPI_Isend", BufferUse::Reads, {{0, 24}});
    CHECK_FALSE(operations_conflict(send_a, send_b)); // two sends of one buffer
    CHECK(operations_conflict(send_a, odd) == ByteRange{4, 8});
}

TEST_CASE("a store to a pending send buffer is a race naming both accesses", "[races]") {
    Harness h;
    h.post(0, {pending(0, "MPI_Isend", BufferUse::Reads, {{1000, 1016}}, 9)});
    h.touch(0, 1004, 4, false, 10); // a read: fine
    h.touch(1, 1004, 4, true, 10);  // another rank's memory at that address: not this buffer
    h.touch(0, 1016, 8, true, 10);  // past the buffer
    CHECK(h.verdicts.violations.empty());
    h.touch(0, 1008, 4, true, 11);
    REQUIRE(h.verdicts.violations.size() == 1);
    const Violation& v = h.verdicts.violations[0];
    CHECK(v.kind == ViolationKind::Race);
    CHECK(v.subkind == "local-buffer");
    CHECK(v.rank == 0);
    REQUIRE(v.race);
    CHECK(v.race->first.location->line == 9);
    CHECK(v.race->second.location->line == 11);
    CHECK(v.race->second.address == 1008);
    CHECK(v.race->second.bytes == 4);
    CHECK(v.location == v.race->second.location);
}

TEST_CASE("completion ends the watch: the same store after the wait is fine", "[races]") {
    Harness h;
    h.post(0, {pending(0, "MPI_Irecv", BufferUse::Writes, {{1000, 1016}}, 9)});
    CHECK(h.monitor.hull(0) == ByteRange{1000, 1016});
    h.post(0, {}); // MPI_Wait returned it
    CHECK(h.monitor.hull(0) == ByteRange{});
    h.touch(0, 1000, 16, true, 12);
    CHECK(h.verdicts.violations.empty());
}

TEST_CASE("a receive started on bytes a pending receive writes is a race", "[races]") {
    Harness h;
    const auto first = pending(0, "MPI_Irecv", BufferUse::Writes, {{0, 16}}, 5);
    h.post(1, {first});
    h.post(1, {first, pending(1, "MPI_Irecv", BufferUse::Writes, {{8, 24}}, 6)});
    REQUIRE(h.verdicts.violations.size() == 1);
    const Violation& v = h.verdicts.violations[0];
    CHECK(v.race->first.location->line == 5);
    CHECK(v.race->second.location->line == 6);
    CHECK(v.race->second.address == 8);
    CHECK(v.race->second.bytes == 8);
}

TEST_CASE("the race monitor's state is a value: saved, compared, restored", "[races]") {
    Harness h;
    CHECK(h.monitor.save() == nullptr); // nothing pending: no snapshot cost
    h.post(0, {pending(0, "MPI_Irecv", BufferUse::Writes, {{0, 16}}, 5)});
    const std::unique_ptr<MonitorState> saved = h.monitor.save();
    REQUIRE(saved);
    CHECK(saved->equals(*saved->clone()));
    h.post(0, {pending(0, "MPI_Irecv", BufferUse::Writes, {{0, 8}}, 5)});
    CHECK_FALSE(saved->equals(*h.monitor.save()));
    rankfold::snapshot::FingerprintBuilder a, b;
    saved->fingerprint(a);
    h.monitor.save()->fingerprint(b);
    CHECK(a.digest() != b.digest());
    h.post(0, {});
    CHECK(h.monitor.save() == nullptr);
    h.monitor.restore(*saved);
    CHECK(h.monitor.hull(0) == ByteRange{0, 16});
    h.touch(0, 0, 1, false, 7);
    CHECK(h.verdicts.violations.size() == 1);
    h.monitor.clear();
    CHECK(h.monitor.hull(0) == ByteRange{});
}

TEST_CASE("the range filter lets far accesses through and stops near ones", "[races][filter]") {
    rankfold_access_filter f{};
    // Nothing watched, no heap: nothing needs the slow path.
    CHECK_FALSE(rankfold_access_needs_check(&f, 0x1000, 8));
    f.watch_low = 0x1000;
    f.watch_high = 0x1010;
    CHECK(rankfold_access_needs_check(&f, 0x1008, 4));
    CHECK(rankfold_access_needs_check(&f, 0x0ffc, 8)); // straddles the start
    CHECK_FALSE(rankfold_access_needs_check(&f, 0x0ffc, 4));
    CHECK_FALSE(rankfold_access_needs_check(&f, 0x1010, 4));
    // A heap: every access into it is checked until a block is known live.
    f.heap_low = 0x100000;
    f.heap_size = 0x10000;
    CHECK(rankfold_access_needs_check(&f, 0x100100, 4));
    f.known_low = 0x100100;
    f.known_high = 0x100110;
    CHECK_FALSE(rankfold_access_needs_check(&f, 0x100100, 16));
    CHECK(rankfold_access_needs_check(&f, 0x100108, 16));      // runs past the known block
    CHECK(rankfold_access_needs_check(&f, 0x1000f8, 8));       // below it
    CHECK_FALSE(rankfold_access_needs_check(&f, 0x0fff00, 8)); // below the heap
    CHECK_FALSE(rankfold_access_needs_check(&f, 0x110000, 8)); // above it
}
