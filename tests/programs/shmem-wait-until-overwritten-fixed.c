/* Title: two PEs add to a flag atomically and the waiter waits for the sum (OpenSHMEM).
 * The fixed twin of shmem-wait-until-overwritten: PE 0 adds 1 and PE 2 adds 2 with
 * shmem_atomic_add, which commute, and PE 1 waits until flag == 3, true in every order (10
 * states: the adds against PE 1's and the origins' steps; one final state).
 *
 * RANKFOLD-RUN: -np 3 => ok states=10 transitions=17 executions=1 revisits=8
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-wait-until-overwritten-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

static long flag = 0;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    if (me == 0) shmem_long_atomic_add(&flag, 1, 1);
    if (me == 2) shmem_long_atomic_add(&flag, 2, 1);
    if (me == 1) {
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 3);
        printf("PE 1: flag = %ld\n", flag);
    }
    shmem_finalize();
    return 0;
}
