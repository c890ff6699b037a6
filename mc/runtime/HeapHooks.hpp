// The process-wide malloc family is replaced (HeapInterpose.cpp): while application code of a
// rank runs (g_app_arena set), blocks come from that rank's arena; otherwise from the process's
// allocator (glibc's, or AddressSanitizer's in a sanitizer build). Frees and reallocations go by
// address, so they work from any context.
//
// The replacement functions are linked into each executable that links librankfold (an
// interface of the rankfold target), not into the library: a definition in the executable comes
// first in symbol lookup, before the C library and before the sanitizer runtime, whose own
// malloc would otherwise win.
//
// Why process-wide rather than only the program's own references: allocations made on the
// program's behalf inside libstdc++ (std::string's out-of-line members) and libc (strdup,
// getline) must land in the rank's heap too, or a restored rank would point into memory that
// was never restored.
#pragma once

#include "snapshot/RankArena.hpp"

#include <cstddef>
#include <cstdint>

namespace rankfold::mc {

using snapshot::RankArena;

// Called on an invalid or double free/realloc of arena memory; `site` is the caller's return
// address. May not return (the checker ends the offending rank).
using HeapErrorHandler = void (*)(const char* operation, RankArena::FreeResult result,
                                  void* pointer, std::uintptr_t site);
void set_heap_error_handler(HeapErrorHandler handler);

// Told of every block a rank's code allocates and frees (the access checker: allocation sites
// for its reports, and its cache of a live block to forget). Called in application context.
class HeapObserver {
public:
    virtual ~HeapObserver() = default;
    virtual void allocated(void* block, std::size_t size, std::uintptr_t site) = 0;
    virtual void released(void* block, std::uintptr_t site) = 0;
};
void set_heap_observer(HeapObserver* observer);
extern HeapObserver* g_heap_observer;
inline void heap_allocated(void* block, std::size_t size, std::uintptr_t site) {
    if (g_heap_observer != nullptr && block != nullptr)
        g_heap_observer->allocated(block, size, site);
}
inline void heap_released(void* block, std::uintptr_t site) {
    if (g_heap_observer != nullptr) g_heap_observer->released(block, site);
}

// For HeapInterpose.cpp.
RankArena* owner_arena(const void* p); // the arena that owns `p`, if it is arena memory
void report_heap_error(const char* operation, RankArena::FreeResult result, void* p,
                       std::uintptr_t site);
void* arena_allocate(RankArena* arena, std::size_t size, std::size_t alignment);
bool valid_alignment(std::size_t alignment);

} // namespace rankfold::mc
