// Dirty tracking with userfaultfd write protection in asynchronous mode and the PAGEMAP_SCAN
// ioctl (Linux 6.7+; see DirtyTracker.hpp for the comparison with the other methods).
//
// A registered range is write-protected page by page. With UFFD_FEATURE_WP_ASYNC the kernel
// resolves a write to a protected page itself (no signal, no handler thread) by dropping the
// protection; PAGEMAP_SCAN then reports the unprotected pages of a range as PAGE_IS_WRITTEN and,
// with PM_SCAN_WP_MATCHING, protects them again in the same walk.
//
// Pages never populated are not reported (a hole reads as zero and a first write populates an
// unprotected page, which is reported); a page populated by a read (the shared zero page) is
// reported once, harmlessly. UFFD_FEATURE_WP_UNPOPULATED is not used on purpose: it would build
// page tables for the whole of a large, mostly unused reservation.
//
// Protection is armed lazily, over the hull of the windows seen so far (set_window) in chunks of
// kArmChunk pages, not over the whole range at its first collect: the ranks' memory is a shared
// memory file, and write-protecting a file mapping installs a marker in every page table entry
// of the range, so protecting a rank's 1 GiB heap reservation built 2 MiB of page tables, and
// unregistering it walked them all again (a quarter of a 5,040-execution fan-in's time). Pages
// outside the armed part are untracked and count as written; arming reports them.
#pragma once

#include "snapshot/DirtyTracker.hpp"

namespace rankfold::snapshot {

class UffdTracker final : public DirtyTracker {
public:
    // nullptr if the kernel or the permissions do not allow it (old kernel, no WP_ASYNC,
    // vm.unprivileged_userfaultfd=0 without CAP_SYS_PTRACE, no PAGEMAP_SCAN).
    static std::unique_ptr<UffdTracker> create();
    ~UffdTracker() override;

    TrackingMethod method() const override { return TrackingMethod::Uffd; }
    bool precise() const override { return true; }
    std::size_t add_range(std::byte* base, std::size_t bytes) override;
    void collect(std::size_t range, std::vector<std::uint32_t>& pages) override;
    // A walk costs time in proportion to the range walked, used or not: a rank's 1 GiB heap
    // reservation of which 1 MiB is in use costs 1 ms a walk; the window brings it to the part
    // that matters.
    void set_window(std::size_t range, std::size_t first, std::size_t count) override {
        ranges_[range].window_first = first;
        ranges_[range].window_count = count;
    }
    void begin_write(std::size_t, std::span<const std::uint32_t>) override {}
    void end_write(std::size_t range, std::span<const std::uint32_t> pages) override;

private:
    UffdTracker(int uffd, int pagemap) : uffd_(uffd), pagemap_(pagemap) {}
    struct Range {
        std::byte* base;
        std::size_t pages;
        // Pages [armed_first, armed_end) are write-protected and tracked; the others were never
        // protected and count as written.
        std::size_t armed_first = 0;
        std::size_t armed_end = 0;
        // Written pages that a re-protecting scan found but nobody has been told about yet.
        std::vector<std::uint32_t> pending;
        std::size_t window_first = 0;
        std::size_t window_count = SIZE_MAX; // scan() walks only this part (see set_window)
    };
    // Windows of at most this many pages are not walked: all their pages count as written.
    static constexpr std::size_t kSmallWindow = 16;
    // Arming grows the armed part in steps of this many pages (one page table's worth), so that
    // a window that grows a page at a time costs a protecting call per step, not per page.
    static constexpr std::size_t kArmChunk = 512;
    static bool small(const Range& r);
    // The window of `r`, clamped to the range: [first, end).
    static std::size_t window_first(const Range& r);
    static std::size_t window_end(const Range& r);
    // Extends the armed part of `r` to cover [first, end) and protects what it adds; the pages
    // added count as written and go to `r.pending`.
    void arm(Range& r, std::size_t first, std::size_t end);
    void protect(std::byte* addr, std::size_t bytes);
    // One PAGEMAP_SCAN walk over the range: appends the written pages and protects them again.
    void scan(const Range& r, std::vector<std::uint32_t>& out);

    int uffd_;
    int pagemap_;
    std::vector<Range> ranges_;
    std::vector<std::uint64_t> regions_; // scratch: struct page_region {start, end, categories}
    // Scratch page lists of collect, end_write and arm.
    std::vector<std::uint32_t> scratch_, merged_, added_;
};

} // namespace rankfold::snapshot
