/* Rankfold's shmem.h: the OpenSHMEM 1.5 interface a program compiled with rankfold-oshcc sees.
 *
 * The PEs are the ranks rankfold-run starts; symmetric data is the program's globals and
 * statics and the symmetric heap (shmem_malloc), which every PE's copy of the program has at
 * the same place. Functions Rankfold does not implement are declared in shmem_unsupported.h
 * with an `error` attribute: calling one fails at compile time with a message naming it.
 */
#ifndef RANKFOLD_SHMEM_H
#define RANKFOLD_SHMEM_H

#include "rankfold_shmem_types.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- constants ---------------------------------------------------------------------- */
#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 5
#define _SHMEM_MAJOR_VERSION SHMEM_MAJOR_VERSION
#define _SHMEM_MINOR_VERSION SHMEM_MINOR_VERSION
#define SHMEM_MAX_NAME_LEN 256
#define _SHMEM_MAX_NAME_LEN SHMEM_MAX_NAME_LEN
#define SHMEM_VENDOR_STRING "Rankfold simulated OpenSHMEM"
#define _SHMEM_VENDOR_STRING SHMEM_VENDOR_STRING

enum { SHMEM_THREAD_SINGLE, SHMEM_THREAD_FUNNELED, SHMEM_THREAD_SERIALIZED, SHMEM_THREAD_MULTIPLE };

enum { SHMEM_CMP_EQ, SHMEM_CMP_NE, SHMEM_CMP_GT, SHMEM_CMP_GE, SHMEM_CMP_LT, SHMEM_CMP_LE };
#define _SHMEM_CMP_EQ SHMEM_CMP_EQ
#define _SHMEM_CMP_NE SHMEM_CMP_NE
#define _SHMEM_CMP_GT SHMEM_CMP_GT
#define _SHMEM_CMP_GE SHMEM_CMP_GE
#define _SHMEM_CMP_LT SHMEM_CMP_LT
#define _SHMEM_CMP_LE SHMEM_CMP_LE

enum { SHMEM_SIGNAL_SET, SHMEM_SIGNAL_ADD };

/* The work arrays of the active-set collectives (1.4). */
#define SHMEM_SYNC_VALUE (-1L)
#define _SHMEM_SYNC_VALUE SHMEM_SYNC_VALUE
#define SHMEM_BARRIER_SYNC_SIZE 4
#define SHMEM_BCAST_SYNC_SIZE 4
#define SHMEM_COLLECT_SYNC_SIZE 4
#define SHMEM_REDUCE_SYNC_SIZE 4
#define SHMEM_ALLTOALL_SYNC_SIZE 4
#define SHMEM_ALLTOALLS_SYNC_SIZE 4
#define SHMEM_SYNC_SIZE 4
#define SHMEM_REDUCE_MIN_WRKDATA_SIZE 1
#define _SHMEM_BARRIER_SYNC_SIZE SHMEM_BARRIER_SYNC_SIZE
#define _SHMEM_BCAST_SYNC_SIZE SHMEM_BCAST_SYNC_SIZE
#define _SHMEM_COLLECT_SYNC_SIZE SHMEM_COLLECT_SYNC_SIZE
#define _SHMEM_REDUCE_SYNC_SIZE SHMEM_REDUCE_SYNC_SIZE
#define _SHMEM_REDUCE_MIN_WRKDATA_SIZE SHMEM_REDUCE_MIN_WRKDATA_SIZE

/* Teams and contexts: handles, never pointers into the checker. */
typedef int shmem_team_t;
typedef int shmem_ctx_t;
#define SHMEM_TEAM_WORLD ((shmem_team_t)0)
#define SHMEM_TEAM_SHARED ((shmem_team_t)1)
#define SHMEM_TEAM_INVALID ((shmem_team_t)-1)
#define SHMEM_CTX_DEFAULT ((shmem_ctx_t)0)
#define SHMEM_CTX_INVALID ((shmem_ctx_t)-1)
#define SHMEM_CTX_SERIALIZED 1
#define SHMEM_CTX_PRIVATE 2
#define SHMEM_CTX_NOSTORE 4

