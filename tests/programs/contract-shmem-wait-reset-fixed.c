/* Contract (OpenSHMEM, with arguments), fixed: each PE resets its flags[0] and waits on it;
 * the other PE adds 1 to it (contract-shmem-wait-reset.contracts holds). The twin of
 * contract-shmem-wait-reset.c, which waits on flags[1], never reset.
 *
 * RANKFOLD-RUN: -np 2 --contracts %S/contract-shmem-wait-reset.contracts => ok states=23 transitions=56 executions=1 revisits=34
 * RANKFOLD-RUN: -np 2 => ok states=23 transitions=56 executions=1 revisits=34
 * RANKFOLD-EXPECTED-OUTPUT: %S/contract-shmem-wait-reset-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

int flags[2];

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    const int other = 1 - me;
    shmem_int_atomic_set(&flags[0], 0, me);
    shmem_barrier_all();
    shmem_int_atomic_add(&flags[0], 1, other);
    shmem_int_atomic_add(&flags[1], 1, other);
    shmem_int_wait_until(&flags[0], SHMEM_CMP_EQ, 1);
    shmem_barrier_all();
    if (me == 0) printf("flags set\n");
    shmem_finalize();
    return 0;
}
