#include "mc/runtime/IgnoredMemory.hpp"

#include "mc/runtime/RankRuntime.hpp"
#include "snapshot/AppContext.hpp"

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
