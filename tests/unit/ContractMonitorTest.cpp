#include "properties/contracts/ContractMonitor.hpp"
#include "properties/contracts/ContractParser.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <cstring>
#include <initializer_list>
#include <string>

using namespace rankfold::properties;
using namespace rankfold::properties::contracts;
using rankfold::CodeLocation;

namespace {

class Collected : public Verdicts {
public:
    std::vector<Violation> violations;
    void report_violation(Violation v) override { violations.push_back(std::move(v)); }
    void report_warning(Violation) override {}
};

// A monitor over contracts written in the file syntax; sites are numbers, "located" as line
// numbers of "p.c"; memory reads go to the addresses of this process.
struct Harness {
    explicit Harness(const std::string& text, bool accesses = true) {
        std::string error;
        auto d = parse_contracts(text, "t.h", error);
        INFO(error);
        REQUIRE(d);
        set.add(*d);
        monitor = std::make_unique<ContractMonitor>(
            verdicts, set,
            [](std::uint64_t address, std::size_t bytes, std::uint64_t& value) {
                value = 0;
                std::memcpy(&value, reinterpret_cast<const void*>(address), bytes);
                return true;
            },
            [](std::uintptr_t site) {
                return std::optional<CodeLocation>(CodeLocation{"p.c", static_cast<int>(site), ""});
            },
            accesses);
    }
    // A call whose argument 0 is a buffer of `bytes` bytes at `address` (argument 1: `n`).
    void buffer_call(const char* function, std::uint64_t address, std::uint64_t bytes,
                     std::uintptr_t site = 1, int rank = 0) const {
        const std::array<CallArgument, 2> a{CallArgument{address, 0, bytes}, CallArgument{3, 0}};
        monitor->on_call({rank, function, site, a});
    }
    // A load (or store) of `size` bytes at `address` by `rank`, at line `site`.
    void access(std::uintptr_t address, std::size_t size, bool write, std::uintptr_t site = 9,
                int rank = 0) const {
        monitor->on_memory_access({rank, address, size, write, site, ""});
    }
    // A call of `function` by `rank` from line `site`.
    void call(const char* function, std::initializer_list<std::uint64_t> args = {},
              std::uintptr_t site = 1, int rank = 0) const {
        std::vector<CallArgument> a;
        for (const auto v : args) a.push_back({v, 0});
        monitor->on_call({rank, function, site, a});
    }
    void pointer_call(const char* function, const int* p, std::uintptr_t site = 1) const {
        const CallArgument a{reinterpret_cast<std::uintptr_t>(p), sizeof(int)};
        monitor->on_call({0, function, site, std::span<const CallArgument>(&a, 1)});
    }
    void end() const { monitor->on_end_state({}); }
    std::size_t found() const { return verdicts.violations.size(); }
    const Violation& last() const { return verdicts.violations.back(); }

    ContractSet set;
    Collected verdicts;
    std::unique_ptr<ContractMonitor> monitor;
};

} // namespace

TEST_CASE("PRE call!: decided by the rank's earlier calls", "[contracts]") {
    Harness h("int use(int) CONTRACT(PRE { call!(init) MSG \"use before init\" });");
    h.call("use", {}, 7);
    REQUIRE(h.found() == 1);
    const Violation& v = h.last();
    CHECK(v.kind == ViolationKind::Contract);
    REQUIRE(v.contract);
    CHECK(v.contract->failed == "use before init");
    CHECK(v.contract->function == "use");
    CHECK(v.contract->contract == "PRE { call!(init) MSG \"use before init\" }");
    CHECK(v.location->line == 7);
    CHECK(v.contract->supplied_at->line == 7);

    Harness ok("int use(int) CONTRACT(PRE { call!(init) });");
    ok.call("init", {}, 1, 1); // another rank's init does not count
    ok.call("use", {}, 2, 0);
    CHECK(ok.found() == 1);
    Harness ok2("int use(int) CONTRACT(PRE { call!(init) });");
    ok2.call("init");
    ok2.call("use");
    ok2.call("use");
    CHECK(ok2.found() == 0);
}

