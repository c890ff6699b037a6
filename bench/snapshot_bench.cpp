// Snapshot benchmark (issue 3): R ranks keep H MiB of heap each and change P% of the pages
// between snapshots. For each dirty-tracking method it prints the time to write the changes
// (tracking makes first writes fault), to capture, to restore the previous snapshot and to come
// back, and the bytes each snapshot adds with page sharing. Baselines in the same run: a plain
// memcpy of all regions, and capture/restore with sharing off (full copies), whose bytes per
// snapshot give the sharing ratio.
//
// usage: snapshot_bench [--ranks R] [--heap-mib H] [--percent P] [--steps S] [--keep K] [--seed X]
//                       [--methods compare,mprotect,uffd,mprotect+alias,uffd+alias]
//                       [--full-copy 0|1]
#include "snapshot/MprotectTracker.hpp"
#include "snapshot/RegionSnapshot.hpp"

#include <fmt/format.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace rankfold::snapshot;

namespace {

struct Config {
    std::size_t ranks = 4;
    std::size_t heap_mib = 64;
    double percent = 1.0;
    std::size_t steps = 60;
    std::size_t keep = 16; // live snapshots (a path of the search); older ones are released
    std::uint64_t seed = 12345;
    std::string methods = "compare,mprotect,uffd,mprotect+alias,uffd+alias";
    bool full_copy = true; // run the sharing-off baseline
};

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

struct Series {
    std::vector<double> v;
    void add(double x) { v.push_back(x); }
    double median() const {
        auto s = v;
        std::sort(s.begin(), s.end());
        return s.empty() ? 0 : s[s.size() / 2];
    }
    double max() const { return v.empty() ? 0 : *std::max_element(v.begin(), v.end()); }
};

// The ranks' heaps: one mapping each, filled with pseudo-random bytes (no two pages equal,
// the worst case for sharing). With `alias`, each heap is a memfd mapped twice: the application
// mapping and a writer through which restore writes without tripping the tracking.
struct Heaps {
    std::vector<std::byte*> base, writer;
    std::size_t bytes;
    Heaps(const Config& c, bool alias) : bytes(c.heap_mib << 20) {
        std::mt19937_64 rng(c.seed);
        for (std::size_t r = 0; r < c.ranks; ++r) {
            void* p = MAP_FAILED;
            void* w = nullptr;
            if (alias) {
                const int fd = memfd_create("rankfold-bench-heap", MFD_CLOEXEC);
                if (fd < 0 || ftruncate(fd, static_cast<off_t>(bytes)) != 0) std::abort();
                p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
                w = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, 0);
                close(fd);
                if (w == MAP_FAILED) std::abort();
            } else {
                p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
                         0);
            }
            if (p == MAP_FAILED) std::abort();
            auto* words = static_cast<std::uint64_t*>(p);
            for (std::size_t i = 0; i < bytes / 8; ++i) words[i] = rng();
            base.push_back(static_cast<std::byte*>(p));
            writer.push_back(static_cast<std::byte*>(w));
        }
    }
    ~Heaps() {
        for (std::size_t r = 0; r < base.size(); ++r) {
            munmap(base[r], bytes);
            if (writer[r] != nullptr) munmap(writer[r], bytes);
        }
    }
    std::size_t pages() const { return base.size() * (bytes / kPageSize); }
};

// Changes `count` random pages (8 random bytes at a random place in each).
void mutate(Heaps& h, std::size_t count, std::mt19937_64& rng) {
    const std::size_t per_rank = h.bytes / kPageSize;
    for (std::size_t k = 0; k < count; ++k) {
        const std::size_t page = rng() % h.pages();
        std::byte* p = h.base[page / per_rank] + (page % per_rank) * kPageSize + (rng() % 512) * 8;
        const std::uint64_t value = rng();
        std::memcpy(p, &value, 8);
    }
}

struct Result {
    std::string name;
    Series mutate, capture, capture_cold, restore_prev, restore_fwd;
    double first_capture_ms = 0;
    double bytes_per_snapshot = 0; // mean over steps
    double held_mib = 0;           // store total after all steps
    std::size_t snapshots = 0;
    std::uint64_t faults = 0;
};

