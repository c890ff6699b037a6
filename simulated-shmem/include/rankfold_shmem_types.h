/* The type lists of OpenSHMEM 1.5 (its tables of standard RMA, AMO and point-to-point
 * synchronization types), as X-macros: X(C type, TYPENAME). shmem.h declares the typed
 * functions with them and the simulated runtime defines them with the same lists. */
#ifndef RANKFOLD_SHMEM_TYPES_H
#define RANKFOLD_SHMEM_TYPES_H

#include <stddef.h>
#include <stdint.h>

/* Standard RMA types (put, get, p, g, iput, iget, the nbi forms, collectives' fcollect ...). */
#define RF_SHMEM_RMA_TYPES(X)                                                                    \
    X(float, float)                                                                               \
    X(double, double)                                                                             \
    X(long double, longdouble)                                                                    \
    X(char, char)                                                                                 \
    X(signed char, schar)                                                                         \
    X(short, short)                                                                               \
    X(int, int)                                                                                   \
    X(long, long)                                                                                 \
    X(long long, longlong)                                                                        \
    X(unsigned char, uchar)                                                                       \
    X(unsigned short, ushort)                                                                     \
    X(unsigned int, uint)                                                                         \
    X(unsigned long, ulong)                                                                       \
    X(unsigned long long, ulonglong)                                                              \
    X(int8_t, int8)                                                                               \
    X(int16_t, int16)                                                                             \
    X(int32_t, int32)                                                                             \
    X(int64_t, int64)                                                                             \
    X(uint8_t, uint8)                                                                             \
    X(uint16_t, uint16)                                                                           \
    X(uint32_t, uint32)                                                                           \
    X(uint64_t, uint64)                                                                           \
    X(size_t, size)                                                                               \
    X(ptrdiff_t, ptrdiff)

/* Standard AMO types (fetch_inc, inc, fetch_add, add, compare_swap). */
#define RF_SHMEM_AMO_TYPES(X)                                                                    \
    X(int, int)                                                                                   \
    X(long, long)                                                                                 \
    X(long long, longlong)                                                                        \
    X(unsigned int, uint)                                                                         \
    X(unsigned long, ulong)                                                                       \
    X(unsigned long long, ulonglong)                                                              \
    X(int32_t, int32)                                                                             \
    X(int64_t, int64)                                                                             \
    X(uint32_t, uint32)                                                                           \
    X(uint64_t, uint64)                                                                           \
    X(size_t, size)                                                                               \
    X(ptrdiff_t, ptrdiff)

/* Extended AMO types (fetch, set, swap): the standard ones and float, double. */
#define RF_SHMEM_EXTENDED_AMO_TYPES(X)                                                           \
    RF_SHMEM_AMO_TYPES(X)                                                                         \
    X(float, float)                                                                               \
    X(double, double)

/* Bitwise AMO types (and, or, xor with their fetch forms). */
#define RF_SHMEM_BITWISE_AMO_TYPES(X)                                                            \
    X(unsigned int, uint)                                                                         \
    X(unsigned long, ulong)                                                                       \
    X(unsigned long long, ulonglong)                                                              \
    X(int32_t, int32)                                                                             \
    X(int64_t, int64)                                                                             \
    X(uint32_t, uint32)                                                                           \
    X(uint64_t, uint64)

/* Point-to-point synchronization types (wait_until, test). */
#define RF_SHMEM_SYNC_TYPES(X)                                                                   \
    X(short, short)                                                                               \
    X(int, int)                                                                                   \
    X(long, long)                                                                                 \
    X(long long, longlong)                                                                        \
    X(unsigned short, ushort)                                                                     \
    X(unsigned int, uint)                                                                         \
    X(unsigned long, ulong)                                                                       \
    X(unsigned long long, ulonglong)                                                              \
    X(int32_t, int32)                                                                             \
    X(int64_t, int64)                                                                             \
    X(uint32_t, uint32)                                                                           \
    X(uint64_t, uint64)                                                                           \
    X(size_t, size)                                                                               \
    X(ptrdiff_t, ptrdiff)

/* Reductions (shmem_TYPE_OP_reduce): min, max, sum and prod on these... */
#define RF_SHMEM_REDUCE_ARITH_TYPES(X)                                                           \
    X(char, char)                                                                                 \
    X(signed char, schar)                                                                         \
    X(short, short)                                                                               \
    X(int, int)                                                                                   \
    X(long, long)                                                                                 \
    X(long long, longlong)                                                                        \
    X(ptrdiff_t, ptrdiff)                                                                         \
    X(unsigned char, uchar)                                                                       \
    X(unsigned short, ushort)                                                                     \
    X(unsigned int, uint)                                                                         \
    X(unsigned long, ulong)                                                                       \
    X(unsigned long long, ulonglong)                                                              \
    X(int8_t, int8)                                                                               \
    X(int16_t, int16)                                                                             \
    X(int32_t, int32)                                                                             \
    X(int64_t, int64)                                                                             \
    X(uint8_t, uint8)                                                                             \
    X(uint16_t, uint16)                                                                           \
    X(uint32_t, uint32)                                                                           \
    X(uint64_t, uint64)                                                                           \
    X(size_t, size)                                                                               \
    X(float, float)                                                                               \
    X(double, double)                                                                             \
    X(long double, longdouble)

/* ... and, or and xor on these (the 1.5 table, and the signed ones of the 1.4 to_all forms). */
#define RF_SHMEM_REDUCE_BITWISE_TYPES(X)                                                         \
    X(unsigned char, uchar)                                                                       \
    X(unsigned short, ushort)                                                                     \
    X(unsigned int, uint)                                                                         \
    X(unsigned long, ulong)                                                                       \
    X(unsigned long long, ulonglong)                                                              \
    X(int8_t, int8)                                                                               \
    X(int16_t, int16)                                                                             \
    X(int32_t, int32)                                                                             \
    X(int64_t, int64)                                                                             \
    X(uint8_t, uint8)                                                                             \
    X(uint16_t, uint16)                                                                           \
    X(uint32_t, uint32)                                                                           \
    X(uint64_t, uint64)                                                                           \
    X(size_t, size)                                                                               \
    X(short, short)                                                                               \
    X(int, int)                                                                                   \
    X(long, long)                                                                                 \
    X(long long, longlong)

/* The sized RMA routines: X(bits) with the element type of that many bits. */
#define RF_SHMEM_SIZES(X) X(8) X(16) X(32) X(64) X(128)

#endif