TEST_CASE("POST call!: satisfied by a later call, else reported at the supplier at the end",
          "[contracts]") {
    Harness h("int open(int) CONTRACT(POST { call!(close, 0:0) MSG \"not closed\" });");
    h.call("open", {5}, 3);
    h.call("close", {6}, 4); // another handle
    h.end();
    REQUIRE(h.found() == 1);
    CHECK(h.last().contract->failed == "not closed");
    CHECK(h.last().location->line == 3);

    Harness ok("int open(int) CONTRACT(POST { call!(close, 0:0) });");
    ok.call("close", {5}); // before: does not count
    ok.call("open", {5});
    ok.call("close", {5});
    ok.end();
    CHECK(ok.found() == 0);
    CHECK(ok.monitor->save() == nullptr); // nothing open, nothing remembered
}

TEST_CASE("no! ... until!: the forbidden call before the release breaks it where it happens",
          "[contracts]") {
    const char* text = "int start(int) CONTRACT(POST { no! (call!(start, 0:0)) until! "
                       "(call!(finish, 0:0)) MSG \"started twice\" });";
    Harness h(text);
    h.call("start", {1}, 10);
    h.call("start", {2}, 11); // another object: fine
    h.call("start", {1}, 12);
    REQUIRE(h.found() == 1);
    CHECK(h.last().location->line == 12);
    CHECK(h.last().contract->supplied_at->line == 10);
    CHECK(h.last().message == "started twice (contract of start, supplied at p.c:10)");

    Harness ok(text);
    ok.call("start", {1});
    ok.call("finish", {1});
    ok.call("start", {1});
    ok.end(); // an unreleased no! is no violation at the end
    CHECK(ok.found() == 0);
}

TEST_CASE("| holds with one child, ^ with exactly one, lists with all", "[contracts]") {
    const char* any = "int f() CONTRACT(PRE { (call!(a) | call!(b)) MSG \"a or b\" });";
    Harness or_none(any);
    or_none.call("f");
    CHECK(or_none.found() == 1);
    Harness or_one(any);
    or_one.call("b");
    or_one.call("f");
    CHECK(or_one.found() == 0);

    const char* one = R"x(int f() CONTRACT(PRE { (call!(a) MSG "A" ^ call!(b) MSG "B") });)x";
    Harness xor_both(one);
    xor_both.call("a");
    xor_both.call("b");
    xor_both.call("f");
    REQUIRE(xor_both.found() == 1);
    CHECK(xor_both.last().contract->failed == "(call!(a) MSG \"A\" ^ call!(b) MSG \"B\")");
    Harness xor_one(one);
    xor_one.call("a");
    xor_one.call("f");
    CHECK(xor_one.found() == 0);
    Harness xor_none(one);
    xor_none.call("f");
    REQUIRE(xor_none.found() == 1);
    CHECK(xor_none.last().contract->failed == "A"); // the first violated part with a MSG

    Harness list(R"x(int f() CONTRACT(PRE { call!(a) MSG "no a", call!(b) MSG "no b" });)x");
    list.call("a");
    list.call("f");
    REQUIRE(list.found() == 1);
    CHECK(list.last().contract->failed == "no b");

    // A POST | stays open until one child holds; a ^ until each child is decided.
    Harness post_or("int f() CONTRACT(POST { (call!(a) | call!(b)) });");
    post_or.call("f");
    post_or.call("b");
    post_or.end();
    CHECK(post_or.found() == 0);
    Harness post_xor("int f() CONTRACT(POST { (call!(a) ^ call!(b)) MSG \"exactly one\" });");
    post_xor.call("f");
    post_xor.call("a");
    post_xor.call("b");
    REQUIRE(post_xor.found() == 1);
    CHECK(post_xor.last().contract->failed == "exactly one");
}

TEST_CASE("call_tag!: any function with the tag; $ is the tag's stored parameter", "[contracts]") {
    const char* text = "int make(int a, int r) CONTRACT(POST { no! (call_tag!(gen, $:1)) until! "
                       "(call_tag!(done, $:1)) } TAGS { gen(1) });\n"
                       "int wait(int r) CONTRACT(TAGS { done(0) });\n"
                       "int wait_all(void) CONTRACT(TAGS { done });\n";
    Harness h(text);
    h.call("make", {0, 9});
    h.call("wait", {9});
    h.call("make", {0, 9});
    CHECK(h.found() == 0);
    h.call("make", {1, 9});
    CHECK(h.found() == 1);
    // A tag without a stored parameter cannot match a `$` map.
    Harness untagged(text);
    untagged.call("make", {0, 9});
    untagged.call("wait_all", {9});
    untagged.call("make", {0, 9});
    CHECK(untagged.found() == 1);
}

