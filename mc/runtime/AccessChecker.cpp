#include "mc/runtime/AccessChecker.hpp"

#include "mc/runtime/RankRuntime.hpp"
#include "snapshot/AppContext.hpp"

#include <fmt/format.h>

#include <algorithm>

extern "C" {
__attribute__((visibility("default"))) rankfold_access_filter* rankfold_access_filter_current =
    nullptr;

__attribute__((visibility("default"))) void rankfold_access_slow(std::uintptr_t address,
                                                                 std::size_t size, int write,
                                                                 std::uintptr_t site,
                                                                 const char* routine) {
    if (auto* checker = rankfold::mc::AccessChecker::current())
        checker->access(address, size, write != 0, site, routine);
}
}

namespace rankfold::mc {

AccessChecker* AccessChecker::current_ = nullptr;

AccessChecker::AccessChecker(RankRuntime& runtime, properties::EventSink& events)
    : runtime_(runtime), events_(events),
      filters_(static_cast<std::size_t>(runtime.ranks().size())) {
    for (int r = 0; r < runtime.ranks().size(); ++r) {
        const snapshot::RankRegion region = runtime.memory().region(r);
        rankfold_access_filter& f = filters_[static_cast<std::size_t>(r)];
        f = {};
        f.heap_low = reinterpret_cast<std::uintptr_t>(region.heap);
        f.heap_size = region.heap_size;
    }
    current_ = this;
    set_heap_observer(this);
}

AccessChecker::~AccessChecker() {
    rankfold_access_filter_current = nullptr;
    set_heap_observer(nullptr);
    if (current_ == this) current_ = nullptr;
}

void AccessChecker::enter(int rank) {
    rankfold_access_filter& f = filters_[static_cast<std::size_t>(rank)];
    rewatch(rank);
    // The arena may have been restored since: find the live block again.
    f.known_low = f.known_high = 0;
    rankfold_access_filter_current = &f;
}

void AccessChecker::rewatch(int rank) {
    rankfold_access_filter& f = filters_[static_cast<std::size_t>(rank)];
    const properties::ByteRange hull = events_.watched_bytes(rank);
    // The hull comes back in two registers; GCC would spill them and reload both as one vector
    // to store them together, a store-forwarding stall (4% of a point-to-point stream).
    std::uintptr_t low = hull.low, high = hull.high;
    asm("" : "+r"(low), "+r"(high));
    f.watch_low = low;
    f.watch_high = high;
}

void AccessChecker::leave() {
    rankfold_access_filter_current = nullptr;
}

void AccessChecker::allocated(void* block, std::size_t size, std::uintptr_t site) {
    const snapshot::RuntimeSection section; // the table lives in checker memory
    sites_.allocated(reinterpret_cast<std::uintptr_t>(block), size, site);
}

void AccessChecker::released(void* block, std::uintptr_t site) {
    const snapshot::RuntimeSection section;
    sites_.released(reinterpret_cast<std::uintptr_t>(block), site);
    for (rankfold_access_filter& f : filters_) f.known_low = f.known_high = 0;
}

void AccessChecker::access(std::uintptr_t address, std::size_t size, bool write,
                           std::uintptr_t site, const char* routine) {
    if (!runtime_.in_rank() || snapshot::g_app_arena == nullptr) return; // checker code
    const int rank = runtime_.current_rank();
    rankfold_access_filter& f = filters_[static_cast<std::size_t>(rank)];
    // Within the live block found last (the fast path skips those; here for the watched
    // bytes), the heap check would find it again.
    if (address - f.heap_low < f.heap_size &&
        (address < f.known_low || address + size > f.known_high))
        check_heap(rank, address, size, write, site, routine);
    if (address < f.watch_high && address + size > f.watch_low) {
        const snapshot::RuntimeSection section;
        events_.on_memory_access({rank, address, size, write, site, routine});
    }
}

void AccessChecker::check_heap(int rank, std::uintptr_t address, std::size_t size, bool write,
                               std::uintptr_t site, const char* routine) {
    const snapshot::RankArena* arena = runtime_.memory().arena(rank);
    const auto block = arena->block_containing(reinterpret_cast<const void*>(address));
    if (block) {
        const auto low = reinterpret_cast<std::uintptr_t>(block->address);
        if (address + size <= low + block->size) {
            rankfold_access_filter& f = filters_[static_cast<std::size_t>(rank)];
            f.known_low = low;
            f.known_high = low + block->size;
            return;
        }
    }
    heap_error(rank, address, size, write, site, routine);
}

void AccessChecker::heap_error(int rank, std::uintptr_t address, std::size_t size, bool write,
                               std::uintptr_t site, const char* routine) {
    snapshot::g_app_arena = nullptr; // what follows allocates in checker memory; never returns
    const snapshot::RankArena* arena = runtime_.memory().arena(rank);
    const auto where = [&](std::uintptr_t at) {
        const auto loc = runtime_.image().locate_call(at);
        return loc ? " at " + loc->short_text() : std::string(" at an unknown place");
    };
    const std::string how = *routine != '\0'
                                ? fmt::format("{} ({})", routine, write ? "writes" : "reads")
                                : std::string(write ? "store" : "load");
    const auto block = arena->block_containing(reinterpret_cast<const void*>(address));
    const auto record = sites_.at_or_below(address);
    std::string message;
    std::string subkind = "out-of-bounds";
    if (block) {
        // Starts inside a live block and runs past its end.
        const auto low = reinterpret_cast<std::uintptr_t>(block->address);
        const bool same = record && record->start == low && record->live;
        const std::size_t asked = same ? record->size : block->size;
        message = fmt::format("{} of {} bytes at {:#x} runs {} bytes past the end of a {}-byte "
                              "heap block allocated{}",
                              how, size, address, address + size - (low + asked), asked,
                              same ? where(record->site) : std::string(" earlier"));
    } else if (record && address < record->start + std::max<std::size_t>(record->size, 1)) {
        subkind = "use-after-free";
        message = fmt::format("{} of {} bytes at {:#x}, {} bytes into a {}-byte heap block "
                              "allocated{} and freed{}",
                              how, size, address, address - record->start, record->size,
                              where(record->site),
                              record->freed_at != 0 ? where(record->freed_at) : std::string());
    } else if (record && record->live) {
        message = fmt::format("{} of {} bytes at {:#x}, {} bytes past the end of a {}-byte heap "
                              "block allocated{}",
                              how, size, address, address - (record->start + record->size),
                              record->size, where(record->site));
    } else {
        message = fmt::format("{} of {} bytes at {:#x}: heap memory that is not part of any "
                              "live block",
                              how, size, address);
    }
    runtime_.faults().rank_violation(ViolationKind::HeapError, std::move(message), site,
                                     std::move(subkind));
}

} // namespace rankfold::mc
