// StateRegistry: capture and restore of named components, fingerprints that follow equality,
// component-by-component comparison.
#include "snapshot/StateRegistry.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace rankfold::snapshot;

namespace {

// Three stand-ins for what the checker registers: a memory-like byte vector, a runtime table,
// a monitor state.
struct Table {
    std::map<int, std::string> entries;
    bool operator==(const Table&) const = default;
};

void fingerprint_bytes(const std::vector<std::uint8_t>& v, FingerprintBuilder& b) {
    b.value(static_cast<std::uint64_t>(v.size()));
    b.bytes(v.data(), v.size());
}
void fingerprint_table(const Table& t, FingerprintBuilder& b) {
    b.value(static_cast<std::uint64_t>(t.entries.size()));
    for (const auto& [key, text] : t.entries) {
        b.value(key);
        b.value(static_cast<std::uint64_t>(text.size()));
        b.bytes(text.data(), text.size());
    }
}
void fingerprint_int(const int& v, FingerprintBuilder& b) {
    b.value(v);
}

struct System {
    std::vector<std::uint8_t> memory = {1, 2, 3};
    Table table{{{1, "one"}}};
    int monitor = 0;
    StateRegistry registry;
    System() {
        registry.add_value("memory", memory, fingerprint_bytes);
        registry.add_value("table", table, fingerprint_table);
        registry.add_value("monitor", monitor, fingerprint_int);
    }
};

// A move-only saved value through the function component: "memory" whose capture hands out a
// unique_ptr, as a RegionSet capture hands out a RegionSnapshot.
struct MoveOnlySaved {
    std::unique_ptr<int> value;
};

} // namespace

TEST_CASE("StateRegistry: names in registration order, duplicates rejected", "[snapshot][state]") {
    System s;
    CHECK(s.registry.component_names() == std::vector<std::string>{"memory", "table", "monitor"});
    CHECK(s.registry.size() == 3);
    CHECK(s.registry.index_of("table") == 1);
    CHECK_THROWS_AS(s.registry.index_of("nothing"), std::out_of_range);
    int other = 0;
    CHECK_THROWS_AS(s.registry.add_value("table", other, fingerprint_int), std::invalid_argument);
    CHECK_THROWS_AS(s.registry.add_value("", other, fingerprint_int), std::invalid_argument);
    CHECK(s.registry.size() == 3);
}

TEST_CASE("StateRegistry: capture and restore round trip", "[snapshot][state]") {
    System s;
    const StateSnapshot before = s.registry.capture();
    REQUIRE(before.size() == 3);
    CHECK(before.value<int>(2) == 0);
    CHECK(before.value<Table>(1).entries.at(1) == "one");
    CHECK_THROWS_AS(before.value<int>(0), std::bad_cast);

    s.memory.push_back(4);
    s.table.entries[2] = "two";
    s.monitor = 7;
    s.registry.restore(before);
    CHECK(s.memory == std::vector<std::uint8_t>{1, 2, 3});
    CHECK(s.table.entries.size() == 1);
    CHECK(s.monitor == 0);

    const StateSnapshot again = s.registry.capture();
    CHECK(again.fingerprint() == before.fingerprint());
    CHECK(s.registry.equal(again, before));
}

TEST_CASE("StateRegistry: equal values give equal fingerprints", "[snapshot][state]") {
    System a, b;
    // Reached differently: b changes and changes back.
    b.table.entries[5] = "five";
    b.monitor = 3;
    b.table.entries.erase(5);
    b.monitor = 0;
    const StateSnapshot sa = a.registry.capture();
    const StateSnapshot sb = b.registry.capture();
    CHECK(sa.fingerprint() == sb.fingerprint());
    for (std::size_t i = 0; i < 3; ++i) CHECK(sa.part_fingerprint(i) == sb.part_fingerprint(i));
    // Snapshots of two registries are not comparable, even when equal.
    CHECK_THROWS_AS(a.registry.equal(sa, sb), std::invalid_argument);
    CHECK(a.registry.equal(sa, a.registry.capture()));
}

