#include "snapshot/MprotectTracker.hpp"
#include "snapshot/PageStore.hpp"
#include "snapshot/UffdTracker.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

using namespace rankfold::snapshot;

namespace {

std::byte* map_pages(std::size_t pages) {
    void* p = mmap(nullptr, pages * kPageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                   -1, 0);
    REQUIRE(p != MAP_FAILED);
    return static_cast<std::byte*>(p);
}

std::vector<std::uint32_t> collect(DirtyTracker& t, std::size_t range) {
    std::vector<std::uint32_t> pages;
    t.collect(range, pages);
    return pages;
}

using Pages = std::vector<std::uint32_t>;

// `pages` decides whether re-arming goes run by run or by one scan (uffd).
void check_precise_tracker(DirtyTracker& t, std::size_t pages) {
    std::byte* mem = map_pages(pages);
    const std::size_t r = t.add_range(mem, pages * kPageSize);
    CHECK(collect(t, r).size() == pages); // everything counts as written at first
    CHECK(collect(t, r).empty());
    mem[3 * kPageSize] = std::byte{1};
    mem[7 * kPageSize + 4095] = std::byte{1};
    mem[7 * kPageSize] = std::byte{1};
    (void)*static_cast<volatile std::byte*>(mem + 9 * kPageSize); // a read is not a write
    CHECK(collect(t, r) == Pages{3, 7});
    CHECK(collect(t, r).empty());
    // Pages the snapshot code writes itself come back unwritten.
    const Pages written{10, 11, 40};
    t.begin_write(r, written);
    for (std::uint32_t p : written) mem[p * kPageSize + 1] = std::byte{2};
    t.end_write(r, written);
    CHECK(collect(t, r).empty());
    // end_write with a list that misses a written page keeps that page reported.
    mem[20 * kPageSize] = std::byte{1};
    mem[30 * kPageSize] = std::byte{1};
    t.begin_write(r, Pages{25});
    mem[25 * kPageSize] = std::byte{1};
    t.end_write(r, Pages{25});
    CHECK(collect(t, r) == Pages{20, 30});
    munmap(mem, pages * kPageSize);
}

} // namespace

TEST_CASE("mprotect tracking reports exactly the written pages", "[snapshot][tracker]") {
    install_standalone_fault_handler();
    MprotectTracker t;
    check_precise_tracker(t, 64);
    check_precise_tracker(t, 1024);
    CHECK(t.faults() >= 4);
    CHECK_FALSE(DirtyTracker::handle_fault(reinterpret_cast<void*>(16))); // not ours
}

// The userfaultfd cases run as their own ctest (unit-uffd), which uffd_probe reports as skipped
// where the kernel lacks asynchronous write protection; here they require it.
TEST_CASE("userfaultfd tracking reports exactly the written pages", "[snapshot][tracker][uffd]") {
    auto t = UffdTracker::create();
    REQUIRE(t);
    check_precise_tracker(*t, 64);
    check_precise_tracker(*t, 1024);
}