TEST_CASE("parameter maps: value, *k (the supplier's pointer) and &k (the callee's)",
          "[contracts]") {
    int handle = 42;
    Harness deref("int create(int* out) CONTRACT(POST { call!(destroy, 0:*0) });");
    deref.pointer_call("create", &handle);
    deref.call("destroy", {41});
    deref.end();
    CHECK(deref.found() == 1);
    Harness deref_ok("int create(int* out) CONTRACT(POST { call!(destroy, 0:*0) });");
    deref_ok.pointer_call("create", &handle);
    deref_ok.call("destroy", {42});
    deref_ok.end();
    CHECK(deref_ok.found() == 0);

    Harness address("int use(int h) CONTRACT(PRE { call!(create, 0:&0) });");
    address.pointer_call("create", &handle);
    address.call("use", {42});
    CHECK(address.found() == 0);
    address.call("use", {7});
    CHECK(address.found() == 1);
}

TEST_CASE("no! read!/write! until!: an access to any byte of the buffer before the release",
          "[contracts]") {
    const std::string contract = "int get(void* b, int n) CONTRACT(POST { no! (read!(*0)) until! "
                                 "(call!(flush)) MSG \"read before flush\" });";
    Harness h(contract);
    CHECK(h.set.unchecked_parts(true).empty());
    h.buffer_call("get", 1000, 16, 3);
    CHECK(h.monitor->watched_bytes(0) == ByteRange{1000, 1016});
    CHECK(h.monitor->watched_bytes(1) == ByteRange{});
    h.access(1008, 4, true);        // a write: only reads are forbidden
    h.access(1016, 4, false);       // past the end
    h.access(996, 4, false);        // before the start
    h.access(1008, 4, false, 9, 1); // another rank
    CHECK(h.found() == 0);
    h.access(1012, 8, false, 7); // its last bytes
    REQUIRE(h.found() == 1);
    CHECK(h.last().kind == ViolationKind::Contract);
    CHECK(h.last().location->line == 7); // where the access is
    REQUIRE(h.last().contract);
    CHECK(h.last().contract->failed == "read before flush");
    CHECK(h.last().contract->supplied_at->line == 3);

    Harness released(contract);
    released.buffer_call("get", 1000, 16);
    released.call("flush");
    CHECK(released.monitor->watched_bytes(0) == ByteRange{});
    released.access(1000, 16, false);
    released.end();
    CHECK(released.found() == 0);
}

TEST_CASE("read!/write! in a POST: required accesses, unknown extents, no instrumentation",
          "[contracts]") {
    const std::string contract = "int put(void* b) CONTRACT(POST { write!(*0) });";
    Harness missing(contract);
    missing.buffer_call("put", 1000, 8);
    missing.access(1000, 8, false); // a read is not the write asked for
    missing.end();
    CHECK(missing.found() == 1);
    Harness written(contract);
    written.buffer_call("put", 1000, 8);
    written.access(1004, 1, true);
    CHECK(written.monitor->watched_bytes(0) == ByteRange{});
    written.end();
    CHECK(written.found() == 0);

    // Without an extent (a parameter the runtime cannot size) only the first byte is watched.
    Harness unsized("int get(void* b) CONTRACT(POST { no! (write!(*0)) until! (call!(f)) });");
    unsized.buffer_call("get", 1000, 0);
    CHECK(unsized.monitor->watched_bytes(0) == ByteRange{1000, 1001});
    unsized.access(1001, 4, true);
    CHECK(unsized.found() == 0);
    unsized.access(998, 4, true);
    CHECK(unsized.found() == 1);

    // --no-races: nothing observes accesses; the parts count as satisfied, and Rankfold says so.
    Harness off(contract, false);
    CHECK(off.set.unchecked_parts(false) ==
          std::vector<std::string>{"t.h:1:5: the read!/write! parts of the contract of put are "
                                   "not checked: --no-races turns the memory-access checks off"});
    off.buffer_call("put", 1000, 8);
    CHECK(off.monitor->watched_bytes(0) == ByteRange{});
    off.end();
    CHECK(off.found() == 0);

    Harness release_in_pre("int f() CONTRACT(PRE { no! (call!(a)) until! (call!(b)) });");
    CHECK(release_in_pre.set.unchecked_parts(true).size() == 1);
}