typedef struct {
    int num_contexts;
    int disjoint;
} shmem_team_config_t;

/* The context forms of a routine family (shmem_ctx_int_put) take the context first. */
#define RF_SHMEM_CTX_PARAM_
#define RF_SHMEM_CTX_PARAM_ctx_ shmem_ctx_t ctx,

/* ---- library setup, exit and query ---------------------------------------------------- */
void shmem_init(void);
int shmem_init_thread(int requested, int* provided);
void shmem_query_thread(int* provided);
void shmem_finalize(void);
void shmem_global_exit(int status);
int shmem_my_pe(void);
int shmem_n_pes(void);
int _my_pe(void);
int _num_pes(void);
int shmem_pe_accessible(int pe);
int shmem_addr_accessible(const void* addr, int pe);
void* shmem_ptr(const void* dest, int pe);
void shmem_info_get_version(int* major, int* minor);
void shmem_info_get_name(char* name);

/* ---- memory management (collective) ------------------------------------------------------ */
void* shmem_malloc(size_t size);
void* shmem_calloc(size_t count, size_t size);
void* shmem_align(size_t alignment, size_t size);
void* shmem_realloc(void* ptr, size_t size);
void shmem_free(void* ptr);

/* ---- communication contexts (each one a stream of puts and atomics ordered and completed on
 * its own: shmem_ctx_quiet(ctx) completes ctx's alone; shmem_quiet the default context's) ------ */
int shmem_ctx_create(long options, shmem_ctx_t* ctx);
int shmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t* ctx);
void shmem_ctx_destroy(shmem_ctx_t ctx);
int shmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t* team);
void shmem_ctx_fence(shmem_ctx_t ctx);
void shmem_ctx_quiet(shmem_ctx_t ctx);

/* ---- remote memory access ------------------------------------------------------------------
 * Delivery: a put is written into the target PE's memory during the call (a behaviour the
 * standard allows); README "Limits today" says what that means for the search. */
#define RF_SHMEM_DECLARE_RMA(T, N, P)                                                              \
    void shmem_##P##N##_put(RF_SHMEM_CTX_PARAM_##P T* dest, const T* source, size_t nelems,        \
                            int pe);                                                               \
    void shmem_##P##N##_get(RF_SHMEM_CTX_PARAM_##P T* dest, const T* source, size_t nelems,        \
                            int pe);                                                               \
    void shmem_##P##N##_put_nbi(RF_SHMEM_CTX_PARAM_##P T* dest, const T* source, size_t nelems,    \
                                int pe);                                                           \
    void shmem_##P##N##_get_nbi(RF_SHMEM_CTX_PARAM_##P T* dest, const T* source, size_t nelems,    \
                                int pe);                                                           \
    void shmem_##P##N##_p(RF_SHMEM_CTX_PARAM_##P T* dest, T value, int pe);                        \
    T shmem_##P##N##_g(RF_SHMEM_CTX_PARAM_##P const T* source, int pe);                            \
    void shmem_##P##N##_iput(RF_SHMEM_CTX_PARAM_##P T* dest, const T* source, ptrdiff_t dst,       \
                             ptrdiff_t sst, size_t nelems, int pe);                                \
    void shmem_##P##N##_iget(RF_SHMEM_CTX_PARAM_##P T* dest, const T* source, ptrdiff_t dst,       \
                             ptrdiff_t sst, size_t nelems, int pe);                                \
    void shmem_##P##N##_put_signal(RF_SHMEM_CTX_PARAM_##P T* dest, const T* source, size_t nelems, \
                                   uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);       \
    void shmem_##P##N##_put_signal_nbi(RF_SHMEM_CTX_PARAM_##P T* dest, const T* source,            \
                                       size_t nelems, uint64_t* sig_addr, uint64_t signal,         \
                                       int sig_op, int pe);
#define RF_SHMEM_DECLARE_RMA_FORMS(T, N)                                                           \
    RF_SHMEM_DECLARE_RMA(T, N, ) RF_SHMEM_DECLARE_RMA(T, N, ctx_)
RF_SHMEM_RMA_TYPES(RF_SHMEM_DECLARE_RMA_FORMS)
#undef RF_SHMEM_DECLARE_RMA_FORMS
#undef RF_SHMEM_DECLARE_RMA

