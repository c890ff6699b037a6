// DirtyTracker: which pages of the application's memory were written since they were last
// captured or restored, so that capture and restore touch only those (DESIGN.md §5).
//
// Three methods, measured by bench/snapshot_bench (numbers in the issue note):
//   Compare   no tracking; the snapshot code compares every page with its last captured copy.
//             Always available; cost proportional to the memory size.
//   Uffd      userfaultfd write protection in asynchronous mode (Linux 6.7+): the kernel clears a
//             page's protection on its first write without any signal, and one PAGEMAP_SCAN
//             ioctl per range lists the written pages and protects them again. Kernel writes
//             (read(2) into a buffer) are seen too.
//   Mprotect  mprotect(PROT_READ) plus a SIGSEGV handler that records the page and makes it
//             writable; a signal per first write of a page, and system calls that write into
//             tracked memory fail with EFAULT instead of faulting.
// (Soft-dirty bits, the classic fourth option, are not available on the target kernels.)
//
// A tracker works on page-aligned ranges of whole pages, identified by the index add_range()
// returns; pages are numbered from the start of their range. Memory in a tracked range must not
// be discarded behind the tracker's back (MADV_DONTNEED, munmap and mmap again): with Mprotect
// the zeroed page goes unreported (Uffd on Linux 6.18 does report it, but nothing relies on it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace rankfold::snapshot {

enum class TrackingMethod { Compare, Mprotect, Uffd };

const char* method_name(TrackingMethod method);

class DirtyTracker {
public:
    virtual ~DirtyTracker() = default;

    virtual TrackingMethod method() const = 0;
    // False when collect() knows nothing and the caller must compare contents itself.
    virtual bool precise() const = 0;

    // Starts tracking [base, base + bytes) (page-aligned, mapped, readable and writable). Every
    // page counts as written until it is first reported.
    virtual std::size_t add_range(std::byte* base, std::size_t bytes) = 0;

    // Appends, in ascending order, the pages of `range` written since they were last reported
    // or passed to end_write(), and starts tracking them afresh.
    virtual void collect(std::size_t range, std::vector<std::uint32_t>& pages) = 0;

    // Pages [first, first + count) of `range` are all its user looks at for now: a tracker
    // whose collect() walks the whole range may walk only these. Pages outside keep their
    // written state and are reported once they are inside the window again. Default: ignored.
    virtual void set_window(std::size_t range, std::size_t first, std::size_t count) {
        (void)range, (void)first, (void)count;
    }

    // The snapshot code writes `pages` (sorted, unique) itself between these two calls; after
    // end_write() they count as unwritten (their content is known again). Other pages written
    // meanwhile stay reported. (Writes through another mapping of the same memory, a "writer"
    // alias, are not seen at all and need neither call.)
    virtual void begin_write(std::size_t range, std::span<const std::uint32_t> pages) = 0;
    virtual void end_write(std::size_t range, std::span<const std::uint32_t> pages) = 0;

    // For the process's SIGSEGV handler, to call first: true when `addr` lies in a page that an
    // mprotect tracker protected; the page is then writable again and the handler should return
    // so that the write is retried. Async-signal-safe.
    static bool handle_fault(void* addr) noexcept;
};

// nullptr when the method is not available here (Uffd on an old kernel or without permission).
std::unique_ptr<DirtyTracker> make_tracker(TrackingMethod method);
// The fastest method available that needs no signal handler: Uffd, else Compare.
std::unique_ptr<DirtyTracker> make_default_tracker();

// The always-available method: reports nothing, the caller compares.
class CompareTracker final : public DirtyTracker {
public:
    TrackingMethod method() const override { return TrackingMethod::Compare; }
    bool precise() const override { return false; }
    std::size_t add_range(std::byte*, std::size_t) override { return ranges_++; }
    void collect(std::size_t, std::vector<std::uint32_t>&) override {}
    void begin_write(std::size_t, std::span<const std::uint32_t>) override {}
    void end_write(std::size_t, std::span<const std::uint32_t>) override {}

private:
    std::size_t ranges_ = 0;
};

} // namespace rankfold::snapshot
