#include "snapshot/RegionSnapshot.hpp"
#include "snapshot/MprotectTracker.hpp"

#include <catch2/catch.hpp>

#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace rankfold::snapshot;

namespace {

// A test region: private anonymous memory, or (alias) a memfd mapped twice, the second mapping
// being the writer that restore uses.
struct Mapping {
    explicit Mapping(std::size_t pages, bool alias = false) : bytes(pages * kPageSize) {
        if (!alias) {
            void* p =
                mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            REQUIRE(p != MAP_FAILED);
            base = static_cast<std::byte*>(p);
            return;
        }
        const int fd = memfd_create("rankfold-test-region", MFD_CLOEXEC);
        REQUIRE(fd >= 0);
        REQUIRE(ftruncate(fd, static_cast<off_t>(bytes)) == 0);
        void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        void* w = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, 0);
        close(fd);
        REQUIRE(p != MAP_FAILED);
        REQUIRE(w != MAP_FAILED);
        base = static_cast<std::byte*>(p);
        writer = static_cast<std::byte*>(w);
    }
    ~Mapping() {
        munmap(base, bytes);
        if (writer != nullptr) munmap(writer, bytes);
    }
    Mapping(const Mapping&) = delete;
    Mapping& operator=(const Mapping&) = delete;
    std::byte* base = nullptr;
    std::byte* writer = nullptr;
    std::size_t bytes;
};

// Call in the test case itself: Catch2 replaces the SIGSEGV handler for each test case.
std::vector<TrackingMethod> available_methods() {
    install_standalone_fault_handler(); // mprotect tracking needs one
    std::vector<TrackingMethod> methods{TrackingMethod::Compare, TrackingMethod::Mprotect};
    if (make_tracker(TrackingMethod::Uffd)) methods.push_back(TrackingMethod::Uffd);
    return methods;
}

// The reference model of one region: its capacity's bytes (kept equal to the real memory) and
// how the used part is anchored.
struct ModelRegion {
    Growth growth;
    std::vector<std::byte> memory;
    std::size_t used = 0;

    std::vector<std::byte> used_bytes() const {
        const auto n = static_cast<std::ptrdiff_t>(used);
        if (growth == Growth::Up) return {memory.begin(), memory.begin() + n};
        return {memory.end() - n, memory.end()};
    }
};

using ModelState = std::vector<std::vector<std::byte>>; // used bytes per region

// What a snapshot holds, read back from the store; also checks that bytes of the partial page
// outside the used part are stored as zero.
ModelState contents(const PageStore& store, const RegionSnapshot& s,
                    const std::vector<ModelRegion>& regions) {
    ModelState out;
    for (std::size_t r = 0; r < s.region_count(); ++r) {
        const std::size_t used = s.used(r);
        const std::size_t capacity = regions[r].memory.size();
        const std::size_t cap_pages = capacity / kPageSize;
        const std::size_t pages = (used + kPageSize - 1) / kPageSize;
        REQUIRE(s.pages(r).size() == pages);
        std::vector<std::byte> bytes(used);
        bool masked_zero = true;
        for (std::size_t i = 0; i < pages; ++i) {
            const std::byte* data = store.data(s.pages(r)[i]);
            const std::size_t m = regions[r].growth == Growth::Up ? i : cap_pages - 1 - i;
            // The used part, as offsets in the region, and its intersection with page m.
            const std::size_t lo = regions[r].growth == Growth::Up ? 0 : capacity - used;
            const std::size_t page_lo = m * kPageSize;
            const std::size_t from = std::max(lo, page_lo);
            const std::size_t to = std::min(lo + used, page_lo + kPageSize);
            std::memcpy(bytes.data() + (from - lo), data + (from - page_lo), to - from);
            for (std::size_t k = 0; (from != page_lo || to != page_lo + kPageSize) && k < kPageSize;
                 ++k) {
                const std::size_t offset = page_lo + k;
                if (offset < from || offset >= to)
                    masked_zero = masked_zero && data[k] == std::byte{0};
            }
        }
        REQUIRE(masked_zero);
        out.push_back(std::move(bytes));
    }
    return out;
}

