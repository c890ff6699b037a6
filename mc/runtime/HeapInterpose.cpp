// The malloc family of the whole process, routed by context (see HeapHooks.hpp). Linked into
// executables, not into librankfold.so, so that these definitions come first in lookup order.
#include "mc/runtime/HeapHooks.hpp"
#include "snapshot/AppContext.hpp"
#include "snapshot/RankMemory.hpp"

#include <dlfcn.h>
#include <malloc.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <new>

// What the process would use without us.
#if defined(RANKFOLD_ASAN)
// AddressSanitizer's allocator, through the entry points its runtime exports; the checker's own
// blocks keep their redzones and leak checking.
extern "C" {
void* __interceptor_malloc(std::size_t);
void __interceptor_free(void*);
void* __interceptor_calloc(std::size_t, std::size_t);
void* __interceptor_realloc(void*, std::size_t);
void* __interceptor_memalign(std::size_t, std::size_t);
std::size_t __interceptor_malloc_usable_size(void*);
char* __interceptor_strdup(const char*);
char* __interceptor_strndup(const char*, std::size_t);
}
#define RF_NEXT(name) __interceptor_##name
#else
extern "C" {
void* __libc_malloc(std::size_t);
void __libc_free(void*);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
}
#define RF_NEXT(name) __libc_##name
#endif

namespace {
void* next_malloc(std::size_t n) {
    return RF_NEXT(malloc)(n);
}
void next_free(void* p) {
    RF_NEXT(free)(p);
}
void* next_calloc(std::size_t n, std::size_t s) {
    return RF_NEXT(calloc)(n, s);
}
void* next_realloc(void* p, std::size_t n) {
    return RF_NEXT(realloc)(p, n);
}
void* next_memalign(std::size_t a, std::size_t n) {
    return RF_NEXT(memalign)(a, n);
}
std::size_t next_malloc_usable_size(void* p) {
#if defined(RANKFOLD_ASAN)
    return __interceptor_malloc_usable_size(p);
#else
    // glibc's, found through the next definition in lookup order (ours comes first).
    using Fn = std::size_t (*)(void*);
    static Fn next = [] {
        rankfold::snapshot::RuntimeSection section; // dlsym may allocate
        return reinterpret_cast<Fn>(dlsym(RTLD_NEXT, "malloc_usable_size"));
    }();
    return next(p);
#endif
}
// The arena that owns `p`. Inline code only: free() runs before the sanitizer runtime is
// initialised, when instrumented code must not run yet.
rankfold::snapshot::RankArena* arena_of(const void* p) {
    const rankfold::snapshot::RankMemory* memory = rankfold::snapshot::RankMemory::current();
    if (memory == nullptr) return nullptr;
    const int rank = memory->heap_owner(p);
    return rank < 0 ? nullptr : memory->arena(rank);
}
} // namespace

using rankfold::snapshot::g_app_arena;
using rankfold::snapshot::RankArena;

#define RF_SITE reinterpret_cast<std::uintptr_t>(__builtin_return_address(0))
#define RF_HOOK extern "C" __attribute__((visibility("default")))

// glibc declares these with reserved parameter names (__nmemb, __size): ours cannot match them.
// NOLINTBEGIN(readability-inconsistent-declaration-parameter-name)

RF_HOOK void* malloc(std::size_t size) {
    if (RankArena* a = g_app_arena) {
        void* p = rankfold::mc::arena_allocate(a, size, 16);
        rankfold::mc::heap_allocated(p, size, RF_SITE);
        return p;
    }
    return next_malloc(size);
}

RF_HOOK void free(void* p) {
    if (p == nullptr) return;
    if (RankArena* a = arena_of(p)) {
        const auto result = a->release(p);
        if (result == RankArena::FreeResult::Ok) rankfold::mc::heap_released(p, RF_SITE);
        if (result != RankArena::FreeResult::Ok)
            rankfold::mc::report_heap_error("free", result, p, RF_SITE);
        return;
    }
    next_free(p);
}

RF_HOOK void* calloc(std::size_t n, std::size_t size) {
    if (RankArena* a = g_app_arena) {
        std::size_t bytes = 0;
        if (__builtin_mul_overflow(n, size, &bytes)) {
            errno = ENOMEM;
            return nullptr;
        }
        void* p = rankfold::mc::arena_allocate(a, bytes, 16); // arena blocks are zeroed
        rankfold::mc::heap_allocated(p, bytes, RF_SITE);
        return p;
    }
    return next_calloc(n, size);
}

RF_HOOK void* realloc(void* p, std::size_t size) {
    if (p == nullptr) return malloc(size);
    if (RankArena* a = arena_of(p)) {
        if (a->usable_size(p) == 0) {
            rankfold::mc::report_heap_error("realloc", a->release(p), p, RF_SITE);
            return nullptr;
        }
        if (size == 0) {
            a->release(p);
            rankfold::mc::heap_released(p, RF_SITE);
            return nullptr;
        }
        void* q = a->reallocate(p, size);
        if (q == nullptr) {
            errno = ENOMEM;
            return q;
        }
        rankfold::mc::heap_released(p, RF_SITE);
        rankfold::mc::heap_allocated(q, size, RF_SITE);
        return q;
    }
    if (RankArena* a = g_app_arena) {
        // A glibc block handed to the application: move it into the rank's heap.
        void* q = rankfold::mc::arena_allocate(a, size, 16);
        if (q != nullptr) {
            std::memcpy(q, p, std::min(size, malloc_usable_size(p)));
            next_free(p);
        }
        return q;
    }
    return next_realloc(p, size);
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
    if (!rankfold::mc::valid_alignment(alignment)) {
        errno = EINVAL;
        return nullptr;
    }
    if (RankArena* a = g_app_arena) {
        void* p = rankfold::mc::arena_allocate(a, size, alignment);
        rankfold::mc::heap_allocated(p, size, RF_SITE);
        return p;
    }
    return next_memalign(alignment, size);
}

