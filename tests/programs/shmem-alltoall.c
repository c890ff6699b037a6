/* Title: an all-to-all exchange, plain and strided, on the world (OpenSHMEM collectives).
 * PE i sends 10 * i + j to PE j; so PE j receives 10 * i + j from each PE i, in PE order.
 * The strided form sends every second element of a source of 100 + 10 * i + k and places
 * what it gets every third element of a zeroed dest. By hand, at 3 PEs: PE j gets j, 10 + j,
 * 20 + j; strided, PE j gets 100 + 10 * i + 2 * j at dest[3 * i] (the rest stays 0).
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-alltoall.expected
 */
#include <shmem.h>
#include <stdio.h>

static int source[8], dest[8];
static long wide_source[16], wide_dest[16];

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    const int n = shmem_n_pes();
    for (int j = 0; j < n; ++j) source[j] = 10 * me + j;
    shmem_int_alltoall(SHMEM_TEAM_WORLD, dest, source, 1);
    for (int k = 0; k < 16; ++k) wide_source[k] = 100 + 10 * me + k;
    shmem_long_alltoalls(SHMEM_TEAM_WORLD, wide_dest, wide_source, 3, 2, 1);
    printf("PE %d: got %d %d %d, strided %ld %ld %ld %ld %ld %ld %ld\n", me, dest[0], dest[1],
           dest[2], wide_dest[0], wide_dest[1], wide_dest[2], wide_dest[3], wide_dest[4],
           wide_dest[5], wide_dest[6]);
    shmem_finalize();
    return 0;
}