#define RF_SHMEM_DECLARE_SIZED(B, P)                                                               \
    void shmem_##P##put##B(RF_SHMEM_CTX_PARAM_##P void* dest, const void* source, size_t nelems,   \
                           int pe);                                                                \
    void shmem_##P##get##B(RF_SHMEM_CTX_PARAM_##P void* dest, const void* source, size_t nelems,   \
                           int pe);                                                                \
    void shmem_##P##put##B##_nbi(RF_SHMEM_CTX_PARAM_##P void* dest, const void* source,            \
                                 size_t nelems, int pe);                                           \
    void shmem_##P##get##B##_nbi(RF_SHMEM_CTX_PARAM_##P void* dest, const void* source,            \
                                 size_t nelems, int pe);                                           \
    void shmem_##P##iput##B(RF_SHMEM_CTX_PARAM_##P void* dest, const void* source, ptrdiff_t dst,  \
                            ptrdiff_t sst, size_t nelems, int pe);                                 \
    void shmem_##P##iget##B(RF_SHMEM_CTX_PARAM_##P void* dest, const void* source, ptrdiff_t dst,  \
                            ptrdiff_t sst, size_t nelems, int pe);                                 \
    void shmem_##P##put##B##_signal(RF_SHMEM_CTX_PARAM_##P void* dest, const void* source,         \
                                    size_t nelems, uint64_t* sig_addr, uint64_t signal,            \
                                    int sig_op, int pe);                                           \
    void shmem_##P##put##B##_signal_nbi(RF_SHMEM_CTX_PARAM_##P void* dest, const void* source,     \
                                        size_t nelems, uint64_t* sig_addr, uint64_t signal,        \
                                        int sig_op, int pe);
#define RF_SHMEM_DECLARE_SIZED_FORMS(B) RF_SHMEM_DECLARE_SIZED(B, ) RF_SHMEM_DECLARE_SIZED(B, ctx_)
RF_SHMEM_SIZES(RF_SHMEM_DECLARE_SIZED_FORMS)
#undef RF_SHMEM_DECLARE_SIZED_FORMS
#undef RF_SHMEM_DECLARE_SIZED
#define RF_SHMEM_DECLARE_MEM(P)                                                                    \
    void shmem_##P##putmem(RF_SHMEM_CTX_PARAM_##P void* dest, const void* source, size_t nelems,   \
                           int pe);                                                                \
    void shmem_##P##getmem(RF_SHMEM_CTX_PARAM_##P void* dest, const void* source, size_t nelems,   \
                           int pe);                                                                \
    void shmem_##P##putmem_nbi(RF_SHMEM_CTX_PARAM_##P void* dest, const void* source,              \
                               size_t nelems, int pe);                                             \
    void shmem_##P##getmem_nbi(RF_SHMEM_CTX_PARAM_##P void* dest, const void* source,              \
                               size_t nelems, int pe);                                             \
    void shmem_##P##putmem_signal(RF_SHMEM_CTX_PARAM_##P void* dest, const void* source,           \
                                  size_t nelems, uint64_t* sig_addr, uint64_t signal, int sig_op,  \
                                  int pe);                                                         \
    void shmem_##P##putmem_signal_nbi(RF_SHMEM_CTX_PARAM_##P void* dest, const void* source,       \
                                      size_t nelems, uint64_t* sig_addr, uint64_t signal,          \
                                      int sig_op, int pe);
RF_SHMEM_DECLARE_MEM()
RF_SHMEM_DECLARE_MEM(ctx_)
#undef RF_SHMEM_DECLARE_MEM
uint64_t shmem_signal_fetch(const uint64_t* sig_addr);
uint64_t shmem_signal_wait_until(uint64_t* sig_addr, int cmp, uint64_t cmp_value);