// Byte-wise equality, fast even without optimisation.
bool same(const ModelState& a, const ModelState& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t r = 0; r < a.size(); ++r)
        if (a[r].size() != b[r].size() ||
            (!a[r].empty() && std::memcmp(a[r].data(), b[r].data(), a[r].size()) != 0))
            return false;
    return true;
}

ModelState model_state(const std::vector<ModelRegion>& regions) {
    ModelState out;
    for (const ModelRegion& r : regions) out.push_back(r.used_bytes());
    return out;
}

struct Live {
    RegionSnapshot snapshot;
    ModelState model;
    std::vector<std::size_t> used;
};

// Random writes, length changes, captures, restores to random live snapshots and releases,
// checked against the reference model after every step.
void random_run(TrackingMethod method, bool alias, int operations, std::uint64_t seed) {
    // Declared in this order so that the set (and its tracker) goes before the memory it tracks.
    PageStore store;
    std::vector<std::unique_ptr<Mapping>> maps;
    RegionSet set(store, make_tracker(method));
    REQUIRE(set.tracker().method() == method);
    // A heap that grows up, a stack that grows down, and globals of a fixed odd length.
    const std::size_t cap_pages[] = {40, 24, 6};
    const Growth growth[] = {Growth::Up, Growth::Down, Growth::Up};
    std::vector<ModelRegion> model;
    for (int r = 0; r < 3; ++r) {
        maps.push_back(std::make_unique<Mapping>(cap_pages[r], alias));
        model.push_back(
            ModelRegion{growth[r], std::vector<std::byte>(cap_pages[r] * kPageSize), 0});
        set.add_region(maps[r]->base, maps[r]->bytes, growth[r], maps[r]->writer);
    }
    auto set_used = [&](std::size_t r, std::size_t used) {
        model[r].used = used;
        set.set_used(r, used);
    };
    set_used(0, 10 * kPageSize + 100);
    set_used(1, 3 * kPageSize + 24);
    set_used(2, 5 * kPageSize + 1000);

    std::mt19937_64 rng(seed);
    std::vector<Live> live;
    std::size_t equal_pairs = 0, restores = 0;
    auto check_memory = [&] {
        for (std::size_t r = 0; r < model.size(); ++r) {
            // The whole capacity must match: the model follows every write, and restore only
            // changes used bytes (the model takes over the rest from memory after a restore).
            REQUIRE(std::memcmp(maps[r]->base, model[r].memory.data(), maps[r]->bytes) == 0);
        }
    };

    for (int op = 0; op < operations; ++op) {
        const unsigned kind = rng() % 100;
        if (kind < 50) { // write: usually inside the used part, with few distinct values
            const std::size_t r = rng() % 3;
            const std::size_t cap = model[r].memory.size();
            const bool long_write = rng() % 4 == 0; // (two draws in one expression are unsequenced)
            const std::size_t len = 1 + rng() % (long_write ? 3 * kPageSize : 64);
            std::size_t at = rng() % cap;
            if (rng() % 8 != 0 && model[r].used > 0) {
                const std::size_t lo = model[r].growth == Growth::Up ? 0 : cap - model[r].used;
                at = lo + rng() % model[r].used;
            }
            const std::size_t n = std::min(len, cap - at);
            const unsigned style = rng() % 3;
            const auto value = static_cast<std::byte>(style == 0 ? 0 : 1 + rng() % 3);
            for (std::size_t k = 0; k < n; ++k) {
                const std::byte b = style == 2 ? static_cast<std::byte>(rng()) : value;
                maps[r]->base[at + k] = b;
                model[r].memory[at + k] = b;
            }
        } else if (kind < 60) {              // the used part grows or shrinks
            const std::size_t r = rng() % 2; // globals keep their length
            const std::size_t cap = model[r].memory.size();
            const std::size_t used =
                rng() % 4 == 0 ? (rng() % (cap / kPageSize + 1)) * kPageSize : rng() % (cap + 1);
            set_used(r, used);
        } else if (kind < 80) { // capture
            RegionSnapshot s = set.capture();
            const ModelState m = model_state(model);
            REQUIRE(same(contents(store, s, model), m));
            for (const Live& other : live) {
                const bool equal = same(other.model, m);
                equal_pairs += equal;
                REQUIRE((other.snapshot.hash() == s.hash()) == equal);
            }
            std::vector<std::size_t> used;
            used.reserve(model.size());
            for (const ModelRegion& r : model) used.push_back(r.used);
            live.push_back(Live{std::move(s), m, used});
            if (live.size() > 24) live.erase(live.begin() + static_cast<long>(rng() % live.size()));
        } else if (kind < 92 && !live.empty()) { // restore
            const Live& target = live[rng() % live.size()];
            set.restore(target.snapshot);
            ++restores;
            for (std::size_t r = 0; r < model.size(); ++r) {
                REQUIRE(set.used(r) == target.used[r]);
                model[r].used = target.used[r];
                // Bytes outside the used part are unspecified after a restore: take them over.
                std::memcpy(model[r].memory.data(), maps[r]->base, maps[r]->bytes);
            }
            REQUIRE(same(model_state(model), target.model));
            if (rng() % 2 == 0) { // an immediate capture is the same state
                RegionSnapshot again = set.capture();
                REQUIRE(again.hash() == target.snapshot.hash());
                REQUIRE(same(contents(store, again, model), target.model));
            }
        } else if (!live.empty()) { // release
            live.erase(live.begin() + static_cast<long>(rng() % live.size()));
        }
        check_memory();
    }
    INFO("method " << method_name(method));
    CHECK(equal_pairs > 100);
    CHECK(restores > 500);
    live.clear();
    RegionSnapshot last = set.capture();
    last.reset();
}

} // namespace

