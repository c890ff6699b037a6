/* The entry points GCC's -fsanitize=thread inserts into a program (the set GCC 12 emits: plain,
 * volatile and unaligned loads and stores of 1 to 16 bytes, ranges, atomics of 1 to 16 bytes,
 * fences, function entry and exit, vtable pointer updates, the module constructor's init),
 * implemented by Rankfold instead of ThreadSanitizer's runtime: each access goes through the
 * running rank's filter (AccessFilter.h). Linked into every module, so the calls stay inside
 * the module (no PLT); never compiled with instrumentation itself.
 *
 * Ranks are fibers of one thread: an atomic operation is an ordinary one here. Memory orders
 * are ignored for the same reason.
 */
#include "AccessFilter.h"

/* The names below are fixed by the ABI they serve (GCC's -fsanitize=thread calls, the
 * linker's --wrap), and the access macros take C types, which cannot be parenthesised. */
/* NOLINTBEGIN(bugprone-reserved-identifier,bugprone-macro-parentheses) */

#define RF_API __attribute__((visibility("default")))
#define RF_SITE ((uintptr_t)__builtin_return_address(0))
#define RF_ADDR(p) ((uintptr_t)(p))

RF_API void __tsan_init(void) {}
RF_API void __tsan_func_entry(void* caller) {
    (void)caller;
}
RF_API void __tsan_func_exit(void) {}
RF_API void __tsan_ignore_thread_begin(void) {}
RF_API void __tsan_ignore_thread_end(void) {}

#define RF_PLAIN(n)                                                                                \
    RF_API void __tsan_read##n(void* p) {                                                          \
        rankfold_access(RF_ADDR(p), n, 0, RF_SITE, "");                                            \
    }                                                                                              \
    RF_API void __tsan_write##n(void* p) {                                                         \
        rankfold_access(RF_ADDR(p), n, 1, RF_SITE, "");                                            \
    }                                                                                              \
    RF_API void __tsan_volatile_read##n(void* p) {                                                 \
        rankfold_access(RF_ADDR(p), n, 0, RF_SITE, "");                                            \
    }                                                                                              \
    RF_API void __tsan_volatile_write##n(void* p) {                                                \
        rankfold_access(RF_ADDR(p), n, 1, RF_SITE, "");                                            \
    }                                                                                              \
    RF_API void __tsan_unaligned_read##n(void* p) {                                                \
        rankfold_access(RF_ADDR(p), n, 0, RF_SITE, "");                                            \
    }                                                                                              \
    RF_API void __tsan_unaligned_write##n(void* p) {                                               \
        rankfold_access(RF_ADDR(p), n, 1, RF_SITE, "");                                            \
    }

RF_PLAIN(1)
RF_PLAIN(2)
RF_PLAIN(4)
RF_PLAIN(8)
RF_PLAIN(16)

RF_API void __tsan_read_range(void* p, size_t n) {
    rankfold_access(RF_ADDR(p), n, 0, RF_SITE, "");
}
RF_API void __tsan_write_range(void* p, size_t n) {
    rankfold_access(RF_ADDR(p), n, 1, RF_SITE, "");
}
/* A C++ object's vtable pointer is written by its constructors and read by virtual calls. */
RF_API void __tsan_vptr_update(void** vptr, void* value) {
    (void)value;
    rankfold_access(RF_ADDR(vptr), sizeof(void*), 1, RF_SITE, "");
}
RF_API void __tsan_vptr_read(void** vptr) {
    rankfold_access(RF_ADDR(vptr), sizeof(void*), 0, RF_SITE, "");
}

RF_API void __tsan_atomic_thread_fence(int order) {
    (void)order;
}
RF_API void __tsan_atomic_signal_fence(int order) {
    (void)order;
}

#define RF_LOAD_STORE(n, T)                                                                        \
    RF_API T __tsan_atomic##n##_load(const volatile T* a, int mo) {                                \
        (void)mo;                                                                                  \
        rankfold_access(RF_ADDR(a), sizeof(T), 0, RF_SITE, "");                                    \
        return *a;                                                                                 \
    }                                                                                              \
    RF_API void __tsan_atomic##n##_store(volatile T* a, T v, int mo) {                             \
        (void)mo;                                                                                  \
        rankfold_access(RF_ADDR(a), sizeof(T), 1, RF_SITE, "");                                    \
        *a = v;                                                                                    \
    }                                                                                              \
    RF_API T __tsan_atomic##n##_exchange(volatile T* a, T v, int mo) {                             \
        (void)mo;                                                                                  \
        rankfold_access(RF_ADDR(a), sizeof(T), 1, RF_SITE, "");                                    \
        T old = *a;                                                                                \
        *a = v;                                                                                    \
        return old;                                                                                \
    }                                                                                              \
    RF_API int __tsan_atomic##n##_compare_exchange_strong(volatile T* a, T* expected, T v, int mo, \
                                                          int fail_mo) {                           \
        (void)mo, (void)fail_mo;                                                                   \
        rankfold_access(RF_ADDR(a), sizeof(T), 1, RF_SITE, "");                                    \
        if (*a == *expected) {                                                                     \
            *a = v;                                                                                \
            return 1;                                                                              \
        }                                                                                          \
        *expected = *a;                                                                            \
        return 0;                                                                                  \
    }                                                                                              \
    RF_API int __tsan_atomic##n##_compare_exchange_weak(volatile T* a, T* expected, T v, int mo,   \
                                                        int fail_mo) {                             \
        return __tsan_atomic##n##_compare_exchange_strong(a, expected, v, mo, fail_mo);            \
    }                                                                                              \
    RF_API T __tsan_atomic##n##_compare_exchange_val(volatile T* a, T expected, T v, int mo,       \
                                                     int fail_mo) {                                \
        (void)mo, (void)fail_mo;                                                                   \
        rankfold_access(RF_ADDR(a), sizeof(T), 1, RF_SITE, "");                                    \
        T old = *a;                                                                                \
        if (old == expected) *a = v;                                                               \
        return old;                                                                                \
    }

#define RF_FETCH(n, T, name, expr)                                                                 \
    RF_API T __tsan_atomic##n##_fetch_##name(volatile T* a, T v, int mo) {                         \
        (void)mo;                                                                                  \
        rankfold_access(RF_ADDR(a), sizeof(T), 1, RF_SITE, "");                                    \
        T old = *a;                                                                                \
        *a = (T)(expr);                                                                            \
        return old;                                                                                \
    }

#define RF_ATOMICS(n, T)                                                                           \
    RF_LOAD_STORE(n, T)                                                                            \
    RF_FETCH(n, T, add, old + v)                                                                   \
    RF_FETCH(n, T, sub, old - v)                                                                   \
    RF_FETCH(n, T, and, old& v)                                                                    \
    RF_FETCH(n, T, or, old | v)                                                                    \
    RF_FETCH(n, T, xor, old ^ v)                                                                   \
    RF_FETCH(n, T, nand, ~(old & v))

RF_ATOMICS(8, uint8_t)
RF_ATOMICS(16, uint16_t)
RF_ATOMICS(32, uint32_t)
RF_ATOMICS(64, uint64_t)
RF_ATOMICS(128, unsigned __int128)
/* NOLINTEND(bugprone-reserved-identifier,bugprone-macro-parentheses) */
