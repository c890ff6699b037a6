/* Title: only the even PEs enter their active set's barrier (OpenSHMEM, fixed twin of
 * shmem-active-set-outside.c).
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-active-set-outside-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

static long sync_barrier[SHMEM_BARRIER_SYNC_SIZE];

int main(void) {
    shmem_init();
    for (int i = 0; i < SHMEM_BARRIER_SYNC_SIZE; ++i) sync_barrier[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    if (shmem_my_pe() % 2 == 0) shmem_barrier(0, 1, (shmem_n_pes() + 1) / 2, sync_barrier);
    printf("PE %d done\n", shmem_my_pe());
    shmem_finalize();
    return 0;
}
