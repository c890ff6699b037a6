#include "snapshot/UffdTracker.hpp"

#include "snapshot/PageStore.hpp"

#include <fcntl.h>
#include <linux/fs.h>
#include <linux/userfaultfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <iterator>
#include <system_error>
#include <utility>

// The build machines' headers (Linux 6.1) predate what the target kernels (6.7+) offer; these
// values are the kernel's ABI (include/uapi/linux/userfaultfd.h and fs.h of Linux 6.7). When the
// running kernel lacks them, create() sees the ioctls fail and returns nullptr.
#ifndef UFFD_FEATURE_WP_ASYNC
#define UFFD_FEATURE_WP_ASYNC (1 << 15)
#endif
#ifndef UFFD_USER_MODE_ONLY
#define UFFD_USER_MODE_ONLY 1
#endif
#ifndef PAGEMAP_SCAN
#define PAGE_IS_WRITTEN (1 << 1)
#define PM_SCAN_WP_MATCHING (1 << 0)
#define PM_SCAN_CHECK_WPASYNC (1 << 1)
#endif

namespace rankfold::snapshot {

namespace {

struct ScanArg { // struct pm_scan_arg
    __u64 size, flags, start, end, walk_end, vec, vec_len, max_pages, category_inverted,
        category_mask, category_anyof_mask, return_mask;
};
static_assert(sizeof(ScanArg) == 96);
// PAGEMAP_SCAN, spelled with our copy of the struct (same size, hence the same number).
constexpr unsigned long kPagemapScan = _IOWR('f', 16, ScanArg);

constexpr std::size_t kScanVec = 512;

// Re-protecting run by run costs one UFFDIO_WRITEPROTECT per run (about 1.4 us measured); one
// WP_MATCHING scan walks the range's page tables (about 3 ns per page): the crossover is near one
// run in 500 pages.
constexpr std::size_t kPagesPerRunForScan = 512;

[[noreturn]] void fail(const char* what) {
    throw std::system_error(errno, std::generic_category(), what);
}

// Appends the sorted union of two sorted page lists to `out`.
void append_union(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b,
                  std::vector<std::uint32_t>& out) {
    std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
}

} // namespace

std::unique_ptr<UffdTracker> UffdTracker::create() {
    // User-mode-only works without privilege; writes by the kernel are still resolved because
    // asynchronous write protection never delivers a fault to us.
    int uffd =
        static_cast<int>(syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK | UFFD_USER_MODE_ONLY));
    if (uffd < 0) uffd = static_cast<int>(syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK));
    if (uffd < 0) return nullptr;
    uffdio_api api{};
    api.api = UFFD_API;
    api.features = UFFD_FEATURE_WP_ASYNC;
    const int pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
    if (ioctl(uffd, UFFDIO_API, &api) != 0 || (api.features & UFFD_FEATURE_WP_ASYNC) == 0 ||
        pagemap < 0) {
        close(uffd);
        if (pagemap >= 0) close(pagemap);
        return nullptr;
    }
    std::unique_ptr<UffdTracker> tracker(new UffdTracker(uffd, pagemap));
    // Probe PAGEMAP_SCAN (6.7+) on a scratch page before promising anything.
    void* probe =
        mmap(nullptr, kPageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (probe == MAP_FAILED) return nullptr;
    bool ok = true;
    try {
        const std::size_t r = tracker->add_range(static_cast<std::byte*>(probe), kPageSize);
        std::vector<std::uint32_t> pages;
        tracker->collect(r, pages);
        static_cast<volatile std::byte*>(probe)[0] = std::byte{1};
        pages.clear();
        tracker->collect(r, pages);
        ok = pages.size() == 1;
    } catch (const std::system_error&) {
        ok = false;
    }
    uffdio_range range{reinterpret_cast<__u64>(probe), kPageSize};
    ioctl(uffd, UFFDIO_UNREGISTER, &range);
    munmap(probe, kPageSize);
    tracker->ranges_.clear();
    if (!ok) return nullptr;
    return tracker;
}

UffdTracker::~UffdTracker() {
    for (const Range& r : ranges_) {
        uffdio_range range{reinterpret_cast<__u64>(r.base), r.pages * kPageSize};
        ioctl(uffd_, UFFDIO_UNREGISTER, &range); // fails harmlessly if already unmapped
    }
    close(pagemap_);
    close(uffd_);
}

std::size_t UffdTracker::add_range(std::byte* base, std::size_t bytes) {
    uffdio_register reg{};
    reg.range.start = reinterpret_cast<__u64>(base);
    reg.range.len = bytes;
    reg.mode = UFFDIO_REGISTER_MODE_WP;
    if (ioctl(uffd_, UFFDIO_REGISTER, &reg) != 0) fail("userfaultfd register (dirty tracking)");
    Range range{};
    range.base = base;
    range.pages = bytes / kPageSize;
    ranges_.push_back(std::move(range));
    return ranges_.size() - 1;
}

// Not const: it changes the protection of the tracked memory, only through the descriptor.
// NOLINTNEXTLINE(readability-make-member-function-const)
void UffdTracker::protect(std::byte* addr, std::size_t bytes) {
    uffdio_writeprotect wp{};
    wp.range.start = reinterpret_cast<__u64>(addr);
    wp.range.len = bytes;
    wp.mode = UFFDIO_WRITEPROTECT_MODE_WP;
    if (ioctl(uffd_, UFFDIO_WRITEPROTECT, &wp) != 0) fail("userfaultfd write-protect");
}

