/* Title: the fetch buffer of a nonblocking fetching atomic read after shmem_quiet (OpenSHMEM).
 * The fixed twin of shmem-fetch-nbi-early-read: the quiet completes the operation first. The
 * context forms (shmem_ctx_long_atomic_fetch_inc_nbi, completed by shmem_ctx_quiet) and
 * compare_swap, swap and fetch_xor nonblocking forms are used too, each on a counter only one
 * PE changes, so every value printed is the same in every execution.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-fetch-nbi-early-read-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

static long counter = 0;
static int word = 5;
static unsigned int bits = 6;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    const int right = (me + 1) % shmem_n_pes();
    shmem_ctx_t ctx;
    shmem_ctx_create(0, &ctx);
    long old = -1;
    shmem_long_atomic_fetch_add_nbi(&old, &counter, 1, right);
    shmem_quiet();
    long older = -1;
    shmem_ctx_long_atomic_fetch_inc_nbi(ctx, &older, &counter, right);
    shmem_ctx_quiet(ctx);
    int swapped = -1, compared = -1;
    shmem_int_atomic_swap_nbi(&swapped, &word, 7, right);
    shmem_quiet();
    shmem_int_atomic_compare_swap_nbi(&compared, &word, 7, 9, right);
    unsigned int flipped = 0;
    shmem_uint_atomic_fetch_xor_nbi(&flipped, &bits, 3U, right);
    shmem_quiet();
    printf("PE %d: %ld %ld %d %d %u\n", me, old, older, swapped, compared, flipped);
    shmem_barrier_all();
    printf("PE %d: counter %ld word %d bits %u\n", me, counter, word, bits);
    shmem_ctx_destroy(ctx);
    shmem_finalize();
    return 0;
}