/* ---- atomic memory operations --------------------------------------------------------------- */
#define RF_SHMEM_DECLARE_AMO_FORM(T, N, P)                                                         \
    T shmem_##P##N##_atomic_fetch_inc(RF_SHMEM_CTX_PARAM_##P T* dest, int pe);                     \
    void shmem_##P##N##_atomic_inc(RF_SHMEM_CTX_PARAM_##P T* dest, int pe);                        \
    T shmem_##P##N##_atomic_fetch_add(RF_SHMEM_CTX_PARAM_##P T* dest, T value, int pe);            \
    void shmem_##P##N##_atomic_add(RF_SHMEM_CTX_PARAM_##P T* dest, T value, int pe);               \
    T shmem_##P##N##_atomic_compare_swap(RF_SHMEM_CTX_PARAM_##P T* dest, T cond, T value, int pe);
#define RF_SHMEM_DECLARE_AMO(T, N)                                                                 \
    RF_SHMEM_DECLARE_AMO_FORM(T, N, )                                                              \
    RF_SHMEM_DECLARE_AMO_FORM(T, N, ctx_) T shmem_##N##_finc(T* dest, int pe);                     \
    void shmem_##N##_inc(T* dest, int pe);                                                         \
    T shmem_##N##_fadd(T* dest, T value, int pe);                                                  \
    void shmem_##N##_add(T* dest, T value, int pe);                                                \
    T shmem_##N##_cswap(T* dest, T cond, T value, int pe);
RF_SHMEM_AMO_TYPES(RF_SHMEM_DECLARE_AMO)
#undef RF_SHMEM_DECLARE_AMO
#undef RF_SHMEM_DECLARE_AMO_FORM
#define RF_SHMEM_DECLARE_EXTENDED_AMO_FORM(T, N, P)                                                \
    T shmem_##P##N##_atomic_fetch(RF_SHMEM_CTX_PARAM_##P const T* source, int pe);                 \
    void shmem_##P##N##_atomic_set(RF_SHMEM_CTX_PARAM_##P T* dest, T value, int pe);               \
    T shmem_##P##N##_atomic_swap(RF_SHMEM_CTX_PARAM_##P T* dest, T value, int pe);
#define RF_SHMEM_DECLARE_EXTENDED_AMO(T, N)                                                        \
    RF_SHMEM_DECLARE_EXTENDED_AMO_FORM(T, N, )                                                     \
    RF_SHMEM_DECLARE_EXTENDED_AMO_FORM(T, N, ctx_) T shmem_##N##_fetch(const T* source, int pe);   \
    void shmem_##N##_set(T* dest, T value, int pe);                                                \
    T shmem_##N##_swap(T* dest, T value, int pe);
RF_SHMEM_EXTENDED_AMO_TYPES(RF_SHMEM_DECLARE_EXTENDED_AMO)
#undef RF_SHMEM_DECLARE_EXTENDED_AMO
#undef RF_SHMEM_DECLARE_EXTENDED_AMO_FORM
#define RF_SHMEM_DECLARE_BITWISE_AMO_FORM(T, N, P)                                                 \
    T shmem_##P##N##_atomic_fetch_and(RF_SHMEM_CTX_PARAM_##P T* dest, T value, int pe);            \
    void shmem_##P##N##_atomic_and(RF_SHMEM_CTX_PARAM_##P T* dest, T value, int pe);               \
    T shmem_##P##N##_atomic_fetch_or(RF_SHMEM_CTX_PARAM_##P T* dest, T value, int pe);             \
    void shmem_##P##N##_atomic_or(RF_SHMEM_CTX_PARAM_##P T* dest, T value, int pe);                \
    T shmem_##P##N##_atomic_fetch_xor(RF_SHMEM_CTX_PARAM_##P T* dest, T value, int pe);            \
    void shmem_##P##N##_atomic_xor(RF_SHMEM_CTX_PARAM_##P T* dest, T value, int pe);
#define RF_SHMEM_DECLARE_BITWISE_AMO(T, N)                                                         \
    RF_SHMEM_DECLARE_BITWISE_AMO_FORM(T, N, ) RF_SHMEM_DECLARE_BITWISE_AMO_FORM(T, N, ctx_)
