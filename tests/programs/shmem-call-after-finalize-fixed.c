/* Title: the fixed twin of shmem-call-after-finalize: the put comes before the barrier that
 * publishes it, and before shmem_finalize.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-call-after-finalize-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

static int slot = -1;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    if (me == 1) shmem_int_p(&slot, me, 0);
    shmem_barrier_all();
    if (me == 0) printf("PE 0: slot %d\n", slot);
    shmem_finalize();
    return 0;
}
