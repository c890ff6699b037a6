/* Contract (OpenSHMEM, with arguments): each PE resets its flags[0], then waits on flags[1],
 * which it never reset (contract-shmem-wait-reset.contracts). The other PE adds 1 to both, so the
 * program ends either way; the rule is what catches the wait on the stale flag. Without the
 * arguments of the atomics and the wait, the reset of flags[0] would satisfy the rule.
 *
 * RANKFOLD-RUN: -np 2 --contracts %S/contract-shmem-wait-reset.contracts => contract states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 => ok states=17 transitions=32 executions=1 revisits=16
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
    shmem_int_wait_until(&flags[1], SHMEM_CMP_EQ, 1); /* ERROR */
    shmem_barrier_all();
    if (me == 0) printf("flags set\n");
    shmem_finalize();
    return 0;
}
