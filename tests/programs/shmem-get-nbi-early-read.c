/* Title: the destination of a nonblocking get is read before shmem_quiet (OpenSHMEM, contract:
 * predefined class shmem-local-data-race). Until the get completes `halo` may hold old data;
 * the sum printed may mix old and new values on a real implementation.
 *
 * RANKFOLD-RUN: -np 2 => contract states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>
#include <stdio.h>

static long edge[2];
static long halo[2];

int main(void) {
    shmem_init();
    const int me = shmem_my_pe(), left = (me + shmem_n_pes() - 1) % shmem_n_pes();
    edge[0] = 10 * me;
    edge[1] = 10 * me + 1;
    shmem_barrier_all();
    shmem_long_get_nbi(halo, edge, 2, left);
    long sum = halo[0] + halo[1]; /* ERROR */
    shmem_quiet();
    printf("PE %d: %ld\n", me, sum);
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
