// Write-protection tracking with mprotect and SIGSEGV (see DirtyTracker.hpp for the comparison).
//
// Invariant per page of a range: writable <=> its bit is set (written since last re-armed). A
// fault on a protected page of a live tracker is a first write: the handler makes the page
// writable, sets its bit and lets the write retry. A fault on a writable page is not ours.
//
// The process's SIGSEGV handler must call DirtyTracker::handle_fault() first (mc/CrashHandler);
// programs without one (tests, benchmarks) call install_standalone_fault_handler().
//
// Limits: each protected/unprotected run is a separate kernel mapping (VMA), so many scattered
// written pages can approach vm.max_map_count (65530 by default); re-arming merges them again.
// System calls that write into a protected page fail with EFAULT rather than fault.
#pragma once

#include "snapshot/DirtyTracker.hpp"

#include <atomic>

namespace rankfold::snapshot {

class MprotectTracker final : public DirtyTracker {
public:
    MprotectTracker();
    ~MprotectTracker() override;

    TrackingMethod method() const override { return TrackingMethod::Mprotect; }
    bool precise() const override { return true; }
    std::size_t add_range(std::byte* base, std::size_t bytes) override;
    void collect(std::size_t range, std::vector<std::uint32_t>& pages) override;
    void begin_write(std::size_t range, std::span<const std::uint32_t> pages) override;
    void end_write(std::size_t range, std::span<const std::uint32_t> pages) override;

    // The per-tracker part of DirtyTracker::handle_fault.
    bool handle_fault_here(std::uintptr_t addr) noexcept;

    // Faults handled since construction (each one is a signal on a first write).
    std::uint64_t faults() const { return faults_.load(std::memory_order_relaxed); }

private:
    struct Range {
        std::byte* base;
        std::size_t pages;
        std::vector<std::uint64_t> writable; // bitmap
    };
    // Protects every writable page in [first, last] of the range and clears their bits.
    void protect_span(Range& r, std::uint32_t first, std::uint32_t last);

    // Fixed storage so the signal handler never sees a vector being reallocated.
    static constexpr std::size_t kMaxRanges = 1024;
    Range* ranges_[kMaxRanges] = {};
    std::atomic<std::size_t> range_count_{0};
    std::atomic<std::uint64_t> faults_{0};
};

// Installs a SIGSEGV handler that calls DirtyTracker::handle_fault and otherwise hands the
// signal to the handler that was installed before (or the default action). Does nothing if it
// is installed already; call it again after anyone else replaced it (Catch2 installs its own
// handler for each test case).
void install_standalone_fault_handler();

} // namespace rankfold::snapshot
