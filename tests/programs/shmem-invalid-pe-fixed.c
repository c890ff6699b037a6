/* Title: the fixed twin of shmem-invalid-pe: the ring wraps around.
 * PE 0's put may land before or after PE 1 runs its code up to the barrier (which could read
 * the bytes, as far as the checker knows): 2 states, the two orders meeting in the barrier.
 *
 * RANKFOLD-RUN: -np 2 => ok states=2 transitions=2 executions=1 revisits=1
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-invalid-pe-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

static int slot = -1;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    shmem_int_p(&slot, me, (me + 1) % shmem_n_pes());
    shmem_barrier_all();
    printf("PE %d: slot %d, PE 2 accessible %d\n", me, slot, shmem_pe_accessible(2));
    shmem_finalize();
    return 0;
}
