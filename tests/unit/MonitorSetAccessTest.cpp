// MonitorSet hands a rank's memory accesses only to the monitors that watched some of its bytes
// when the hull was last computed (watched_bytes, as AccessChecker::rewatch does before a rank
// runs).
#include "properties/MonitorSet.hpp"

#include <catch2/catch.hpp>

using namespace rankfold::properties;

namespace {

class CountingMonitor final : public Monitor {
public:
    CountingMonitor(Verdicts& v, ByteRange watched) : Monitor(v), watched_(watched) {}
    std::string_view name() const override { return "counting"; }
    ByteRange watched_bytes(int /*rank*/) const override { return watched_; }
    void on_memory_access(const MemoryAccessEvent& /*e*/) override { ++accesses; }
    void watch(ByteRange r) { watched_ = r; }
    int accesses = 0;

private:
    ByteRange watched_;
};

MemoryAccessEvent store(int rank, std::uintptr_t at) {
    return {rank, at, 4, true, 0, ""};
}

} // namespace

TEST_CASE("memory accesses go to the monitors that watch the rank's bytes", "[monitors]") {
    MonitorSet set;
    auto& watching = set.add<CountingMonitor>(ByteRange{100, 200});
    auto& idle = set.add<CountingMonitor>(ByteRange{});
    // Before any hull is computed, every monitor hears every access.
    set.on_memory_access(store(0, 120));
    CHECK(watching.accesses == 1);
    CHECK(idle.accesses == 1);
    CHECK(set.watched_bytes(0) == ByteRange{100, 200});
    set.on_memory_access(store(0, 120));
    CHECK(watching.accesses == 2);
    CHECK(idle.accesses == 1);
    // Rank 1's hull was never computed: its accesses still reach both.
    set.on_memory_access(store(1, 120));
    CHECK(idle.accesses == 2);
    // Once the idle monitor watches something, the next hull includes it.
    idle.watch({300, 304});
    CHECK(set.watched_bytes(0) == ByteRange{100, 304});
    set.on_memory_access(store(0, 300));
    CHECK(idle.accesses == 3);
    CHECK(watching.accesses == 4);
}

TEST_CASE("the watched hull is computed again only after an event or a restore", "[monitors]") {
    MonitorSet set;
    auto& m = set.add<CountingMonitor>(ByteRange{100, 200});
    CHECK(set.watched_bytes(0) == ByteRange{100, 200});
    // A monitor's state changes through events only: a change behind the set's back is not
    // seen (the cache answers), the next event makes the set ask again.
    m.watch({100, 300});
    CHECK(set.watched_bytes(0) == ByteRange{100, 200});
    set.on_sync({0, SyncStep::Release, 1, 0});
    CHECK(set.watched_bytes(0) == ByteRange{100, 300});
    // Each rank has its own entry.
    m.watch({0, 8});
    set.on_sync({0, SyncStep::Release, 1, 0});
    CHECK(set.watched_bytes(1) == ByteRange{0, 8});
    m.watch({8, 16});
    CHECK(set.watched_bytes(1) == ByteRange{0, 8});
    // A restore changes monitor states too.
    set.restore(set.save());
    CHECK(set.watched_bytes(1) == ByteRange{8, 16});
    CHECK(set.watched_bytes(0) == ByteRange{8, 16});
}