Result run(const Config& c, TrackingMethod method, bool sharing, bool alias) {
    Heaps heaps(c, alias);
    PageStore store(PageStore::Options{sharing, nullptr});
    auto tracker = make_tracker(method);
    Result res;
    res.name = !sharing ? std::string("full copy (sharing off)")
                        : std::string(method_name(method)) + (alias ? "+alias" : "");
    if (!tracker) return res;
    auto* mprotect_tracker = dynamic_cast<MprotectTracker*>(tracker.get());
    RegionSet set(store, std::move(tracker));
    for (std::size_t r = 0; r < heaps.base.size(); ++r)
        set.set_used(set.add_region(heaps.base[r], heaps.bytes, Growth::Up, heaps.writer[r]),
                     heaps.bytes);

    const auto changes = static_cast<std::size_t>(heaps.pages() * c.percent / 100.0);
    std::mt19937_64 rng(c.seed + 1);
    std::vector<RegionSnapshot> snaps;
    auto t = Clock::now();
    snaps.push_back(set.capture());
    res.first_capture_ms = ms_since(t);
    // Without sharing every snapshot is a full copy: keep only two to bound memory.
    const std::size_t keep = sharing ? c.keep : 2;
    const std::size_t steps = sharing ? c.steps : std::min<std::size_t>(c.steps, 6);
    double bytes = 0;
    for (std::size_t k = 0; k < steps; ++k) {
        t = Clock::now();
        mutate(heaps, changes, rng);
        res.mutate.add(ms_since(t));

        const auto before = store.stats();
        t = Clock::now();
        RegionSnapshot next = set.capture();
        // Until the window is full, the store takes memory the process never used (the kernel
        // zeroes it on first touch); afterwards it reuses the slots of released pages.
        (snaps.size() < keep ? res.capture_cold : res.capture).add(ms_since(t));
        const auto after = store.stats();
        bytes += static_cast<double>(after.page_bytes + after.list_bytes + next.own_bytes()) -
                 static_cast<double>(before.page_bytes + before.list_bytes);

        // Backtrack to the previous state, as the explorer does, then come back.
        t = Clock::now();
        set.restore(snaps.back());
        res.restore_prev.add(ms_since(t));
        t = Clock::now();
        set.restore(next);
        res.restore_fwd.add(ms_since(t));
        snaps.push_back(std::move(next));
        if (snaps.size() > keep) snaps.erase(snaps.begin());
    }
    // The state hash survives the round trips.
    const Fingerprint expected = snaps.back().hash();
    if (set.capture().hash() != expected)
        fmt::print("ERROR: {}: hash mismatch after restore\n", res.name);
    res.bytes_per_snapshot = bytes / static_cast<double>(steps);
    res.held_mib = static_cast<double>(store.stats().total_bytes()) / (1 << 20);
    res.snapshots = snaps.size();
    if (mprotect_tracker != nullptr) res.faults = mprotect_tracker->faults();
    return res;
}

double memcpy_baseline_ms(const Config& c) {
    Heaps heaps(c, false);
    std::vector<std::byte> copy(heaps.bytes * heaps.base.size());
    std::memset(copy.data(), 1, copy.size()); // fault it in first
    Series s;
    for (int k = 0; k < 5; ++k) {
        const auto t = Clock::now();
        for (std::size_t r = 0; r < heaps.base.size(); ++r)
            std::memcpy(copy.data() + r * heaps.bytes, heaps.base[r], heaps.bytes);
        s.add(ms_since(t));
    }
    return s.median();
}

Config parse(int argc, char** argv) {
    Config c;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        const char* v = argv[i + 1];
        if (flag == "--ranks")
            c.ranks = std::strtoul(v, nullptr, 10);
        else if (flag == "--heap-mib")
            c.heap_mib = std::strtoul(v, nullptr, 10);
        else if (flag == "--percent")
            c.percent = std::strtod(v, nullptr);
        else if (flag == "--steps")
            c.steps = std::strtoul(v, nullptr, 10);
        else if (flag == "--seed")
            c.seed = std::strtoull(v, nullptr, 10);
        else if (flag == "--methods")
            c.methods = v;
        else if (flag == "--keep")
            c.keep = std::max<std::size_t>(1, std::strtoul(v, nullptr, 10));
        else if (flag == "--full-copy")
            c.full_copy = std::string(v) != "0";
        else {
            fmt::print(stderr, "unknown option {}\n", flag);
            std::exit(2);
        }
    }
    return c;
}

} // namespace

