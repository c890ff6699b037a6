/* shmem_unsupported.h: the OpenSHMEM 1.5 functions Rankfold does not implement (yet).
 *
 * shmem.h includes this file at its end. Each function is declared with RF_UNSUPPORTED(name),
 * the attribute mpi_unsupported.h defines, so calling one fails to compile with a message
 * naming it ("shmem_broadcast64 is not supported by Rankfold"), and rankfold-oshcc
 * --list-unsupported lists every use. Their arguments are left unchecked: in C the
 * declarations have no prototype, in C++ they take "...".
 */
/* clang-format off */
#ifndef RANKFOLD_SHMEM_UNSUPPORTED_H
#define RANKFOLD_SHMEM_UNSUPPORTED_H

#ifndef RF_UNSUPPORTED
#if defined(RANKFOLD_LIST_UNSUPPORTED) && (defined(__clang__) || defined(__GNUC__))
#define RF_UNSUPPORTED(name) __attribute__((deprecated(#name " is not supported by Rankfold")))
#elif defined(__clang__)
#define RF_UNSUPPORTED(name) __attribute__((unavailable(#name " is not supported by Rankfold")))
#elif defined(__GNUC__)
#define RF_UNSUPPORTED(name) __attribute__((error(#name " is not supported by Rankfold")))
#else
#define RF_UNSUPPORTED(name)
#endif
#endif

#ifdef __cplusplus
#define RF_SHMEM_ANY_ARGS ...
extern "C" {
#else
#define RF_SHMEM_ANY_ARGS
#endif

#define RF_SHMEM_NO(ret, name) RF_UNSUPPORTED(name) ret name(RF_SHMEM_ANY_ARGS);

/* Memory management with hints, profiling. */
RF_SHMEM_NO(void*, shmem_malloc_with_hints)
RF_SHMEM_NO(void, shmem_pcontrol)

/* The vector forms of point-to-point synchronization. */
#define RF_SHMEM_NO_SYNC_VECTOR(T, N)                                                            \
    RF_SHMEM_NO(void, shmem_##N##_wait_until_all)                                                \
    RF_SHMEM_NO(size_t, shmem_##N##_wait_until_any)                                              \
    RF_SHMEM_NO(size_t, shmem_##N##_wait_until_some)                                             \
    RF_SHMEM_NO(void, shmem_##N##_wait_until_all_vector)                                         \
    RF_SHMEM_NO(size_t, shmem_##N##_wait_until_any_vector)                                       \
    RF_SHMEM_NO(size_t, shmem_##N##_wait_until_some_vector)                                      \
    RF_SHMEM_NO(int, shmem_##N##_test_all)                                                       \
    RF_SHMEM_NO(size_t, shmem_##N##_test_any)                                                    \
    RF_SHMEM_NO(size_t, shmem_##N##_test_some)                                                   \
    RF_SHMEM_NO(int, shmem_##N##_test_all_vector)                                                \
    RF_SHMEM_NO(size_t, shmem_##N##_test_any_vector)                                             \
    RF_SHMEM_NO(size_t, shmem_##N##_test_some_vector)
RF_SHMEM_SYNC_TYPES(RF_SHMEM_NO_SYNC_VECTOR)
#undef RF_SHMEM_NO_SYNC_VECTOR

#undef RF_SHMEM_NO
#undef RF_SHMEM_ANY_ARGS

#ifdef __cplusplus
}
#endif

#endif /* RANKFOLD_SHMEM_UNSUPPORTED_H */
