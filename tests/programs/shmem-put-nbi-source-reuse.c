/* Title: the source of a nonblocking put is refilled before shmem_quiet (OpenSHMEM, contract:
 * predefined class shmem-local-data-race). shmem_int_put_nbi may read `row` at any time until
 * the put completes, so the next row written into it may be what arrives. Rankfold's simulated
 * put copies at the call, so the output looks right: only the contract tells.
 * The states are the landings of the two puts, choices while the other PE fills its own rows.
 *
 * RANKFOLD-RUN: -np 2 => contract states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --contracts-predefined mpi => ok states=11 transitions=20 executions=1 revisits=10
 */
#include <shmem.h>
#include <stdio.h>

static int inbox[2][4];
static int row[4];

int main(void) {
    shmem_init();
    const int me = shmem_my_pe(), right = (me + 1) % shmem_n_pes();
    for (int r = 0; r < 2; ++r) {
        for (int i = 0; i < 4; ++i) row[i] = 100 * me + 10 * r + i; /* ERROR */
        shmem_int_put_nbi(inbox[r], row, 4, right);
    }
    shmem_quiet();
    shmem_barrier_all();
    printf("PE %d: %d %d\n", me, inbox[0][3], inbox[1][3]);
    shmem_finalize();
    return 0;
}
