/* The type-generic names of OpenSHMEM 1.5 (C11 _Generic over the pointed-to type). Only the C
 * types that are distinct types are listed: int32_t, size_t and the like are one of them.
 *
 * The RMA and atomic names take a context first or not, as the standard's C11 bindings do:
 * shmem_put(dest, source, nelems, pe) and shmem_put(ctx, dest, source, nelems, pe). The first
 * argument decides (a shmem_ctx_t, or the buffer whose element type picks the routine); the
 * branch not taken must still be a valid expression, so a context standing where a buffer is
 * looked for reads as an int buffer (RF_SHMEM_ELEMENT), and is never called. shmem_ctx_t is
 * an int here, told apart from the buffers, which are pointers or arrays. */
#ifndef RANKFOLD_SHMEM_GENERIC_H
#define RANKFOLD_SHMEM_GENERIC_H

#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L

/* P: empty for the default context's routines (shmem_int_put), ctx_ for the context forms
 * (shmem_ctx_int_put). */
#define RF_SHMEM_GENERIC_RMA(lvalue, P, op)                                                      \
    _Generic((lvalue), float: shmem_##P##float_##op, double: shmem_##P##double_##op,              \
             long double: shmem_##P##longdouble_##op, char: shmem_##P##char_##op,                 \
             signed char: shmem_##P##schar_##op, short: shmem_##P##short_##op,                    \
             int: shmem_##P##int_##op, long: shmem_##P##long_##op,                                \
             long long: shmem_##P##longlong_##op, unsigned char: shmem_##P##uchar_##op,           \
             unsigned short: shmem_##P##ushort_##op, unsigned int: shmem_##P##uint_##op,          \
             unsigned long: shmem_##P##ulong_##op, unsigned long long: shmem_##P##ulonglong_##op)
#define RF_SHMEM_GENERIC_AMO(lvalue, P, op)                                                      \
    _Generic((lvalue), int: shmem_##P##int_##op, long: shmem_##P##long_##op,                      \
             long long: shmem_##P##longlong_##op, unsigned int: shmem_##P##uint_##op,             \
             unsigned long: shmem_##P##ulong_##op, unsigned long long: shmem_##P##ulonglong_##op)
#define RF_SHMEM_GENERIC_EXTENDED_AMO(lvalue, P, op)                                             \
    _Generic((lvalue), float: shmem_##P##float_##op, double: shmem_##P##double_##op,              \
             int: shmem_##P##int_##op, long: shmem_##P##long_##op,                                \
             long long: shmem_##P##longlong_##op, unsigned int: shmem_##P##uint_##op,             \
             unsigned long: shmem_##P##ulong_##op, unsigned long long: shmem_##P##ulonglong_##op)
#define RF_SHMEM_GENERIC_BITWISE(lvalue, P, op)                                                  \
    _Generic((lvalue), unsigned int: shmem_##P##uint_##op, unsigned long: shmem_##P##ulong_##op,  \
             unsigned long long: shmem_##P##ulonglong_##op, int: shmem_##P##int32_##op,           \
             long: shmem_##P##int64_##op)
#define RF_SHMEM_GENERIC_SYNC(lvalue, op)                                                        \
    _Generic((lvalue), short: shmem_short_##op, int: shmem_int_##op, long: shmem_long_##op,      \
             long long: shmem_longlong_##op, unsigned short: shmem_ushort_##op,                   \
             unsigned int: shmem_uint_##op, unsigned long: shmem_ulong_##op,                      \
             unsigned long long: shmem_ulonglong_##op)

#define RF_SHMEM_ARG1(a, ...) a
#define RF_SHMEM_ARG2(a, b, ...) b
/* The element a buffer argument points to; an int for a context or another value (the second
 * argument of a call without a context, in the branch not taken). */
#define RF_SHMEM_ELEMENT(x)                                                                      \
    (*_Generic((x), int: (int*)0, unsigned int: (int*)0, long: (int*)0,                           \
               unsigned long: (int*)0, long long: (int*)0, unsigned long long: (int*)0,            \
               short: (int*)0, unsigned short: (int*)0, char: (int*)0, signed char: (int*)0,       \
               unsigned char: (int*)0, float: (int*)0, double: (int*)0,                            \
               long double: (int*)0, _Bool: (int*)0, default: (x)))
/* The routine of `family` named `op` for the call's arguments, with or without a context. */
#define RF_SHMEM_C11(family, op, ...)                                                            \
    _Generic((RF_SHMEM_ARG1(__VA_ARGS__, 0)),                                                     \
             shmem_ctx_t: family(RF_SHMEM_ELEMENT(RF_SHMEM_ARG2(__VA_ARGS__, 0)), ctx_, op),      \
             default: family(RF_SHMEM_ELEMENT(RF_SHMEM_ARG1(__VA_ARGS__, 0)), , op))(__VA_ARGS__)

#define shmem_put(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_RMA, put, __VA_ARGS__)
#define shmem_get(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_RMA, get, __VA_ARGS__)
#define shmem_put_nbi(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_RMA, put_nbi, __VA_ARGS__)
#define shmem_get_nbi(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_RMA, get_nbi, __VA_ARGS__)
#define shmem_p(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_RMA, p, __VA_ARGS__)
#define shmem_g(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_RMA, g, __VA_ARGS__)
#define shmem_iput(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_RMA, iput, __VA_ARGS__)
#define shmem_iget(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_RMA, iget, __VA_ARGS__)
#define shmem_put_signal(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_RMA, put_signal, __VA_ARGS__)
#define shmem_put_signal_nbi(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_RMA, put_signal_nbi, __VA_ARGS__)

#define shmem_atomic_fetch_inc(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_AMO, atomic_fetch_inc, __VA_ARGS__)
#define shmem_atomic_inc(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_AMO, atomic_inc, __VA_ARGS__)
#define shmem_atomic_fetch_add(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_AMO, atomic_fetch_add, __VA_ARGS__)
#define shmem_atomic_add(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_AMO, atomic_add, __VA_ARGS__)
#define shmem_atomic_compare_swap(...)                                                           \
    RF_SHMEM_C11(RF_SHMEM_GENERIC_AMO, atomic_compare_swap, __VA_ARGS__)
#define shmem_atomic_fetch(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_EXTENDED_AMO, atomic_fetch, __VA_ARGS__)
#define shmem_atomic_set(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_EXTENDED_AMO, atomic_set, __VA_ARGS__)
#define shmem_atomic_swap(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_EXTENDED_AMO, atomic_swap, __VA_ARGS__)
#define shmem_atomic_fetch_and(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_BITWISE, atomic_fetch_and, __VA_ARGS__)
#define shmem_atomic_and(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_BITWISE, atomic_and, __VA_ARGS__)
#define shmem_atomic_fetch_or(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_BITWISE, atomic_fetch_or, __VA_ARGS__)
#define shmem_atomic_or(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_BITWISE, atomic_or, __VA_ARGS__)
#define shmem_atomic_fetch_xor(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_BITWISE, atomic_fetch_xor, __VA_ARGS__)
#define shmem_atomic_xor(...) RF_SHMEM_C11(RF_SHMEM_GENERIC_BITWISE, atomic_xor, __VA_ARGS__)

/* The nonblocking fetching atomics: the fetch buffer's element type picks the routine. */
#define shmem_atomic_fetch_inc_nbi(...)                                                          \
    RF_SHMEM_C11(RF_SHMEM_GENERIC_AMO, atomic_fetch_inc_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_add_nbi(...)                                                          \
    RF_SHMEM_C11(RF_SHMEM_GENERIC_AMO, atomic_fetch_add_nbi, __VA_ARGS__)
#define shmem_atomic_compare_swap_nbi(...)                                                       \
    RF_SHMEM_C11(RF_SHMEM_GENERIC_AMO, atomic_compare_swap_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_nbi(...)                                                              \
    RF_SHMEM_C11(RF_SHMEM_GENERIC_EXTENDED_AMO, atomic_fetch_nbi, __VA_ARGS__)
#define shmem_atomic_swap_nbi(...)                                                               \
    RF_SHMEM_C11(RF_SHMEM_GENERIC_EXTENDED_AMO, atomic_swap_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_and_nbi(...)                                                          \
    RF_SHMEM_C11(RF_SHMEM_GENERIC_BITWISE, atomic_fetch_and_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_or_nbi(...)                                                           \
    RF_SHMEM_C11(RF_SHMEM_GENERIC_BITWISE, atomic_fetch_or_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_xor_nbi(...)                                                          \
    RF_SHMEM_C11(RF_SHMEM_GENERIC_BITWISE, atomic_fetch_xor_nbi, __VA_ARGS__)

#define shmem_wait_until(ivar, cmp, value) RF_SHMEM_GENERIC_SYNC(*(ivar), wait_until)(ivar, cmp, value)
#define shmem_test(ivar, cmp, value) RF_SHMEM_GENERIC_SYNC(*(ivar), test)(ivar, cmp, value)

#endif
#endif