TEST_CASE("StateRegistry: a change in any one component changes the fingerprint and breaks "
          "equality",
          "[snapshot][state]") {
    const auto change = GENERATE(0, 1, 2);
    System s;
    const StateSnapshot base = s.registry.capture();
    switch (change) {
    case 0:
        s.memory[1] = 9;
        break;
    case 1:
        s.table.entries[1] = "uno";
        break;
    default:
        s.monitor = 1;
        break;
    }
    const StateSnapshot changed = s.registry.capture();
    CHECK(changed.fingerprint() != base.fingerprint());
    CHECK_FALSE(s.registry.equal(changed, base));
    CHECK(s.registry.first_difference(changed, base) == static_cast<std::size_t>(change));
    for (std::size_t i = 0; i < 3; ++i)
        CHECK((changed.part_fingerprint(i) == base.part_fingerprint(i)) ==
              (i != static_cast<std::size_t>(change)));
}

TEST_CASE("StateRegistry: the order of parts is part of the state", "[snapshot][state]") {
    // Two components swapping values are a different state.
    int x = 1, y = 2;
    StateRegistry r;
    r.add_value("x", x, fingerprint_int);
    r.add_value("y", y, fingerprint_int);
    const StateSnapshot a = r.capture();
    std::swap(x, y);
    const StateSnapshot b = r.capture();
    CHECK(a.fingerprint() != b.fingerprint());
    CHECK_FALSE(r.equal(a, b));
}

TEST_CASE("StateRegistry: restore of an older snapshot after several changes",
          "[snapshot][state]") {
    System s;
    std::vector<StateSnapshot> history;
    for (int step = 0; step < 5; ++step) {
        history.push_back(s.registry.capture());
        s.memory.push_back(static_cast<std::uint8_t>(step));
        s.table.entries[step] = std::to_string(step);
        s.monitor += 2;
    }
    const StateSnapshot latest = s.registry.capture();
    s.registry.restore(history[1]);
    CHECK(s.memory == std::vector<std::uint8_t>{1, 2, 3, 0});
    CHECK(s.table.entries == std::map<int, std::string>{{0, "0"}, {1, "one"}});
    CHECK(s.monitor == 2);
    CHECK(s.registry.capture().fingerprint() == history[1].fingerprint());
    // Forward again, then back to the very first.
    s.registry.restore(latest);
    CHECK(s.registry.equal(s.registry.capture(), latest));
    s.registry.restore(history[0]);
    CHECK(s.registry.equal(s.registry.capture(), history[0]));
    for (std::size_t i = 1; i < history.size(); ++i)
        CHECK(history[i].fingerprint() != history[i - 1].fingerprint());
}

TEST_CASE("StateRegistry: snapshots are checked against their registry", "[snapshot][state]") {
    System s;
    const StateSnapshot old = s.registry.capture();
    int late = 0;
    s.registry.add_value("late", late, fingerprint_int);
    CHECK_THROWS_AS(s.registry.restore(old), std::invalid_argument);
    CHECK_THROWS_AS(s.registry.restore(StateSnapshot{}), std::invalid_argument);
    StateSnapshot fresh = s.registry.capture();
    CHECK(fresh.size() == 4);
    CHECK_THROWS_AS(s.registry.equal(old, fresh), std::invalid_argument);
    // Moved, a snapshot keeps its parts and fingerprint.
    const Fingerprint f = fresh.fingerprint();
    StateSnapshot moved = std::move(fresh);
    CHECK(moved.fingerprint() == f);
    s.registry.restore(moved);
}

TEST_CASE("StateRegistry: a component of four functions with a move-only saved value",
          "[snapshot][state]") {
    int live = 5;
    int captures = 0;
    StateRegistry r;
    r.add_functions<MoveOnlySaved>(
        "boxed",
        {.capture =
             [&] {
                 ++captures;
                 return MoveOnlySaved{std::make_unique<int>(live)};
             },
         .restore = [&](const MoveOnlySaved& s) { live = *s.value; },
         .fingerprint = [](const MoveOnlySaved& s, FingerprintBuilder& b) { b.value(*s.value); },
         .equal = [](const MoveOnlySaved& a,
                     const MoveOnlySaved& b) { return *a.value == *b.value; }});
    const StateSnapshot five = r.capture();
    live = 6;
    const StateSnapshot six = r.capture();
    CHECK(captures == 2);
    CHECK(*five.value<MoveOnlySaved>(0).value == 5);
    CHECK(five.fingerprint() != six.fingerprint());
    CHECK_FALSE(r.equal(five, six));
    r.restore(five);
    CHECK(live == 5);
    CHECK(r.equal(r.capture(), five));
    CHECK_THROWS_AS(r.add_functions<int>("incomplete", {}), std::invalid_argument);
}

