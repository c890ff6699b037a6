/* Title: a lock cleared by a PE that does not hold it (OpenSHMEM misuse).
 * PE 1 releases the lock PE 0 took.
 *
 * RANKFOLD-RUN: -np 2 => usage:lock-not-held states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>

static long lock = 0;

int main(void) {
    shmem_init();
    if (shmem_my_pe() == 0) shmem_set_lock(&lock);
    shmem_barrier_all();
    if (shmem_my_pe() == 1) shmem_clear_lock(&lock); /* ERROR */
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
