// One-sided communication under semantic equality (issue 12): the addresses the window table
// (bases, attribute blocks, pending results) and the race monitor's remote half (operations'
// bytes, target accesses, exposed windows) keep are fed as marks when they lie in a live heap
// block, and listed as roots of the memory's canonical form (block number, offset), as
// mc/system/SystemState joins them. States that differ only in where the blocks lie
// fingerprint alike; an address at another offset, of another length, in another block, or
// two addresses swapped, do not.
#include "RankArenaHarness.hpp"

#include "mc/runtime/HeapCanonicalForm.hpp"
#include "properties/MonitorSet.hpp"
#include "properties/races/RaceMonitor.hpp"
#include "simulated-mpi/src/StateHasher.hpp"
#include "simulated-mpi/src/Window.hpp"

#include <array>

namespace {

using arena_test::RankArena;
using arena_test::Region;
using rankfold::mc::HeapCanonicalForm;
using rankfold::mpi::PendingRma;
using rankfold::mpi::RequestTable;
using rankfold::mpi::StateHasher;
using rankfold::mpi::Window;
using rankfold::mpi::WindowMember;
using rankfold::mpi::WindowTable;
using rankfold::properties::ByteRange;
using rankfold::properties::ExposedMemoryEvent;
using rankfold::properties::InHeap;
using rankfold::properties::MemoryAccessEvent;
using rankfold::properties::MonitorSet;
using rankfold::properties::RemoteOpEvent;
using rankfold::properties::races::RaceMonitor;
using rankfold::snapshot::Fingerprint;
using rankfold::snapshot::FingerprintBuilder;

// Rank 0's memory: an arena, and globals pointing at two 64-byte blocks (a and b) allocated in
// either order after some garbage.
struct RankMemory {
    Region region{std::size_t{1} << 24};
    RankArena* arena = RankArena::create(region.base, region.size);
    std::array<std::uintptr_t, 2> globals{};

    RankMemory(std::size_t garbage, bool b_first) {
        for (std::size_t i = 0; i < garbage; ++i) arena_test::fill(arena->allocate(48), 48, 3);
        void* b = b_first ? arena->allocate(64) : nullptr;
        void* a = arena->allocate(64);
        if (!b_first) b = arena->allocate(64);
        std::memset(a, 1, 64);
        std::memset(b, 2, 64);
        globals = {reinterpret_cast<std::uintptr_t>(a), reinterpret_cast<std::uintptr_t>(b)};
    }
    std::uintptr_t a() const { return globals[0]; }
    std::uintptr_t b() const { return globals[1]; }

    // SystemState's fed_as_block for this one rank.
    bool in_block(std::uintptr_t low, std::uintptr_t high) const {
        const auto block = arena->block_containing(reinterpret_cast<const void*>(low));
        return block && high <= reinterpret_cast<std::uintptr_t>(block->address) + block->size;
    }