TEST_CASE("a PRE's read!/write!: some byte of the buffer accessed before the call", "[contracts]") {
    const std::string contract = "int send(void* b) CONTRACT(PRE { write!(*0) MSG \"unwritten\" "
                                 "}); int show(void* b) CONTRACT(PRE { (read!(*0) | call!(g)) });";
    Harness h(contract);
    CHECK(h.set.records_reads());
    CHECK(h.set.records_writes());
    Harness writes_only("int send(void* b) CONTRACT(PRE { write!(*0) });");
    CHECK_FALSE(writes_only.set.records_reads());
    writes_only.access(64, 8, false);
    CHECK(writes_only.monitor->save() == nullptr); // a read is not remembered
    CHECK(h.set.unchecked_parts(true).empty());
    // Every access is remembered, so every access must reach the monitor.
    CHECK(h.monitor->watched_bytes(0) == ByteRange{0, ~std::uintptr_t{0}});
    h.access(1000, 4, false); // a read does not make a write
    h.buffer_call("send", 1000, 8);
    REQUIRE(h.found() == 1);
    CHECK(h.last().contract->failed == "unwritten");

    Harness w(contract);
    w.access(1006, 4, true); // overlaps the buffer's last two bytes
    w.buffer_call("send", 1000, 8);
    CHECK(w.found() == 0);
    w.buffer_call("send", 1010, 8, 2); // starts after the write: never written
    CHECK(w.found() == 1);

    Harness r(contract);
    r.access(2000, 1, false, 9, 1); // another rank's read does not count
    r.buffer_call("show", 2000, 1);
    CHECK(r.found() == 1);
    Harness r2(contract);
    r2.call("g");
    r2.buffer_call("show", 2000, 1); // the other branch of the |
    CHECK(r2.found() == 0);

    // The remembered bytes are part of the state.
    Harness s(contract);
    s.access(64, 8, true);
    const auto one = s.monitor->save();
    REQUIRE(one);
    s.access(80, 8, true);
    const auto two = s.monitor->save();
    CHECK_FALSE(one->equals(*two));

    // --no-races: nothing is remembered and the parts are not decided; Rankfold says so.
    Harness off(contract, false);
    CHECK(off.set.unchecked_parts(false).size() == 2);
    CHECK(off.monitor->watched_bytes(0) == ByteRange{});
    off.buffer_call("send", 1000, 8);
    CHECK(off.found() == 0);
}

TEST_CASE("TouchedBytes merges what it is given and answers overlaps", "[contracts]") {
    TouchedBytes t;
    CHECK_FALSE(t.overlaps({0, 100}));
    t.add({10, 14});
    t.add({14, 18}); // adjacent: merges
    t.add({30, 40});
    t.add({5, 5}); // empty: nothing
    CHECK(t.ranges() == std::vector<ByteRange>{{10, 18}, {30, 40}});
    t.add({12, 16}); // inside: nothing changes
    CHECK(t.ranges().size() == 2);
    t.add({16, 31}); // bridges both
    CHECK(t.ranges() == std::vector<ByteRange>{{10, 40}});
    t.add({50, 60});
    t.add({0, 2});
    CHECK(t.ranges() == std::vector<ByteRange>{{0, 2}, {10, 40}, {50, 60}});
    CHECK(t.overlaps({39, 45}));
    CHECK_FALSE(t.overlaps({40, 50}));
    CHECK_FALSE(t.overlaps({2, 10}));
    CHECK(t.overlaps({1, 2}));
    CHECK(t.overlaps({0, 1000}));
    CHECK_FALSE(t.overlaps({60, 61}));
}

TEST_CASE("the monitor's state is a value: saved, compared, fingerprinted, restored",
          "[contracts]") {
    Harness h("int open(int) CONTRACT(POST { call!(close, 0:0) });");
    CHECK(h.monitor->save() == nullptr);
    h.call("open", {1}, 1, 2);
    const auto one = h.monitor->save();
    REQUIRE(one);
    h.call("open", {2}, 1, 2);
    const auto two = h.monitor->save();
    CHECK_FALSE(one->equals(*two));
    rankfold::snapshot::FingerprintBuilder a, b;
    one->fingerprint(a);
    two->fingerprint(b);
    CHECK(a.digest() != b.digest());
    h.monitor->restore(*one);
    CHECK(h.monitor->save()->equals(*one));
    h.monitor->clear();
    CHECK(h.monitor->save() == nullptr);
    // Trailing ranks with nothing open compare equal to no ranks at all.
    h.call("open", {3}, 1, 0);
    h.call("close", {3}, 1, 0);
    h.call("open", {3}, 1, 3);
    h.call("close", {3}, 1, 3);
    CHECK(h.monitor->save() == nullptr);
}