TEST_CASE("userfaultfd tracking sees kernel writes and file-backed memory",
          "[snapshot][tracker][uffd]") {
    auto t = UffdTracker::create();
    REQUIRE(t);
    // A private file mapping, like a loaded module's .data; larger than the windows the tracker
    // reports whole without a walk.
    constexpr std::size_t kPages = 64;
    char path[] = "/tmp/rankfold-tracker-XXXXXX";
    const int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    unlink(path);
    std::vector<char> init(kPages * kPageSize, 'x');
    REQUIRE(write(fd, init.data(), init.size()) == static_cast<ssize_t>(init.size()));
    void* p = mmap(nullptr, kPages * kPageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    REQUIRE(p != MAP_FAILED);
    auto* mem = static_cast<std::byte*>(p);
    const std::size_t r = t->add_range(mem, kPages * kPageSize);
    collect(*t, r);
    mem[2 * kPageSize] = std::byte{1};
    // read(2) writes into page 5 from the kernel.
    REQUIRE(pread(fd, mem + 5 * kPageSize + 10, 4, 0) == 4);
    CHECK(collect(*t, r) == Pages{2, 5});

    // A window of a few pages is reported whole (no walk); pages written outside it are
    // reported once a large window covers them again.
    t->set_window(r, 0, 4);
    mem[40 * kPageSize] = std::byte{2};
    mem[1 * kPageSize] = std::byte{3};
    CHECK(collect(*t, r) == Pages{0, 1, 2, 3});
    t->set_window(r, 0, kPages);
    CHECK(collect(*t, r) == Pages{1, 40});
    CHECK(collect(*t, r).empty());
    munmap(p, kPages * kPageSize);
    close(fd);
}

namespace {
// Kibibytes of page tables the process holds (VmPTE in /proc/self/status).
long page_table_kib() {
    std::ifstream status("/proc/self/status");
    std::string key;
    long kib = -1;
    while (status >> key)
        if (key == "VmPTE:") status >> kib;
    return kib;
}
} // namespace

// The ranks' memory is a large shared memory file of which a window is in use: protection is
// armed over the windows seen, so page tables stay small, and pages armed late (written while
// untracked) are reported when they are armed.
TEST_CASE("userfaultfd tracking arms protection over the windows only",
          "[snapshot][tracker][uffd]") {
    auto t = UffdTracker::create();
    REQUIRE(t);
    constexpr std::size_t kPages = std::size_t{1} << 18; // 1 GiB
    const int fd = memfd_create("rankfold-tracker-test", MFD_CLOEXEC);
    REQUIRE(fd >= 0);
    REQUIRE(ftruncate(fd, static_cast<off_t>(kPages * kPageSize)) == 0);
    void* p = mmap(nullptr, kPages * kPageSize, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE,
                   fd, 0);
    REQUIRE(p != MAP_FAILED);
    auto* mem = static_cast<std::byte*>(p);
    const std::size_t r = t->add_range(mem, kPages * kPageSize);
    t->set_window(r, 0, 64);
    const long tables_before = page_table_kib();
    const Pages first = collect(*t, r);
    // Protecting the whole range would build 2 MiB of page tables (a marker per entry).
    CHECK(page_table_kib() - tables_before < 256);
    REQUIRE(first.size() >= 64);
    CHECK(first.size() < 4096);
    CHECK(collect(*t, r).empty());
    const std::uint32_t beyond = 4096;
    mem[std::size_t{beyond} * kPageSize] = std::byte{1}; // not armed yet
    mem[10 * kPageSize] = std::byte{1};
    CHECK(collect(*t, r) == Pages{10});
    // The window grows over the page written while untracked: it is reported.
    t->set_window(r, 0, beyond + 1);
    const Pages grown = collect(*t, r);
    CHECK(std::find(grown.begin(), grown.end(), beyond) != grown.end());
    CHECK(std::find(grown.begin(), grown.end(), 10) == grown.end());
    CHECK(collect(*t, r).empty());
    mem[std::size_t{beyond} * kPageSize] = std::byte{2};
    CHECK(collect(*t, r) == Pages{beyond});
    // Pages the snapshot code writes beyond the armed part come back unwritten; the pages
    // armed with them are reported.
    const std::uint32_t far = 6000;
    t->begin_write(r, Pages{far});
    mem[std::size_t{far} * kPageSize] = std::byte{3};
    t->end_write(r, Pages{far});
    t->set_window(r, 0, 8192);
    const Pages later = collect(*t, r);
    CHECK(std::find(later.begin(), later.end(), far) == later.end());
    CHECK(std::find(later.begin(), later.end(), far + 1) != later.end());
    CHECK(std::find(later.begin(), later.end(), 8191) != later.end());
    CHECK(std::is_sorted(later.begin(), later.end()));
    CHECK(collect(*t, r).empty());
    t.reset();
    munmap(p, kPages * kPageSize);
    close(fd);
}

TEST_CASE("Trackers can be chosen and named", "[snapshot][tracker]") {
    CHECK(make_tracker(TrackingMethod::Compare)->precise() == false);
    CHECK(make_tracker(TrackingMethod::Mprotect)->method() == TrackingMethod::Mprotect);
    CHECK(make_default_tracker() != nullptr);
    CHECK(std::string(method_name(TrackingMethod::Uffd)) == "uffd");
}