TEST_CASE("RegionSet matches a reference model under random operations", "[snapshot][region]") {
    for (TrackingMethod method : available_methods()) {
        SECTION(method_name(method)) {
            random_run(method, false, 10000, 20240601);
        }
        SECTION(std::string(method_name(method)) + " with writer alias") {
            random_run(method, true, 10000, 20240602);
        }
    }
}

TEST_CASE("RegionSet capture reads only the pages written since", "[snapshot][region]") {
    for (TrackingMethod method : available_methods()) {
        if (method == TrackingMethod::Compare) continue;
        for (bool alias : {false, true}) {
            DYNAMIC_SECTION(method_name(method) << (alias ? " with writer alias" : "")) {
                PageStore store;
                Mapping heap(256, alias);
                RegionSet set(store, make_tracker(method));
                const std::size_t r =
                    set.add_region(heap.base, heap.bytes, Growth::Up, heap.writer);
                set.set_used(r, heap.bytes);
                RegionSnapshot first = set.capture();
                CHECK(set.counters().pages_stored == 256);
                heap.base[5 * kPageSize] = std::byte{1};
                heap.base[200 * kPageSize + 17] = std::byte{2};
                RegionSnapshot second = set.capture();
                CHECK(set.counters().pages_stored == 258);
                CHECK(first.hash() != second.hash());
                // Restore copies back exactly the two pages that differ.
                set.restore(first);
                CHECK(set.counters().pages_restored == 2);
                CHECK(heap.base[5 * kPageSize] == std::byte{0});
                // A write after the restore is seen, and undone by the next restore.
                heap.base[7 * kPageSize] = std::byte{3};
                set.restore(second);
                CHECK(set.counters().pages_restored == 5);
                CHECK(heap.base[7 * kPageSize] == std::byte{0});
                CHECK(heap.base[200 * kPageSize + 17] == std::byte{2});
                RegionSnapshot third = set.capture();
                CHECK(third.hash() == second.hash());
                CHECK(set.counters().pages_stored == 258); // nothing written since the restore
            }
        }
    }
}

