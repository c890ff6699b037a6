/* Title: the fixed twin of shmem-non-symmetric-put: the destination is a static variable.
 * The put may land before or after its target runs its code up to the barrier: 2 states.
 *
 * RANKFOLD-RUN: -np 2 => ok states=2 transitions=2 executions=1 revisits=1
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-non-symmetric-put-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

static int remote_value = 0;

int main(void) {
    shmem_init();
    shmem_int_p(&remote_value, 1 + shmem_my_pe(), (shmem_my_pe() + 1) % shmem_n_pes());
    shmem_barrier_all();
    printf("PE %d: %d\n", shmem_my_pe(), remote_value);
    shmem_finalize();
    return 0;
}
