// The race monitor's pending buffers under semantic equality (issue 12): a buffer in a live heap
// block is fed by the monitor as a mark and by the memory's canonical form as a root (block
// number, offset), as mc/system/SystemState joins them. Two states that differ only in where
// the buffer's block lies fingerprint alike; a buffer in another block, at another offset or
// outside the heap does not.
#include "RankArenaHarness.hpp"

#include "mc/runtime/HeapCanonicalForm.hpp"
#include "properties/MonitorSet.hpp"
#include "properties/races/RaceMonitor.hpp"

#include <array>

namespace {

using arena_test::RankArena;
using arena_test::Region;
using rankfold::mc::HeapCanonicalForm;
using rankfold::properties::BufferUse;
using rankfold::properties::ByteRange;
using rankfold::properties::InHeap;
using rankfold::properties::MonitorSet;
using rankfold::properties::PendingBuffer;
using rankfold::properties::PendingBuffersEvent;
using rankfold::properties::races::RaceMonitor;
using rankfold::snapshot::Fingerprint;
using rankfold::snapshot::FingerprintBuilder;

// One rank: an arena, globals pointing at two blocks (a node and a buffer), and a race monitor
// that holds one pending receive.
struct RankState {
    Region region{std::size_t{1} << 24};
    RankArena* arena = RankArena::create(region.base, region.size);
    std::array<std::uintptr_t, 2> globals{};
    MonitorSet monitors;

    // `garbage` blocks first, then the node and the buffer in either order.
    RankState(std::size_t garbage, bool buffer_first) {
        monitors.add<RaceMonitor>(1, nullptr);
        for (std::size_t i = 0; i < garbage; ++i) arena_test::fill(arena->allocate(48), 48, 3);
        void* buffer = buffer_first ? arena->allocate(64) : nullptr;
        auto* node = static_cast<long*>(arena->allocate(32));
        if (!buffer_first) buffer = arena->allocate(64);
        node[0] = 7;
        std::memset(buffer, 0, 64);
        globals = {reinterpret_cast<std::uintptr_t>(node),
                   reinterpret_cast<std::uintptr_t>(buffer)};
    }
    std::uintptr_t node() const { return globals[0]; }
    std::uintptr_t buffer() const { return globals[1]; }

    void pending_receive(std::uintptr_t at, std::size_t size) {
        const std::array<PendingBuffer, 1> buffers{
            PendingBuffer{1, "MPI_Irecv", BufferUse::Writes, {ByteRange{at, at + size}}, 0x40}};
        monitors.on_pending_buffers(PendingBuffersEvent{0, buffers});
    }

    // Memory and monitors as SystemState fingerprints them under semantic equality.
    Fingerprint fingerprint(bool semantic = true) {
        HeapCanonicalForm form;
        form.reset(arena, {});
        FingerprintBuilder out;
        form.feed(out, reinterpret_cast<std::uintptr_t>(globals.data()), sizeof globals);
        std::vector<std::uintptr_t> roots;
        monitors.heap_roots(0, roots);
        for (const std::uintptr_t r : roots) form.feed_word(out, r);
        form.feed_blocks(out);
        const InHeap in_heap = [this](int, std::uintptr_t low, std::uintptr_t high) {
            const auto block = arena->block_containing(reinterpret_cast<const void*>(low));
            return block && high <= reinterpret_cast<std::uintptr_t>(block->address) + block->size;
        };
        monitors.save().fingerprint(out, semantic ? &in_heap : nullptr);
        return out.digest();
    }
};

} // namespace

TEST_CASE("race heap roots: a pending buffer's block placement is not state") {
    RankState a(0, false);
    RankState b(3, true);
    REQUIRE(a.buffer() - a.node() != b.buffer() - b.node());
    a.pending_receive(a.buffer() + 8, 4);
    b.pending_receive(b.buffer() + 8, 4);
    CHECK(a.fingerprint() == b.fingerprint());
    CHECK(a.fingerprint(false) != b.fingerprint(false)); // exact: the addresses differ
    SECTION("at another offset of its block") {
        b.pending_receive(b.buffer() + 12, 4);
        CHECK(a.fingerprint() != b.fingerprint());
    }
    SECTION("of another length") {
        b.pending_receive(b.buffer() + 8, 8);
        CHECK(a.fingerprint() != b.fingerprint());
    }
    SECTION("in the other block, at the same offset") {
        b.pending_receive(b.node() + 8, 4);
        CHECK(a.fingerprint() != b.fingerprint());
    }
    SECTION("outside the heap: its address counts") {
        std::array<int, 4> stack_a{};
        std::array<int, 4> stack_b{};
        a.pending_receive(reinterpret_cast<std::uintptr_t>(&stack_a[1]), 4);
        b.pending_receive(reinterpret_cast<std::uintptr_t>(&stack_b[1]), 4);
        CHECK(a.fingerprint() != b.fingerprint());
        b.pending_receive(reinterpret_cast<std::uintptr_t>(&stack_a[1]), 4);
        CHECK(a.fingerprint() == b.fingerprint());
    }
    SECTION("a block's content still counts") {
        static_cast<char*>(reinterpret_cast<void*>(b.buffer()))[40] = 1;
        CHECK(a.fingerprint() != b.fingerprint());
    }
}