// Memory that holds the target's page list and used length gets back only the pages written
// since; the partial page at the free end included, but only when it was written.
TEST_CASE("RegionSet restore writes only what was written when the page lists agree",
          "[snapshot][region]") {
    for (TrackingMethod method : available_methods()) {
        if (method == TrackingMethod::Compare) continue;
        DYNAMIC_SECTION(method_name(method)) {
            PageStore store;
            Mapping heap(64, true);
            RegionSet set(store, make_tracker(method));
            const std::size_t r = set.add_region(heap.base, heap.bytes, Growth::Up, heap.writer);
            set.set_used(r, 40 * kPageSize - 100);
            heap.base[39 * kPageSize] = std::byte{5};
            const RegionSnapshot first = set.capture();
            heap.base[5 * kPageSize] = std::byte{1};
            heap.base[39 * kPageSize] = std::byte{6};
            heap.base[39 * kPageSize + 4000] = std::byte{7}; // past the used part
            set.restore(first);
            CHECK(set.counters().pages_restored == 2);
            CHECK(heap.base[5 * kPageSize] == std::byte{0});
            CHECK(heap.base[39 * kPageSize] == std::byte{5});
            heap.base[5 * kPageSize] = std::byte{2};
            set.restore(first);
            CHECK(set.counters().pages_restored == 3);
            CHECK(heap.base[5 * kPageSize] == std::byte{0});
            CHECK(heap.base[39 * kPageSize] == std::byte{5});
            CHECK(set.capture().hash() == first.hash());
        }
    }
}

// set_unwritten before a restore: the caller vouches that nothing wrote the region since the
// last sync. A region whose page list the target shares is then left alone (the tracker would
// have reported a small window whole), and one whose list differs is still put back.
TEST_CASE("RegionSet restore of unwritten memory skips the regions the target shares",
          "[snapshot][region]") {
    for (TrackingMethod method : available_methods()) {
        DYNAMIC_SECTION(method_name(method)) {
            PageStore store;
            Mapping same(4, true), changed(4, true);
            RegionSet set(store, make_tracker(method));
            const std::size_t a = set.add_region(same.base, same.bytes, Growth::Up, same.writer);
            const std::size_t b =
                set.add_region(changed.base, changed.bytes, Growth::Up, changed.writer);
            set.set_used(a, 2 * kPageSize);
            set.set_used(b, 2 * kPageSize);
            same.base[10] = std::byte{1};
            const RegionSnapshot first = set.capture();
            changed.base[kPageSize + 3] = std::byte{4};
            const RegionSnapshot second = set.capture(); // the last sync; nothing written since
            const std::uint64_t restored = set.counters().pages_restored;
            set.set_unwritten(a);
            set.set_unwritten(b);
            set.restore(first);
            CHECK(set.counters().regions_kept == 1); // `same`: its list is first's
            // `changed` only: its written page, or (uffd, a small window) both of its pages.
            CHECK(set.counters().pages_restored > restored);
            CHECK(set.counters().pages_restored <= restored + 2);
            CHECK(changed.base[kPageSize + 3] == std::byte{0});
            CHECK(same.base[10] == std::byte{1});
            CHECK(set.capture().hash() == first.hash());
            // Said unwritten when it was not, a write survives: the promise is the caller's.
            same.base[10] = std::byte{9};
            set.set_unwritten(a);
            set.set_unwritten(b);
            set.restore(first);
            CHECK(same.base[10] == std::byte{9});
            // Told the truth, the restore undoes it.
            set.restore(first);
            CHECK(same.base[10] == std::byte{1});
            CHECK(set.capture().hash() == first.hash());
            (void)second;
            // A capture of a region marked unwritten reads none of it, and the mark lasts one
            // capture: a write it hid is seen by the next.
            const RegionSet::Counters c = set.counters();
            same.base[kPageSize] = std::byte{3};
            set.set_unwritten(a);
            CHECK(set.capture().hash() == first.hash());
            CHECK(set.counters().regions_kept == c.regions_kept + 1);
            CHECK(set.counters().pages_stored == c.pages_stored);
            CHECK(set.capture().hash() != first.hash());
        }
    }
}

