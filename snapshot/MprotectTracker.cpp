#include "snapshot/MprotectTracker.hpp"

#include "snapshot/PageStore.hpp"

#include <signal.h> // NOLINT(modernize-deprecated-headers): POSIX sigaction, siginfo_t
#include <sys/mman.h>

#include <bit>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <system_error>

namespace rankfold::snapshot {

namespace {

constexpr std::size_t kMaxTrackers = 64;
std::atomic<MprotectTracker*> g_trackers[kMaxTrackers];

bool test_bit(const std::vector<std::uint64_t>& bits, std::size_t i) {
    return (bits[i / 64] >> (i % 64)) & 1;
}

void protect(std::byte* base, std::uint32_t first, std::uint32_t count, int prot) {
    if (mprotect(base + std::size_t{first} * kPageSize, std::size_t{count} * kPageSize, prot) != 0)
        throw std::system_error(errno, std::generic_category(), "mprotect (dirty tracking)");
}

// Calls f(first, count) for each run of consecutive page numbers in a sorted list.
template <class F> void for_each_run(std::span<const std::uint32_t> pages, F&& f) {
    std::size_t i = 0;
    while (i < pages.size()) {
        std::size_t j = i + 1;
        while (j < pages.size() && pages[j] == pages[j - 1] + 1) ++j;
        f(pages[i], static_cast<std::uint32_t>(j - i));
        i = j;
    }
}

struct sigaction g_previous;

void standalone_handler(int sig, siginfo_t* info, void* context) {
    if (DirtyTracker::handle_fault(info->si_addr)) return;
    if ((g_previous.sa_flags & SA_SIGINFO) != 0 && g_previous.sa_sigaction != nullptr) {
        g_previous.sa_sigaction(sig, info, context);
    } else if (g_previous.sa_handler == SIG_DFL) {
        signal(sig, SIG_DFL); // the faulting instruction re-runs and gets the default action
    } else if (g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(sig);
    }
}

} // namespace

bool DirtyTracker::handle_fault(void* addr) noexcept {
    const auto a = reinterpret_cast<std::uintptr_t>(addr);
    for (auto& slot : g_trackers) {
        MprotectTracker* t = slot.load(std::memory_order_acquire);
        if (t != nullptr && t->handle_fault_here(a)) return true;
    }
    return false;
}

void install_standalone_fault_handler() {
    struct sigaction current {};
    sigaction(SIGSEGV, nullptr, &current);
    if ((current.sa_flags & SA_SIGINFO) != 0 && current.sa_sigaction == &standalone_handler) return;
    struct sigaction sa {};
    sa.sa_sigaction = &standalone_handler;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, &g_previous);
}

MprotectTracker::MprotectTracker() {
    for (auto& slot : g_trackers) {
        MprotectTracker* expected = nullptr;
        if (slot.compare_exchange_strong(expected, this)) return;
    }
    throw std::runtime_error("too many live mprotect dirty trackers");
}

MprotectTracker::~MprotectTracker() {
    for (auto& slot : g_trackers) {
        MprotectTracker* expected = this;
        slot.compare_exchange_strong(expected, nullptr);
    }
    const std::size_t n = range_count_.load();
    for (std::size_t i = 0; i < n; ++i) {
        // Leave the memory as we found it: writable.
        mprotect(ranges_[i]->base, ranges_[i]->pages * kPageSize, PROT_READ | PROT_WRITE);
        delete ranges_[i];
    }
}

std::size_t MprotectTracker::add_range(std::byte* base, std::size_t bytes) {
    const std::size_t index = range_count_.load();
    if (index == kMaxRanges) throw std::runtime_error("too many ranges for one dirty tracker");
    const std::size_t pages = bytes / kPageSize;
    // Every page starts writable, hence "written": the first capture reads them all.
    auto* r = new Range{base, pages, std::vector<std::uint64_t>((pages + 63) / 64, ~0ull)};
    if (pages % 64 != 0) r->writable.back() = (std::uint64_t{1} << (pages % 64)) - 1;
    ranges_[index] = r;
    range_count_.store(index + 1, std::memory_order_release);
    return index;
}

bool MprotectTracker::handle_fault_here(std::uintptr_t addr) noexcept {
    const std::size_t n = range_count_.load(std::memory_order_acquire);
    for (std::size_t i = 0; i < n; ++i) {
        Range& r = *ranges_[i];
        const auto base = reinterpret_cast<std::uintptr_t>(r.base);
        if (addr < base || addr >= base + r.pages * kPageSize) continue;
        const std::size_t page = (addr - base) / kPageSize;
        if (test_bit(r.writable, page)) return false; // writable already: not our fault
        if (mprotect(r.base + page * kPageSize, kPageSize, PROT_READ | PROT_WRITE) != 0)
            return false;
        r.writable[page / 64] |= std::uint64_t{1} << (page % 64);
        faults_.fetch_add(1, std::memory_order_relaxed);
        return true;
    }
    return false;
}

void MprotectTracker::collect(std::size_t range, std::vector<std::uint32_t>& pages) {
    Range& r = *ranges_[range];
    const std::size_t before = pages.size();
    for (std::size_t w = 0; w < r.writable.size(); ++w) {
        for (std::uint64_t bits = r.writable[w]; bits != 0; bits &= bits - 1)
            pages.push_back(static_cast<std::uint32_t>(w * 64 + std::countr_zero(bits)));
    }
    if (pages.size() > before) protect_span(r, pages[before], pages.back());
}

// One mprotect over the whole span: the kernel skips the mappings that are read-only already
// and merges the writable ones back, which is cheaper than one call per run.
void MprotectTracker::protect_span(Range& r, std::uint32_t first, std::uint32_t last) {
    protect(r.base, first, last - first + 1, PROT_READ);
    for (std::uint32_t p = first; p <= last; ++p) {
        if (p % 64 == 0 && p + 63 <= last) {
            r.writable[p / 64] = 0;
            p += 63;
        } else {
            r.writable[p / 64] &= ~(std::uint64_t{1} << (p % 64));
        }
    }
}

void MprotectTracker::begin_write(std::size_t range, std::span<const std::uint32_t> pages) {
    Range& r = *ranges_[range];
    std::vector<std::uint32_t> missing;
    for (std::uint32_t p : pages)
        if (!test_bit(r.writable, p)) missing.push_back(p);
    for_each_run(missing, [&](std::uint32_t first, std::uint32_t count) {
        protect(r.base, first, count, PROT_READ | PROT_WRITE);
        for (std::uint32_t p = first; p < first + count; ++p)
            r.writable[p / 64] |= std::uint64_t{1} << (p % 64);
    });
}

void MprotectTracker::end_write(std::size_t range, std::span<const std::uint32_t> pages) {
    if (pages.empty()) return;
    Range& r = *ranges_[range];
    // A single span is right only if it covers no other writable page (whose "written" mark
    // would be lost); otherwise protect run by run.
    std::size_t writable_in_span = 0;
    for (std::uint32_t p = pages.front(); p <= pages.back(); ++p) {
        if (p % 64 == 0 && p + 63 <= pages.back()) {
            writable_in_span += static_cast<std::size_t>(std::popcount(r.writable[p / 64]));
            p += 63;
        } else {
            writable_in_span += test_bit(r.writable, p);
        }
    }
    if (writable_in_span == pages.size()) {
        protect_span(r, pages.front(), pages.back());
        return;
    }
    for_each_run(pages, [&](std::uint32_t first, std::uint32_t count) {
        protect_span(r, first, first + count - 1);
    });
}

} // namespace rankfold::snapshot
