#include "mc/runtime/IgnoredMemory.hpp"

#include "mc/runtime/HeapHooks.hpp"
#include "mc/runtime/RankRuntime.hpp"
#include "snapshot/AppContext.hpp"

#include <fmt/format.h>

#include <cstdint>

namespace rankfold::mc {

IgnoredMemory& IgnoredMemory::instance() {
    static IgnoredMemory ignored;
    return ignored;
}

} // namespace rankfold::mc

// The entry point <rankfold.h> declares; runs on the calling rank's fiber.
extern "C" __attribute__((visibility("default"))) void rankfold_ignore(const void* address,
                                                                       std::size_t size) {
    using rankfold::mc::RankRuntime;
    RankRuntime* runtime = RankRuntime::current();
    if (runtime == nullptr || address == nullptr || size == 0) return;
    // The list is the checker's: its memory must not come from the rank's heap.
    const rankfold::snapshot::RuntimeSection checker_memory;
    rankfold::mc::IgnoredMemory::instance().add(runtime->current_rank(), address, size);
}

// The whole block `pointer` starts; runs on the calling rank's fiber.
extern "C" __attribute__((visibility("default"))) void rankfold_ignore_heap(const void* pointer) {
    using rankfold::mc::RankRuntime;
    RankRuntime* runtime = RankRuntime::current();
    if (runtime == nullptr) return;
    const auto site = reinterpret_cast<std::uintptr_t>(__builtin_return_address(0));
    const rankfold::snapshot::RankArena* arena = rankfold::mc::owner_arena(pointer);
    const std::size_t size = arena != nullptr ? arena->usable_size(pointer) : 0;
    if (size == 0) {
        const rankfold::snapshot::RuntimeSection checker_memory;
        runtime->faults().rank_violation(
            rankfold::mc::ViolationKind::HeapError,
            fmt::format("rankfold_ignore_heap({}): not the start of a live heap block of the rank",
                        pointer),
            site, "ignore-not-a-block");
    }
    const rankfold::snapshot::RuntimeSection checker_memory;
    rankfold::mc::IgnoredMemory::instance().add(runtime->current_rank(), pointer, size);
}
