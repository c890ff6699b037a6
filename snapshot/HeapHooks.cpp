#include "snapshot/HeapHooks.hpp"

#include "snapshot/AppContext.hpp"
#include "snapshot/RankMemory.hpp"

#include <dlfcn.h>
#include <malloc.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

extern "C" {
void* __libc_malloc(std::size_t);
void __libc_free(void*);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
}

namespace rankfold::snapshot {

RankArena* g_app_arena = nullptr;

namespace {

HeapErrorHandler g_error_handler = nullptr;

// The arena that owns `p`, if it is arena memory.
RankArena* owner_arena(const void* p) {
    const RankMemory* memory = RankMemory::current();
    if (memory == nullptr) return nullptr;
    const int rank = memory->heap_owner(p);
    return rank < 0 ? nullptr : memory->arena(rank);
}

void report(const char* operation, RankArena::FreeResult result, void* p, std::uintptr_t site) {
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

} // namespace

void set_heap_error_handler(HeapErrorHandler handler) {
    g_error_handler = handler;
}

} // namespace rankfold::snapshot

using rankfold::snapshot::g_app_arena;
using rankfold::snapshot::RankArena;

#define RF_SITE reinterpret_cast<std::uintptr_t>(__builtin_return_address(0))
#define RF_HOOK extern "C" __attribute__((visibility("default")))

RF_HOOK void* malloc(std::size_t size) {
    if (RankArena* a = g_app_arena) return rankfold::snapshot::arena_allocate(a, size, 16);
    return __libc_malloc(size);
}

RF_HOOK void free(void* p) {
    if (p == nullptr) return;
    if (RankArena* a = rankfold::snapshot::owner_arena(p)) {
        const auto result = a->release(p);
        if (result != RankArena::FreeResult::Ok)
            rankfold::snapshot::report("free", result, p, RF_SITE);
        return;
    }
    __libc_free(p);
}

RF_HOOK void* calloc(std::size_t n, std::size_t size) {
    if (RankArena* a = g_app_arena) {
        std::size_t bytes = 0;
        if (__builtin_mul_overflow(n, size, &bytes)) {
            errno = ENOMEM;
            return nullptr;
        }
        return rankfold::snapshot::arena_allocate(a, bytes, 16); // arena blocks are zeroed
    }
    return __libc_calloc(n, size);
}

RF_HOOK void* realloc(void* p, std::size_t size) {
    if (p == nullptr) return malloc(size);
    if (RankArena* a = rankfold::snapshot::owner_arena(p)) {
        if (a->usable_size(p) == 0) {
            rankfold::snapshot::report("realloc", a->release(p), p, RF_SITE);
            return nullptr;
        }
        if (size == 0) {
            a->release(p);
            return nullptr;
        }
        void* q = a->reallocate(p, size);
        if (q == nullptr) errno = ENOMEM;
        return q;
    }
    if (RankArena* a = g_app_arena) {
        // A glibc block handed to the application: move it into the rank's heap.
        void* q = rankfold::snapshot::arena_allocate(a, size, 16);
        if (q != nullptr) {
            std::memcpy(q, p, std::min(size, malloc_usable_size(p)));
            __libc_free(p);
        }
        return q;
    }
    return __libc_realloc(p, size);
}

RF_HOOK void* reallocarray(void* p, std::size_t n, std::size_t size) {
    std::size_t bytes = 0;
    if (__builtin_mul_overflow(n, size, &bytes)) {
        errno = ENOMEM;
        return nullptr;
    }
    return realloc(p, bytes);
}

RF_HOOK void* memalign(std::size_t alignment, std::size_t size) {
    if (!rankfold::snapshot::valid_alignment(alignment)) {
        errno = EINVAL;
        return nullptr;
    }
    if (RankArena* a = g_app_arena) return rankfold::snapshot::arena_allocate(a, size, alignment);
    return __libc_memalign(alignment, size);
}

RF_HOOK void* aligned_alloc(std::size_t alignment, std::size_t size) {
    return memalign(alignment, size);
}

RF_HOOK int posix_memalign(void** out, std::size_t alignment, std::size_t size) {
    if (!rankfold::snapshot::valid_alignment(alignment) || alignment % sizeof(void*) != 0)
        return EINVAL;
    void* p = memalign(alignment, size);
    if (p == nullptr) return ENOMEM;
    *out = p;
    return 0;
}

RF_HOOK void* valloc(std::size_t size) {
    return memalign(4096, size);
}

RF_HOOK void* pvalloc(std::size_t size) {
    return memalign(4096, (size + 4095) & ~std::size_t{4095});
}

RF_HOOK std::size_t malloc_usable_size(void* p) {
    if (p == nullptr) return 0;
    if (RankArena* a = rankfold::snapshot::owner_arena(p)) return a->usable_size(p);
    // glibc's own, found through the next definition in lookup order.
    using Fn = std::size_t (*)(void*);
    static Fn next = [] {
        rankfold::snapshot::RuntimeSection section; // dlsym may allocate
        return reinterpret_cast<Fn>(dlsym(RTLD_NEXT, "malloc_usable_size"));
    }();
    return next(p);
}