int main(int argc, char** argv) {
    const Config c = parse(argc, argv);
    install_standalone_fault_handler();
    const std::size_t pages = c.ranks * (c.heap_mib << 20) / kPageSize;
    fmt::print("snapshot bench: {} ranks x {} MiB heap ({} pages), {}% of pages changed per step, "
               "{} steps, seed {}\n",
               c.ranks, c.heap_mib, pages, c.percent, c.steps, c.seed);
    fmt::print("baseline memcpy of all heaps: {:.2f} ms\n", memcpy_baseline_ms(c));

    Result full;
    if (c.full_copy) full = run(c, TrackingMethod::Compare, false, false);
    std::vector<Result> results;
    // Each name in --methods: a tracking method, optionally with "+alias" (memfd heaps restored
    // through a writer mapping).
    std::size_t from = 0;
    while (from <= c.methods.size()) {
        std::size_t to = c.methods.find(',', from);
        if (to == std::string::npos) to = c.methods.size();
        std::string name = c.methods.substr(from, to - from);
        from = to + 1;
        const bool alias = name.ends_with("+alias");
        if (alias) name.resize(name.size() - 6);
        bool known = false;
        for (TrackingMethod m :
             {TrackingMethod::Compare, TrackingMethod::Mprotect, TrackingMethod::Uffd}) {
            if (name != method_name(m)) continue;
            known = true;
            results.push_back(run(c, m, true, alias));
        }
        if (!known && !name.empty()) fmt::print(stderr, "unknown method {}\n", name);
    }
    if (c.full_copy) results.push_back(full);

    fmt::print("\n{:<24} {:>8} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>12} {:>8}\n", "", "write",
               "capture", "(max)", "capture", "restore", "restore", "first", "new KiB", "");
    fmt::print("{:<24} {:>8} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>12} {:>8}\n", "method", "ms",
               "ms", "", "cold ms", "prev ms", "fwd ms", "capt ms", "/snapshot", "sharing");
    for (const Result& r : results) {
        if (r.capture.v.empty() && r.capture_cold.v.empty()) {
            fmt::print("{:<24} not available on this system\n", r.name);
            continue;
        }
        const Series& warm = r.capture.v.empty() ? r.capture_cold : r.capture;
        const double ratio = c.full_copy ? full.bytes_per_snapshot / r.bytes_per_snapshot : 0;
        fmt::print(
            "{:<24} {:>8.3f} {:>9.3f} {:>9.3f} {:>9.3f} {:>9.3f} {:>9.3f} {:>9.1f} {:>12.1f} "
            "{:>7.1f}x\n",
            r.name, r.mutate.median(), warm.median(), warm.max(), r.capture_cold.median(),
            r.restore_prev.median(), r.restore_fwd.median(), r.first_capture_ms,
            r.bytes_per_snapshot / 1024, ratio);
    }
    fmt::print(
        "\nMedians over the steps. write: the application making the changes (tracking makes first "
        "writes fault).\ncapture: once {} snapshots are live and released pages' memory is reused; "
        "capture cold: before, while the\nstore takes memory the process never touched. restore "
        "prev: back to the previous snapshot; fwd: forward again.\nnew KiB/snapshot: new page "
        "copies plus page lists; sharing: full-copy bytes per snapshot over this method's.\n",
        c.keep);
    for (const Result& r : results) {
        if (r.capture.v.empty()) continue;
        fmt::print("{:<24} store holds {:.1f} MiB for {} snapshots", r.name, r.held_mib,
                   r.snapshots);
        if (r.faults != 0) fmt::print(", {} write faults handled", r.faults);
        fmt::print("\n");
    }
}