void UffdTracker::scan(const Range& r, std::vector<std::uint32_t>& out) {
    regions_.resize(kScanVec * 3);
    const auto base = reinterpret_cast<__u64>(r.base);
    ScanArg arg{};
    arg.size = sizeof arg;
    arg.flags = PM_SCAN_WP_MATCHING | PM_SCAN_CHECK_WPASYNC;
    const std::size_t first = std::min(r.window_first, r.pages);
    const std::size_t count = std::min(r.window_count, r.pages - first);
    if (count == 0) return;
    arg.start = base + first * kPageSize;
    arg.end = arg.start + count * kPageSize;
    arg.vec = reinterpret_cast<__u64>(regions_.data());
    arg.vec_len = kScanVec;
    arg.category_mask = PAGE_IS_WRITTEN;
    arg.return_mask = PAGE_IS_WRITTEN;
    for (;;) {
        const int n = ioctl(pagemap_, kPagemapScan, &arg);
        if (n < 0) fail("PAGEMAP_SCAN (dirty tracking)");
        for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
            const std::uint64_t first = (regions_[3 * i] - base) / kPageSize;
            const std::uint64_t last = (regions_[3 * i + 1] - base) / kPageSize;
            for (std::uint64_t p = first; p < last; ++p)
                out.push_back(static_cast<std::uint32_t>(p));
        }
        // The walk stops early when the result vector is full.
        if (arg.walk_end >= arg.end) break;
        arg.start = arg.walk_end;
    }
}

bool UffdTracker::small(const Range& r) {
    return std::min(r.window_count, r.pages) <= kSmallWindow;
}

std::size_t UffdTracker::window_first(const Range& r) {
    return std::min(r.window_first, r.pages);
}

std::size_t UffdTracker::window_end(const Range& r) {
    const std::size_t first = window_first(r);
    return first + std::min(r.window_count, r.pages - first);
}

void UffdTracker::arm(Range& r, std::size_t first, std::size_t end) {
    if (first >= end || (first >= r.armed_first && end <= r.armed_end)) return;
    first = first / kArmChunk * kArmChunk;
    end = std::min(r.pages, (end + kArmChunk - 1) / kArmChunk * kArmChunk);
    if (r.armed_first < r.armed_end) {
        first = std::min(first, r.armed_first);
        end = std::max(end, r.armed_end);
    } else {
        r.armed_first = r.armed_end = first; // nothing armed yet: all of [first, end) is new
    }
    added_.clear();
    // Protect first, then list: a write in between is still seen (the page is listed anyway).
    const auto add = [&](std::size_t from, std::size_t to) {
        if (from >= to) return;
        protect(r.base + from * kPageSize, (to - from) * kPageSize);
        for (std::size_t p = from; p < to; ++p) added_.push_back(static_cast<std::uint32_t>(p));
    };
    add(first, r.armed_first);
    add(r.armed_end, end);
    r.armed_first = first;
    r.armed_end = end;
    merged_.clear();
    append_union(r.pending, added_, merged_);
    r.pending.swap(merged_);
}

void UffdTracker::collect(std::size_t range, std::vector<std::uint32_t>& pages) {
    Range& r = ranges_[range];
    const std::size_t first = window_first(r);
    const std::size_t end = window_end(r);
    arm(r, first, end); // pages it adds are pending, reported below
    // The scratch lists are members: a capture allocates nothing here once they have grown.
    if (small(r)) {
        // Reporting every page of a small window costs a few hashes; a walk costs a system
        // call and a TLB flush, and re-protecting costs a fault at the next write.
        std::vector<std::uint32_t>& window = r.pending.empty() ? pages : scratch_;
        scratch_.clear();
        for (std::size_t p = first; p < end; ++p) window.push_back(static_cast<std::uint32_t>(p));
        // Pages written outside the window (it moved) are reported by the scan of a later,
        // larger window or stay pending; keep what a walk or arming found earlier.
        if (!r.pending.empty()) append_union(scratch_, r.pending, pages);
        r.pending.clear();
        return;
    }
    if (r.pending.empty()) {
        scan(r, pages);
        return;
    }
    scratch_.clear();
    scan(r, scratch_);
    append_union(scratch_, r.pending, pages);
    r.pending.clear();
}

void UffdTracker::end_write(std::size_t range, std::span<const std::uint32_t> pages) {
    Range& r = ranges_[range];
    if (pages.empty()) return;
    // collect() reports the whole window of a small range anyway: nothing to re-arm (a listed
    // page left unprotected is at worst reported once more).
    if (small(r)) return;
    // Scans walk armed pages only; the listed pages must be armed to be protected below.
    arm(r, window_first(r), window_end(r));
    arm(r, pages.front(), std::size_t{pages.back()} + 1);
    std::vector<std::uint32_t>& unlisted = scratch_; // written, but not in `pages`: stays reported
    unlisted.clear();
    std::size_t runs = 1;
    for (std::size_t i = 1; i < pages.size(); ++i) runs += pages[i] != pages[i - 1] + 1;
    if (runs * kPagesPerRunForScan > r.pages) {
        scan(r, unlisted);
    } else {
        for (std::size_t i = 0; i < pages.size();) {
            std::size_t j = i + 1;
            while (j < pages.size() && pages[j] == pages[j - 1] + 1) ++j;
            protect(r.base + std::size_t{pages[i]} * kPageSize, (j - i) * kPageSize);
            i = j;
        }
    }
    merged_.clear();
    append_union(unlisted, r.pending, merged_);
    r.pending.clear();
    std::set_difference(merged_.begin(), merged_.end(), pages.begin(), pages.end(),
                        std::back_inserter(r.pending));
}

} // namespace rankfold::snapshot