RF_SHMEM_BITWISE_AMO_TYPES(RF_SHMEM_DECLARE_BITWISE_AMO)
#undef RF_SHMEM_DECLARE_BITWISE_AMO
#undef RF_SHMEM_DECLARE_BITWISE_AMO_FORM
/* The nonblocking fetching atomics: the old value reaches *fetch by the next quiet. */
#define RF_SHMEM_DECLARE_AMO_NBI_FORM(T, N, P)                                                     \
    void shmem_##P##N##_atomic_fetch_inc_nbi(RF_SHMEM_CTX_PARAM_##P T* fetch, T* dest, int pe);    \
    void shmem_##P##N##_atomic_fetch_add_nbi(RF_SHMEM_CTX_PARAM_##P T* fetch, T* dest, T value,    \
                                             int pe);                                              \
    void shmem_##P##N##_atomic_compare_swap_nbi(RF_SHMEM_CTX_PARAM_##P T* fetch, T* dest, T cond,  \
                                                T value, int pe);
#define RF_SHMEM_DECLARE_AMO_NBI(T, N)                                                             \
    RF_SHMEM_DECLARE_AMO_NBI_FORM(T, N, ) RF_SHMEM_DECLARE_AMO_NBI_FORM(T, N, ctx_)
RF_SHMEM_AMO_TYPES(RF_SHMEM_DECLARE_AMO_NBI)
#undef RF_SHMEM_DECLARE_AMO_NBI
#undef RF_SHMEM_DECLARE_AMO_NBI_FORM
#define RF_SHMEM_DECLARE_EXTENDED_AMO_NBI_FORM(T, N, P)                                            \
    void shmem_##P##N##_atomic_fetch_nbi(RF_SHMEM_CTX_PARAM_##P T* fetch, const T* source,         \
                                         int pe);                                                  \
    void shmem_##P##N##_atomic_swap_nbi(RF_SHMEM_CTX_PARAM_##P T* fetch, T* dest, T value, int pe);
#define RF_SHMEM_DECLARE_EXTENDED_AMO_NBI(T, N)                                                    \
    RF_SHMEM_DECLARE_EXTENDED_AMO_NBI_FORM(T, N, ) RF_SHMEM_DECLARE_EXTENDED_AMO_NBI_FORM(T, N, ctx_)
RF_SHMEM_EXTENDED_AMO_TYPES(RF_SHMEM_DECLARE_EXTENDED_AMO_NBI)
#undef RF_SHMEM_DECLARE_EXTENDED_AMO_NBI
#undef RF_SHMEM_DECLARE_EXTENDED_AMO_NBI_FORM
#define RF_SHMEM_DECLARE_BITWISE_AMO_NBI_FORM(T, N, P)                                             \
    void shmem_##P##N##_atomic_fetch_and_nbi(RF_SHMEM_CTX_PARAM_##P T* fetch, T* dest, T value,    \
                                             int pe);                                              \
    void shmem_##P##N##_atomic_fetch_or_nbi(RF_SHMEM_CTX_PARAM_##P T* fetch, T* dest, T value,     \
                                            int pe);                                               \
    void shmem_##P##N##_atomic_fetch_xor_nbi(RF_SHMEM_CTX_PARAM_##P T* fetch, T* dest, T value,    \
                                             int pe);
#define RF_SHMEM_DECLARE_BITWISE_AMO_NBI(T, N)                                                     \
    RF_SHMEM_DECLARE_BITWISE_AMO_NBI_FORM(T, N, ) RF_SHMEM_DECLARE_BITWISE_AMO_NBI_FORM(T, N, ctx_)
RF_SHMEM_BITWISE_AMO_TYPES(RF_SHMEM_DECLARE_BITWISE_AMO_NBI)
#undef RF_SHMEM_DECLARE_BITWISE_AMO_NBI
#undef RF_SHMEM_DECLARE_BITWISE_AMO_NBI_FORM

/* ---- ordering, completion, synchronization -------------------------------------------------- */
void shmem_fence(void);
void shmem_quiet(void);
void shmem_barrier_all(void);
void shmem_sync_all(void);

#define RF_SHMEM_DECLARE_SYNC(T, N)                                                                \
    void shmem_##N##_wait_until(T* ivar, int cmp, T cmp_value);                                    \
    int shmem_##N##_test(T* ivar, int cmp, T cmp_value);                                           \
    void shmem_##N##_wait(T* ivar, T cmp_value);