TEST_CASE("RegionSet regions grow and shrink", "[snapshot][region]") {
    for (TrackingMethod method : available_methods()) {
        SECTION(method_name(method)) {
            PageStore store;
            Mapping stack(8);
            RegionSet set(store, make_tracker(method));
            const std::size_t r = set.add_region(stack.base, stack.bytes, Growth::Down);
            std::byte* top = stack.base + stack.bytes;
            set.set_used(r, 100);
            std::memset(top - 100, 7, 100);
            std::memset(top - 200, 9, 100); // dead bytes below the live part
            RegionSnapshot small = set.capture();
            CHECK(small.pages(r).size() == 1);
            // Dead bytes do not change the state.
            std::memset(top - 300, 5, 200);
            RegionSnapshot same = set.capture();
            CHECK(same.hash() == small.hash());
            // The stack grows by three pages; the old pages keep their numbers.
            set.set_used(r, 3 * kPageSize + 100);
            std::memset(top - 3 * kPageSize - 100, 1, 3 * kPageSize);
            RegionSnapshot big = set.capture();
            CHECK(big.pages(r).size() == 4);
            CHECK(big.hash() != small.hash());
            // Back to the small state: the live part is as before, the rest is not the state.
            set.restore(small);
            CHECK(set.used(r) == 100);
            CHECK(top[-1] == std::byte{7});
            CHECK(top[-100] == std::byte{7});
            RegionSnapshot again = set.capture();
            CHECK(again.hash() == small.hash());
            set.restore(big);
            CHECK(top[-101] == std::byte{1});
            CHECK(top[-3 * static_cast<long>(kPageSize) - 100] == std::byte{1});
            // Shrinking to nothing and growing again.
            set.set_used(r, 0);
            RegionSnapshot empty = set.capture();
            CHECK(empty.page_count() == 0);
            set.set_used(r, 2 * kPageSize);
            RegionSnapshot regrown = set.capture();
            CHECK(regrown.pages(r).size() == 2);
            set.restore(big);
            RegionSnapshot big_again = set.capture();
            CHECK(big_again.hash() == big.hash());
        }
    }
}

TEST_CASE("Releasing snapshots releases their pages", "[snapshot][region]") {
    for (TrackingMethod method : available_methods()) {
        SECTION(method_name(method)) {
            PageStore store;
            {
                Mapping heap(32);
                RegionSet set(store, make_tracker(method));
                const std::size_t r = set.add_region(heap.base, heap.bytes);
                set.set_used(r, heap.bytes);
                std::vector<RegionSnapshot> snaps;
                for (int k = 0; k < 10; ++k) {
                    heap.base[k * kPageSize] = static_cast<std::byte>(k + 1);
                    snaps.push_back(set.capture());
                }
                // Ten snapshots of 32 pages share: 10 changed pages plus the zero page.
                CHECK(store.stats().distinct_pages == 10);
                snaps.clear();
                // What memory corresponds to stays referenced by the set.
                CHECK(store.stats().distinct_pages == 10);
            }
            CHECK(store.stats().distinct_pages == 0);
            CHECK(store.stats().references == 0);
            CHECK(store.stats().list_bytes == 0);
        }
    }
}