    // The memory's canonical form with `roots` fed after the globals, then `rest` (the world's
    // or the monitors' part, fed with the marks or not).
    template <class Rest>
    Fingerprint fingerprint(const std::vector<std::uintptr_t>& roots, Rest rest) const {
        HeapCanonicalForm form;
        form.reset(arena, {});
        FingerprintBuilder out;
        form.feed(out, reinterpret_cast<std::uintptr_t>(globals.data()), sizeof globals);
        for (const std::uintptr_t r : roots) form.feed_word(out, r);
        form.feed_blocks(out);
        rest(out);
        return out.digest();
    }
};

// The race monitor's remote half: rank 1 puts and gets into rank 0's exposed blocks.
struct RemoteState : RankMemory {
    MonitorSet monitors;
    RemoteState(std::size_t garbage, bool b_first) : RankMemory(garbage, b_first) {
        monitors.add<RaceMonitor>(2, nullptr);
        // Block a is the window. (Two windows alike but for where they lie are the roots in
        // their addresses' order, as operations are: see below.)
        const std::array<ByteRange, 1> exposed{ByteRange{a(), a() + 64}};
        monitors.on_exposed_memory(ExposedMemoryEvent{0, exposed, {}});
    }
    void op(std::uintptr_t at, std::size_t size, bool writes) {
        RemoteOpEvent e;
        e.origin = 1;
        e.target = 0;
        e.window = 1;
        e.bytes = {at, at + size};
        e.writes = writes;
        e.name = writes ? "MPI_Put" : "MPI_Get";
        monitors.on_remote_op(e);
    }
    void store(std::uintptr_t at, std::size_t size) {
        MemoryAccessEvent e{};
        e.rank = 0;
        e.address = at;
        e.size = size;
        e.write = true;
        monitors.on_memory_access(e);
    }
    Fingerprint fingerprint(bool semantic = true) const {
        std::vector<std::uintptr_t> roots;
        monitors.heap_roots(0, roots);
        const InHeap in_heap = [this](int rank, std::uintptr_t low, std::uintptr_t high) {
            return rank == 0 && in_block(low, high);
        };
        const auto state = monitors.save();
        return RankMemory::fingerprint(roots, [&](FingerprintBuilder& out) {
            state.fingerprint(out, semantic ? &in_heap : nullptr);
        });
    }
};

} // namespace

TEST_CASE("rma heap roots: remote races keep blocks and offsets, not addresses") {
    RemoteState x(0, false);
    RemoteState y(3, true);
    REQUIRE(x.b() - x.a() != y.b() - y.a());
    CHECK(x.fingerprint() == y.fingerprint()); // exposed windows alone
    CHECK(x.fingerprint(false) != y.fingerprint(false));
    x.op(x.a() + 8, 4, true);
    y.op(y.a() + 8, 4, true);
    CHECK(x.fingerprint() == y.fingerprint());
    CHECK(x.fingerprint(false) != y.fingerprint(false)); // exact: the addresses differ
    SECTION("an operation at another offset") {
        y.op(y.a() + 12, 4, true);
        x.op(x.a() + 16, 4, true);
        CHECK(x.fingerprint() != y.fingerprint());
    }
    SECTION("an operation of another length") {
        y.op(y.a() + 32, 4, true);
        x.op(x.a() + 32, 8, true);
        CHECK(x.fingerprint() != y.fingerprint());
    }
    SECTION("an operation in the other block") {
        y.op(y.a() + 32, 4, true);
        x.op(x.b() + 32, 4, true);
        CHECK(x.fingerprint() != y.fingerprint());
    }
    SECTION("the same operations issued in another order") {
        // Operations alike but for their bytes are the roots in their addresses' order: the
        // blocks must lie in the same order (here: z as x) for the states to meet.
        RemoteState z(2, false);
        z.op(z.a() + 8, 4, true);
        x.op(x.a() + 32, 4, true);
        x.op(x.b() + 32, 4, true);
        z.op(z.b() + 32, 4, true);
        z.op(z.a() + 32, 4, true);
        CHECK(x.fingerprint() == z.fingerprint());
        CHECK(x.fingerprint(false) != z.fingerprint(false));
    }
    SECTION("a put and a get swapped between the blocks") {
        x.op(x.b() + 40, 4, false);
        y.op(y.a() + 40, 4, false);
        y.op(y.b() + 8, 4, true);
        x.op(x.a() + 40, 4, true);
        REQUIRE(x.fingerprint() != x.fingerprint(false));
        CHECK(x.fingerprint() != y.fingerprint());
    }
    SECTION("the target's own stores") {
        x.store(x.a() + 20, 4);
        y.store(y.a() + 20, 4);
        CHECK(x.fingerprint() == y.fingerprint());
        x.store(x.a() + 40, 4);
        y.store(y.a() + 44, 4);
        CHECK(x.fingerprint() != y.fingerprint());
    }
    SECTION("a block's content still counts") {
        static_cast<char*>(reinterpret_cast<void*>(y.a()))[60] = 5;
        CHECK(x.fingerprint() != y.fingerprint());
    }
}

