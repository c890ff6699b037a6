/* Title: the fetch buffer of a nonblocking fetching atomic read before shmem_quiet (OpenSHMEM
 * race, local-buffer).
 * Each PE adds 1 to its right neighbour's counter with shmem_long_atomic_fetch_add_nbi and
 * prints the old value before the quiet: until the quiet completes the operation, `old` may
 * not hold it yet (OpenSHMEM 1.5 §9.8). shmem-fetch-nbi-early-read-fixed reads it after the
 * quiet.
 *
 * RANKFOLD-RUN: -np 2 => race:local-buffer states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --no-races => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: an OpenSHMEM program whose bug is a race
 */
#include <shmem.h>
#include <stdio.h>

static long counter = 0;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    long old = -1;
    shmem_long_atomic_fetch_add_nbi(&old, &counter, 1, (me + 1) % shmem_n_pes()); /* ERROR */
    printf("PE %d: old value %ld\n", me, old); /* ERROR */
    shmem_quiet();
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
