#include "mc/runtime/HeapHooks.hpp"

#include "snapshot/AppContext.hpp"
#include "snapshot/RankMemory.hpp"

#include <cerrno>

namespace rankfold::mc {

using snapshot::RankMemory;

namespace {
HeapErrorHandler g_error_handler = nullptr;
} // namespace

HeapObserver* g_heap_observer = nullptr;

void set_heap_observer(HeapObserver* observer) {
    g_heap_observer = observer;
}

RankArena* owner_arena(const void* p) {
    const RankMemory* memory = RankMemory::current();
    if (memory == nullptr) return nullptr;
    const int rank = memory->heap_owner(p);
    return rank < 0 ? nullptr : memory->arena(rank);
}

void report_heap_error(const char* operation, RankArena::FreeResult result, void* p,
                       std::uintptr_t site) {
    if (g_error_handler != nullptr) g_error_handler(operation, result, p, site);
    // No handler, or it returned: never corrupt the arena by going on; leak instead.
}

void* arena_allocate(RankArena* arena, std::size_t size, std::size_t alignment) {
    void* p = arena->allocate(size == 0 ? 1 : size, alignment < 16 ? 16 : alignment);
    if (p == nullptr) errno = ENOMEM;
    return p;
}

bool valid_alignment(std::size_t a) {
    return a != 0 && (a & (a - 1)) == 0;
}

void set_heap_error_handler(HeapErrorHandler handler) {
    g_error_handler = handler;
}

} // namespace rankfold::mc
