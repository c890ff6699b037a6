/* Title: the fixed twin of shmem-lock-not-held: the holder clears the lock, after which PE 1
 * can take it.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-lock-not-held-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

static long lock = 0;

int main(void) {
    shmem_init();
    if (shmem_my_pe() == 0) shmem_set_lock(&lock);
    shmem_barrier_all();
    if (shmem_my_pe() == 0) shmem_clear_lock(&lock);
    shmem_barrier_all();
    if (shmem_my_pe() == 1) printf("PE 1 took the lock: %d\n", shmem_test_lock(&lock) == 0);
    if (shmem_my_pe() == 1) shmem_clear_lock(&lock);
    shmem_finalize();
    return 0;
}