RF_SHMEM_SYNC_TYPES(RF_SHMEM_DECLARE_SYNC)
#undef RF_SHMEM_DECLARE_SYNC
void shmem_wait_until(long* ivar, int cmp, long cmp_value);
void shmem_wait(long* ivar, long cmp_value);

/* ---- teams --------------------------------------------------------------------------------
 * Handles index the checker's table of teams; a PE outside a team it split gets
 * SHMEM_TEAM_INVALID. SHMEM_TEAM_SHARED is every PE (they share one process). */
#define SHMEM_TEAM_NUM_CONTEXTS (1L << 0)
int shmem_team_my_pe(shmem_team_t team);
int shmem_team_n_pes(shmem_team_t team);
int shmem_team_get_config(shmem_team_t team, long config_mask, shmem_team_config_t* config);
int shmem_team_translate_pe(shmem_team_t src_team, int src_pe, shmem_team_t dest_team);
int shmem_team_split_strided(shmem_team_t parent_team, int start, int stride, int size,
                             const shmem_team_config_t* config, long config_mask,
                             shmem_team_t* new_team);
int shmem_team_split_2d(shmem_team_t parent_team, int xrange,
                        const shmem_team_config_t* xaxis_config, long xaxis_mask,
                        shmem_team_t* xaxis_team, const shmem_team_config_t* yaxis_config,
                        long yaxis_mask, shmem_team_t* yaxis_team);
void shmem_team_destroy(shmem_team_t team);

/* ---- collectives on teams (blocking: each completes when every member has entered it) ---- */
int shmem_team_sync(shmem_team_t team);
int shmem_broadcastmem(shmem_team_t team, void* dest, const void* source, size_t nelems,
                       int PE_root);
int shmem_collectmem(shmem_team_t team, void* dest, const void* source, size_t nelems);
int shmem_fcollectmem(shmem_team_t team, void* dest, const void* source, size_t nelems);
int shmem_alltoallmem(shmem_team_t team, void* dest, const void* source, size_t nelems);
int shmem_alltoallsmem(shmem_team_t team, void* dest, const void* source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems);
#define RF_SHMEM_DECLARE_COLLECTIVES(T, N)                                                         \
    int shmem_##N##_broadcast(shmem_team_t team, T* dest, const T* source, size_t nelems,          \
                              int PE_root);                                                        \
    int shmem_##N##_collect(shmem_team_t team, T* dest, const T* source, size_t nelems);           \
    int shmem_##N##_fcollect(shmem_team_t team, T* dest, const T* source, size_t nelems);          \
    int shmem_##N##_alltoall(shmem_team_t team, T* dest, const T* source, size_t nelems);          \
    int shmem_##N##_alltoalls(shmem_team_t team, T* dest, const T* source, ptrdiff_t dst,          \
                              ptrdiff_t sst, size_t nelems);
RF_SHMEM_RMA_TYPES(RF_SHMEM_DECLARE_COLLECTIVES)
#undef RF_SHMEM_DECLARE_COLLECTIVES
#define RF_SHMEM_DECLARE_REDUCE(T, N, OP)                                                          \
    int shmem_##N##_##OP##_reduce(shmem_team_t team, T* dest, const T* source, size_t nreduce);
#define RF_SHMEM_DECLARE_ARITH_REDUCE(T, N)                                                        \
    RF_SHMEM_DECLARE_REDUCE(T, N, max)                                                             \
    RF_SHMEM_DECLARE_REDUCE(T, N, min)                                                             \
    RF_SHMEM_DECLARE_REDUCE(T, N, sum) RF_SHMEM_DECLARE_REDUCE(T, N, prod)
#define RF_SHMEM_DECLARE_BITWISE_REDUCE(T, N)                                                      \
    RF_SHMEM_DECLARE_REDUCE(T, N, and)                                                             \
    RF_SHMEM_DECLARE_REDUCE(T, N, or) RF_SHMEM_DECLARE_REDUCE(T, N, xor)
