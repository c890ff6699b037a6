/* Title: a distributed lock around a read-modify-write of a counter on PE 0 (OpenSHMEM).
 * Every PE takes the lock, reads the counter with a get, writes it back plus one with a put,
 * and clears the lock; after the barrier PE 0 prints the count.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-lock.expected
 */
#include <shmem.h>
#include <stdio.h>

static long lock = 0;
static int counter = 0;

int main(void) {
    shmem_init();
    shmem_set_lock(&lock);
    const int seen = shmem_int_g(&counter, 0);
    shmem_int_p(&counter, seen + 1, 0);
    shmem_clear_lock(&lock);
    shmem_barrier_all();
    if (shmem_my_pe() == 0) printf("counter %d, lock free: %d\n", counter, shmem_test_lock(&lock) == 0);
    if (shmem_my_pe() == 0) shmem_clear_lock(&lock);
    shmem_finalize();
    return 0;
}
