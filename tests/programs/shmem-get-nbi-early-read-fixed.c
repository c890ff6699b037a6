/* Title: the destination of a nonblocking get is read after shmem_quiet (OpenSHMEM, fixed twin
 * of shmem-get-nbi-early-read.c).
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-get-nbi-early-read-fixed.expected
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
    shmem_quiet();
    long sum = halo[0] + halo[1];
    printf("PE %d: %ld\n", me, sum);
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