RF_SHMEM_REDUCE_ARITH_TYPES(RF_SHMEM_DECLARE_ARITH_REDUCE)
RF_SHMEM_REDUCE_BITWISE_TYPES(RF_SHMEM_DECLARE_BITWISE_REDUCE)
#undef RF_SHMEM_DECLARE_ARITH_REDUCE
#undef RF_SHMEM_DECLARE_BITWISE_REDUCE
#undef RF_SHMEM_DECLARE_REDUCE

/* ---- the 1.4 active-set collectives (deprecated in 1.5; pSync and pWrk are not used) ------ */
void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long* pSync);
void shmem_sync(int PE_start, int logPE_stride, int PE_size, long* pSync);
#define RF_SHMEM_DECLARE_SIZED_COLLECTIVES(B)                                                      \
    void shmem_broadcast##B(void* dest, const void* source, size_t nelems, int PE_root,            \
                            int PE_start, int logPE_stride, int PE_size, long* pSync);             \
    void shmem_collect##B(void* dest, const void* source, size_t nelems, int PE_start,             \
                          int logPE_stride, int PE_size, long* pSync);                             \
    void shmem_fcollect##B(void* dest, const void* source, size_t nelems, int PE_start,            \
                           int logPE_stride, int PE_size, long* pSync);                            \
    void shmem_alltoall##B(void* dest, const void* source, size_t nelems, int PE_start,            \
                           int logPE_stride, int PE_size, long* pSync);                            \
    void shmem_alltoalls##B(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,          \
                            size_t nelems, int PE_start, int logPE_stride, int PE_size,            \
                            long* pSync);
RF_SHMEM_DECLARE_SIZED_COLLECTIVES(32)
RF_SHMEM_DECLARE_SIZED_COLLECTIVES(64)
#undef RF_SHMEM_DECLARE_SIZED_COLLECTIVES
#define RF_SHMEM_DECLARE_TO_ALL(T, N, OP)                                                          \
    void shmem_##N##_##OP##_to_all(T* dest, const T* source, int nreduce, int PE_start,            \
                                   int logPE_stride, int PE_size, T* pWrk, long* pSync);
#define RF_SHMEM_DECLARE_ARITH_TO_ALL(T, N)                                                        \
    RF_SHMEM_DECLARE_TO_ALL(T, N, max)                                                             \
    RF_SHMEM_DECLARE_TO_ALL(T, N, min)                                                             \
    RF_SHMEM_DECLARE_TO_ALL(T, N, sum) RF_SHMEM_DECLARE_TO_ALL(T, N, prod)
#define RF_SHMEM_DECLARE_BITWISE_TO_ALL(T, N)                                                      \
    RF_SHMEM_DECLARE_TO_ALL(T, N, and)                                                             \
    RF_SHMEM_DECLARE_TO_ALL(T, N, or) RF_SHMEM_DECLARE_TO_ALL(T, N, xor)
RF_SHMEM_REDUCE_ARITH_TYPES(RF_SHMEM_DECLARE_ARITH_TO_ALL)
RF_SHMEM_REDUCE_BITWISE_TYPES(RF_SHMEM_DECLARE_BITWISE_TO_ALL)
#undef RF_SHMEM_DECLARE_ARITH_TO_ALL
#undef RF_SHMEM_DECLARE_BITWISE_TO_ALL
#undef RF_SHMEM_DECLARE_TO_ALL

/* ---- distributed locks ------------------------------------------------------------------------
 */
void shmem_set_lock(long* lock);
void shmem_clear_lock(long* lock);
int shmem_test_lock(long* lock);

#ifdef __cplusplus
}
#endif

/* The symmetric heap lives in the program (librankfold_shmem_module.a): this reference links it.
 * (Not in the simulated runtime itself, which includes this header too.) */
#ifndef RANKFOLD_SHMEM_RUNTIME
extern
#ifdef __cplusplus
    "C"
#endif
    unsigned char rankfold_shmem_heap[];
__attribute__((used)) static unsigned char* const rankfold_shmem_heap_link = rankfold_shmem_heap;
#endif

#include "shmem_generic.h"
#include "shmem_unsupported.h"

#endif /* RANKFOLD_SHMEM_H */
