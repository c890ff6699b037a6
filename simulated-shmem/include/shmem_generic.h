/* The type-generic names of OpenSHMEM 1.5 (C11 _Generic over the pointed-to type). Only the C
 * types that are distinct types are listed: int32_t, size_t and the like are one of them. */
#ifndef RANKFOLD_SHMEM_GENERIC_H
#define RANKFOLD_SHMEM_GENERIC_H

#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L

#define RF_SHMEM_GENERIC_RMA(lvalue, op)                                                         \
    _Generic((lvalue), float: shmem_float_##op, double: shmem_double_##op,                        \
             long double: shmem_longdouble_##op, char: shmem_char_##op,                           \
             signed char: shmem_schar_##op, short: shmem_short_##op, int: shmem_int_##op,         \
             long: shmem_long_##op, long long: shmem_longlong_##op,                               \
             unsigned char: shmem_uchar_##op, unsigned short: shmem_ushort_##op,                  \
             unsigned int: shmem_uint_##op, unsigned long: shmem_ulong_##op,                      \
             unsigned long long: shmem_ulonglong_##op)
#define RF_SHMEM_GENERIC_AMO(lvalue, op)                                                         \
    _Generic((lvalue), int: shmem_int_##op, long: shmem_long_##op,                                \
             long long: shmem_longlong_##op, unsigned int: shmem_uint_##op,                       \
             unsigned long: shmem_ulong_##op, unsigned long long: shmem_ulonglong_##op)
#define RF_SHMEM_GENERIC_EXTENDED_AMO(lvalue, op)                                                \
    _Generic((lvalue), float: shmem_float_##op, double: shmem_double_##op, int: shmem_int_##op,  \
             long: shmem_long_##op, long long: shmem_longlong_##op,                               \
             unsigned int: shmem_uint_##op, unsigned long: shmem_ulong_##op,                      \
             unsigned long long: shmem_ulonglong_##op)
#define RF_SHMEM_GENERIC_BITWISE(lvalue, op)                                                     \
    _Generic((lvalue), unsigned int: shmem_uint_##op, unsigned long: shmem_ulong_##op,            \
             unsigned long long: shmem_ulonglong_##op, int: shmem_int32_##op,                     \
             long: shmem_int64_##op)
#define RF_SHMEM_GENERIC_SYNC(lvalue, op)                                                        \
    _Generic((lvalue), short: shmem_short_##op, int: shmem_int_##op, long: shmem_long_##op,      \
             long long: shmem_longlong_##op, unsigned short: shmem_ushort_##op,                   \
             unsigned int: shmem_uint_##op, unsigned long: shmem_ulong_##op,                      \
             unsigned long long: shmem_ulonglong_##op)

#define shmem_put(dest, source, nelems, pe) RF_SHMEM_GENERIC_RMA(*(dest), put)(dest, source, nelems, pe)
#define shmem_get(dest, source, nelems, pe) RF_SHMEM_GENERIC_RMA(*(dest), get)(dest, source, nelems, pe)
#define shmem_put_nbi(dest, source, nelems, pe)                                                  \
    RF_SHMEM_GENERIC_RMA(*(dest), put_nbi)(dest, source, nelems, pe)
#define shmem_get_nbi(dest, source, nelems, pe)                                                  \
    RF_SHMEM_GENERIC_RMA(*(dest), get_nbi)(dest, source, nelems, pe)
#define shmem_p(dest, value, pe) RF_SHMEM_GENERIC_RMA(*(dest), p)(dest, value, pe)
#define shmem_g(source, pe) RF_SHMEM_GENERIC_RMA(*(source), g)(source, pe)
#define shmem_iput(dest, source, dst, sst, nelems, pe)                                           \
    RF_SHMEM_GENERIC_RMA(*(dest), iput)(dest, source, dst, sst, nelems, pe)
#define shmem_iget(dest, source, dst, sst, nelems, pe)                                           \
    RF_SHMEM_GENERIC_RMA(*(dest), iget)(dest, source, dst, sst, nelems, pe)
#define shmem_put_signal(dest, source, nelems, sig_addr, signal, sig_op, pe)                     \
    RF_SHMEM_GENERIC_RMA(*(dest), put_signal)(dest, source, nelems, sig_addr, signal, sig_op, pe)
#define shmem_put_signal_nbi(dest, source, nelems, sig_addr, signal, sig_op, pe)                 \
    RF_SHMEM_GENERIC_RMA(*(dest), put_signal_nbi)(dest, source, nelems, sig_addr, signal, sig_op, pe)

#define shmem_atomic_fetch_inc(dest, pe) RF_SHMEM_GENERIC_AMO(*(dest), atomic_fetch_inc)(dest, pe)
#define shmem_atomic_inc(dest, pe) RF_SHMEM_GENERIC_AMO(*(dest), atomic_inc)(dest, pe)
#define shmem_atomic_fetch_add(dest, value, pe)                                                  \
    RF_SHMEM_GENERIC_AMO(*(dest), atomic_fetch_add)(dest, value, pe)
#define shmem_atomic_add(dest, value, pe) RF_SHMEM_GENERIC_AMO(*(dest), atomic_add)(dest, value, pe)
#define shmem_atomic_compare_swap(dest, cond, value, pe)                                         \
    RF_SHMEM_GENERIC_AMO(*(dest), atomic_compare_swap)(dest, cond, value, pe)
#define shmem_atomic_fetch(source, pe) RF_SHMEM_GENERIC_EXTENDED_AMO(*(source), atomic_fetch)(source, pe)
#define shmem_atomic_set(dest, value, pe)                                                        \
    RF_SHMEM_GENERIC_EXTENDED_AMO(*(dest), atomic_set)(dest, value, pe)
#define shmem_atomic_swap(dest, value, pe)                                                       \
    RF_SHMEM_GENERIC_EXTENDED_AMO(*(dest), atomic_swap)(dest, value, pe)
#define shmem_atomic_fetch_and(dest, value, pe)                                                  \
    RF_SHMEM_GENERIC_BITWISE(*(dest), atomic_fetch_and)(dest, value, pe)
#define shmem_atomic_and(dest, value, pe) RF_SHMEM_GENERIC_BITWISE(*(dest), atomic_and)(dest, value, pe)
#define shmem_atomic_fetch_or(dest, value, pe)                                                   \
    RF_SHMEM_GENERIC_BITWISE(*(dest), atomic_fetch_or)(dest, value, pe)
#define shmem_atomic_or(dest, value, pe) RF_SHMEM_GENERIC_BITWISE(*(dest), atomic_or)(dest, value, pe)
#define shmem_atomic_fetch_xor(dest, value, pe)                                                  \
    RF_SHMEM_GENERIC_BITWISE(*(dest), atomic_fetch_xor)(dest, value, pe)
#define shmem_atomic_xor(dest, value, pe) RF_SHMEM_GENERIC_BITWISE(*(dest), atomic_xor)(dest, value, pe)

#define shmem_wait_until(ivar, cmp, value) RF_SHMEM_GENERIC_SYNC(*(ivar), wait_until)(ivar, cmp, value)
#define shmem_test(ivar, cmp, value) RF_SHMEM_GENERIC_SYNC(*(ivar), test)(ivar, cmp, value)

#endif
#endif
