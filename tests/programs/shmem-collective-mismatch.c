/* Title: PEs call different collectives at the same point (OpenSHMEM misuse).
 * PE 0 frees a block while PE 1 enters a barrier: shmem_free is collective too.
 *
 * RANKFOLD-RUN: -np 2 => usage:collective-mismatch states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>

int main(void) {
    shmem_init();
    int* block = shmem_malloc(sizeof(int));
    if (shmem_my_pe() == 0) shmem_free(block); /* ERROR */
    else shmem_barrier_all();
    shmem_finalize();
    return 0;
}