namespace {

// The window table: one window whose rank-0 member exposes block a (or other memory) and has
// a pending MPI_Get whose result lands in block b (or elsewhere).
struct WindowState : RankMemory {
    WindowTable table;
    std::array<int, 16> outside{}; // memory outside the heap, at one address for both states
    WindowState(std::size_t garbage, bool b_first) : RankMemory(garbage, b_first) {}

    void window(std::uintptr_t base, std::int64_t size, std::uintptr_t result) {
        Window w;
        w.comm_id = 3;
        WindowMember m;
        m.world_rank = 0;
        m.base = base;
        m.size = size;
        if (result != 0) {
            PendingRma get;
            get.kind = rankfold::mpi::RmaKind::Get;
            get.target = 1;
            get.target_count = 4;
            get.result = reinterpret_cast<void*>(result);
            get.result_count = 0; // no map: only the address itself counts
            m.pending.push_back(get);
        }
        w.members.push_back(m);
        WindowMember other;
        other.world_rank = 1;
        w.members.push_back(other);
        table.create(std::move(w));
    }
    Fingerprint fingerprint(bool semantic = true) const {
        std::vector<std::uintptr_t> roots;
        table.heap_roots(0, roots);
        const RequestTable::HeapRoot heap_root = [this](int rank, std::uintptr_t low,
                                                        std::uintptr_t high) {
            return rank == 0 && in_block(low, high);
        };
        return RankMemory::fingerprint(roots, [&](FingerprintBuilder& out) {
            StateHasher h;
            table.feed(h, semantic ? &heap_root : nullptr);
            out.value(h.digest());
        });
    }
};

} // namespace

TEST_CASE("rma heap roots: windows keep blocks and offsets, not addresses") {
    WindowState x(0, false);
    WindowState y(2, true);
    REQUIRE(x.b() - x.a() != y.b() - y.a());
    SECTION("a window and a pending result in heap blocks") {
        x.window(x.a(), 64, x.b() + 16);
        y.window(y.a(), 64, y.b() + 16);
        CHECK(x.fingerprint() == y.fingerprint());
        CHECK(x.fingerprint(false) != y.fingerprint(false));
    }
    SECTION("the result at another offset") {
        x.window(x.a(), 64, x.b() + 16);
        y.window(y.a(), 64, y.b() + 24);
        CHECK(x.fingerprint() != y.fingerprint());
    }
    SECTION("the window of another size, or at another offset") {
        x.window(x.a(), 64, 0);
        y.window(y.a(), 32, 0);
        CHECK(x.fingerprint() != y.fingerprint());
        WindowState z(2, true);
        z.window(z.a() + 8, 56, 0);
        CHECK(x.fingerprint() != z.fingerprint());
    }
    SECTION("the window and the result swapped between the blocks") {
        x.window(x.a(), 64, x.b() + 16);
        y.window(y.b(), 64, y.a() + 16);
        CHECK(x.fingerprint() != y.fingerprint());
    }
    SECTION("a window larger than its block: its address counts") {
        x.window(x.a(), 128, 0);
        y.window(y.a(), 128, 0);
        CHECK(x.fingerprint() != y.fingerprint());
    }
    SECTION("memory outside the heap: its address counts") {
        const auto at = reinterpret_cast<std::uintptr_t>(x.outside.data());
        x.window(at, 64, 0);
        y.window(reinterpret_cast<std::uintptr_t>(y.outside.data()), 64, 0);
        CHECK(x.fingerprint() != y.fingerprint());
        WindowState z(2, true);
        z.window(at, 64, 0);
        CHECK(x.fingerprint() == z.fingerprint());
    }
    SECTION("a block's content still counts") {
        x.window(x.a(), 64, x.b() + 16);
        y.window(y.a(), 64, y.b() + 16);
        static_cast<char*>(reinterpret_cast<void*>(y.b()))[3] = 9;
        CHECK(x.fingerprint() != y.fingerprint());
    }
}