TEST_CASE("StateRegistry: an empty registry has one state", "[snapshot][state]") {
    StateRegistry r;
    const StateSnapshot a = r.capture();
    const StateSnapshot b = r.capture();
    CHECK(a.fingerprint() == b.fingerprint());
    CHECK(r.equal(a, b));
    r.restore(a);
}

TEST_CASE("StateRegistry: a deferred capture has the full capture's fingerprint and is copied "
          "only when completed",
          "[snapshot][state]") {
    System s;
    s.monitor = 5;
    StateSnapshot deferred = s.registry.capture_deferred();
    const StateSnapshot full = s.registry.capture();
    CHECK(deferred.deferred());
    CHECK_FALSE(full.deferred());
    CHECK(deferred.fingerprint() == full.fingerprint());
    for (std::size_t i = 0; i < 3; ++i)
        CHECK(deferred.part_fingerprint(i) == full.part_fingerprint(i));
    // Not restorable or comparable before it is completed.
    CHECK_THROWS_AS(s.registry.restore(deferred), std::invalid_argument);
    CHECK_THROWS_AS(s.registry.equal(deferred, full), std::invalid_argument);

    s.registry.complete(deferred); // the live state has not changed since the capture
    CHECK_FALSE(deferred.deferred());
    CHECK(s.registry.equal(deferred, full));
    s.monitor = 9;
    s.table.entries[3] = "three";
    s.registry.restore(deferred);
    CHECK(s.monitor == 5);
    CHECK(s.table.entries.size() == 1);
}

TEST_CASE("StateRegistry: a function component is captured at once even when deferred",
          "[snapshot][state]") {
    StateRegistry registry;
    int live = 3;
    int captures = 0;
    registry.add_functions<int>("counted", {[&] {
                                                ++captures;
                                                return live;
                                            },
                                            [&](const int& v) { live = v; },
                                            [](const int& v, FingerprintBuilder& b) { b.value(v); },
                                            [](const int& a, const int& b) { return a == b; }});
    int value = 1;
    registry.add_value("value", value, fingerprint_int);
    StateSnapshot s = registry.capture_deferred();
    CHECK(captures == 1); // no live fingerprint for functions: captured now
    CHECK(s.deferred());
    registry.complete(s);
    CHECK(captures == 1); // completing copies only what was deferred
    CHECK(s.value<int>(0) == 3);
    CHECK(s.value<int>(1) == 1);
}

TEST_CASE("StateRegistry: a capture without fingerprint restores, uses the component's own "
          "capture for it, and refuses to be fingerprinted or compared",
          "[snapshot][state]") {
    StateRegistry registry;
    int live = 3;
    int full_captures = 0, bare_captures = 0, fingerprints = 0;
    registry.add_functions<int>("counted",
                                {.capture =
                                     [&] {
                                         ++full_captures;
                                         return live;
                                     },
                                 .restore = [&](const int& v) { live = v; },
                                 .fingerprint =
                                     [&](const int& v, FingerprintBuilder& b) {
                                         ++fingerprints;
                                         b.value(v);
                                     },
                                 .equal = [](const int& a, const int& b) { return a == b; },
                                 .capture_unfingerprinted =
                                     [&] {
                                         ++bare_captures;
                                         return live;
                                     }});
    int value = 1;
    registry.add_value("value", value, fingerprint_int); // no capture of its own: capture()
    const StateSnapshot bare = registry.capture_unfingerprinted();
    CHECK(bare_captures == 1);
    CHECK(full_captures == 0);
    CHECK(fingerprints == 0);
    CHECK_FALSE(bare.fingerprinted());
    CHECK_FALSE(bare.deferred());
    CHECK(bare.value<int>(0) == 3);
    CHECK(bare.value<int>(1) == 1);
    CHECK_THROWS_AS(bare.fingerprint(), std::logic_error);
    CHECK_THROWS_AS(bare.part_fingerprint(0), std::logic_error);
    const StateSnapshot full = registry.capture();
    CHECK(full.fingerprinted());
    CHECK_THROWS_AS(registry.equal(bare, full), std::invalid_argument);
    CHECK_THROWS_AS(registry.equal(full, bare), std::invalid_argument);

    live = 8;
    value = 9;
    registry.restore(bare);
    CHECK(live == 3);
    CHECK(value == 1);
    CHECK(registry.capture().fingerprint() == full.fingerprint());
}
