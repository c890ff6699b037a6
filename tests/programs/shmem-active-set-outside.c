/* Title: a PE calls a collective on an active set it is not in (OpenSHMEM misuse).
 * Every PE enters the barrier of the even PEs (PE_start 0, stride 2^1): the odd ones are
 * outside it.
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-pe states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>

static long sync_barrier[SHMEM_BARRIER_SYNC_SIZE];

int main(void) {
    shmem_init();
    for (int i = 0; i < SHMEM_BARRIER_SYNC_SIZE; ++i) sync_barrier[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    shmem_barrier(0, 1, (shmem_n_pes() + 1) / 2, sync_barrier); /* ERROR */
    shmem_finalize();
    return 0;
}