TEST_CASE("RegionSet without page sharing copies everything", "[snapshot][region]") {
    PageStore store(PageStore::Options{false, nullptr});
    Mapping heap(16);
    RegionSet set(store, make_default_tracker());
    const std::size_t r = set.add_region(heap.base, heap.bytes);
    set.set_used(r, heap.bytes);
    RegionSnapshot a = set.capture();
    RegionSnapshot b = set.capture();
    CHECK(store.stats().distinct_pages == 32);
    CHECK(a.hash() == b.hash());
    heap.base[3] = std::byte{1};
    set.restore(a);
    CHECK(heap.base[3] == std::byte{0});
}

namespace {
// Page digests whose low halves all collide: only the high half separates pages.
Fingerprint low_half_colliding_digest(const std::byte* page) {
    return {7, fingerprint_of(page, kPageSize).high};
}
} // namespace

TEST_CASE("RegionSet fingerprints use all 128 bits of the page digests", "[snapshot][region]") {
    PageStore store(PageStore::Options{true, &low_half_colliding_digest});
    Mapping heap(4);
    RegionSet set(store, make_default_tracker());
    const std::size_t r = set.add_region(heap.base, heap.bytes);
    set.set_used(r, heap.bytes);
    const RegionSnapshot zero = set.capture();
    heap.base[5] = std::byte{1};
    const RegionSnapshot one = set.capture();
    heap.base[5] = std::byte{2};
    const RegionSnapshot two = set.capture();
    CHECK(store.digest(one.pages(r)[0]).low == store.digest(two.pages(r)[0]).low);
    CHECK(one.hash() != two.hash());
    CHECK(one.hash() != zero.hash());
    CHECK(one.hash().low != two.hash().low); // each half of the sum is a hash of its own
    CHECK(one.hash().high != two.hash().high);
    // Back to equal contents: equal fingerprints.
    heap.base[5] = std::byte{1};
    CHECK(set.capture().hash() == one.hash());
    set.restore(zero);
    CHECK(set.capture().hash() == zero.hash());
}

// A capture only to be restored: the same pages as a full one, no hash, and the set's running
// sums (page sum, hash window, ignored bytes) left as they were for the next full capture.
TEST_CASE("RegionSet capture without fingerprint restores like a full one", "[snapshot][region]") {
    PageStore store;
    Mapping heap(8), stack(4);
    RegionSet set(store, make_default_tracker());
    const std::size_t h = set.add_region(heap.base, heap.bytes);
    const std::size_t s = set.add_region(stack.base, stack.bytes, Growth::Down);
    set.set_used(h, heap.bytes);
    set.set_used(s, 2 * kPageSize + 100);
    set.set_hashed(s, kPageSize + 8, Fingerprint{1, 2});
    set.ignore(h, 3 * kPageSize + 10, 16);
    heap.base[kPageSize] = std::byte{4};
    stack.base[stack.bytes - 1] = std::byte{5};
    const RegionSnapshot full = set.capture();
    const RegionSnapshot bare = set.capture(false);
    CHECK(bare.hash() == Fingerprint{});
    CHECK(full.hash() != Fingerprint{});
    for (std::size_t r : {h, s}) {
        CHECK(bare.used(r) == full.used(r));
        CHECK(bare.pages(r).size() == full.pages(r).size());
        for (std::size_t i = 0; i < bare.pages(r).size(); ++i)
            CHECK(bare.pages(r)[i] == full.pages(r)[i]);
    }
    // Written after it, then put back: the next full capture is the first one's twin.
    heap.base[kPageSize] = std::byte{6};
    heap.base[6 * kPageSize] = std::byte{7};
    stack.base[stack.bytes - 1] = std::byte{8};
    set.restore(bare);
    CHECK(heap.base[kPageSize] == std::byte{4});
    CHECK(heap.base[6 * kPageSize] == std::byte{0});
    CHECK(stack.base[stack.bytes - 1] == std::byte{5});
    CHECK(set.capture().hash() == full.hash());
}