RF_HOOK void* aligned_alloc(std::size_t alignment, std::size_t size) {
    return memalign(alignment, size);
}

RF_HOOK int posix_memalign(void** out, std::size_t alignment, std::size_t size) {
    if (!rankfold::mc::valid_alignment(alignment) || alignment % sizeof(void*) != 0) return EINVAL;
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
    if (RankArena* a = arena_of(p)) return a->usable_size(p);
    return next_malloc_usable_size(p);
}

#if defined(RANKFOLD_ASAN)
// The sanitizer runtime's strdup allocates from its own heap without calling malloc; a rank's
// copies must be in the rank's heap like everything else it allocates.
RF_HOOK char* strdup(const char* s) {
    if (RankArena* a = g_app_arena) {
        const std::size_t n = std::strlen(s) + 1;
        auto* q = static_cast<char*>(rankfold::mc::arena_allocate(a, n, 16));
        if (q != nullptr) std::memcpy(q, s, n);
        return q;
    }
    return __interceptor_strdup(s);
}

RF_HOOK char* strndup(const char* s, std::size_t limit) {
    if (RankArena* a = g_app_arena) {
        const std::size_t n = strnlen(s, limit);
        auto* q = static_cast<char*>(rankfold::mc::arena_allocate(a, n + 1, 16));
        if (q != nullptr) {
            std::memcpy(q, s, n);
            q[n] = '\0';
        }
        return q;
    }
    return __interceptor_strndup(s, limit);
}

// The sanitizer runtime also replaces operator new and delete, with its own allocator: C++
// allocations of a rank would leave its heap. These route through malloc and free above (the
// checker's own objects then reach the sanitizer's allocator through them, which loses only its
// new/delete mismatch check).
namespace {
void* new_block(std::size_t n, std::size_t alignment) {
    for (;;) {
        void* p = alignment <= 16 ? malloc(n == 0 ? 1 : n) : memalign(alignment, n == 0 ? 1 : n);
        if (p != nullptr) return p;
        std::new_handler handler = std::get_new_handler();
        if (handler == nullptr) throw std::bad_alloc();
        handler();
    }
}
void* new_block_nothrow(std::size_t n, std::size_t alignment) noexcept {
    try {
        return new_block(n, alignment);
    } catch (...) {
        return nullptr;
    }
}
} // namespace

#define RF_NEW __attribute__((visibility("default")))
RF_NEW void* operator new(std::size_t n) {
    return new_block(n, 16);
}
RF_NEW void* operator new[](std::size_t n) {
    return new_block(n, 16);
}
RF_NEW void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
    return new_block_nothrow(n, 16);
}
RF_NEW void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
    return new_block_nothrow(n, 16);
}
RF_NEW void* operator new(std::size_t n, std::align_val_t a) {
    return new_block(n, static_cast<std::size_t>(a));
}
RF_NEW void* operator new[](std::size_t n, std::align_val_t a) {
    return new_block(n, static_cast<std::size_t>(a));
}
RF_NEW void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
    return new_block_nothrow(n, static_cast<std::size_t>(a));
}
RF_NEW void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
    return new_block_nothrow(n, static_cast<std::size_t>(a));
}
RF_NEW void operator delete(void* p) noexcept {
    free(p);
}
RF_NEW void operator delete[](void* p) noexcept {
    free(p);
}
RF_NEW void operator delete(void* p, std::size_t) noexcept {
    free(p);
}
RF_NEW void operator delete[](void* p, std::size_t) noexcept {
    free(p);
}
RF_NEW void operator delete(void* p, const std::nothrow_t&) noexcept {
    free(p);
}
RF_NEW void operator delete[](void* p, const std::nothrow_t&) noexcept {
    free(p);
}
RF_NEW void operator delete(void* p, std::align_val_t) noexcept {
    free(p);
}
RF_NEW void operator delete[](void* p, std::align_val_t) noexcept {
    free(p);
}
RF_NEW void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
    free(p);
}
RF_NEW void operator delete[](void* p, std::size_t, std::align_val_t) noexcept {
    free(p);
}
RF_NEW void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept {
    free(p);
}
RF_NEW void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept {
    free(p);
}

// The checker handles the signals of the ranks itself (CrashHandler) and switches stacks
// without fake frames; a sanitizer error exits with a status no verdict uses.
extern "C" __attribute__((visibility("default"))) const char* __asan_default_options() {
    return "detect_stack_use_after_return=0:handle_segv=0:handle_sigbus=0:handle_sigfpe=0:"
           "handle_sigill=0:allow_user_segv_handler=1:exitcode=23";
}
#endif

#if defined(RANKFOLD_UBSAN)
extern "C" __attribute__((visibility("default"))) const char* __ubsan_default_options() {
    return "halt_on_error=1:print_stacktrace=1:exitcode=23";
}
#endif
// NOLINTEND(readability-inconsistent-declaration-parameter-name)
