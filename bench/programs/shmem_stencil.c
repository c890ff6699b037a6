/* 1-D three-point stencil over OpenSHMEM: each PE owns CELLS cells of a ring-shaped rod; every
 * iteration it puts its edge cells into its neighbours' halo cells, waits at a barrier, and
 * averages. Each put lands as a choice while its target may run code before the barrier that
 * completes it: one final state, about 100 states per iteration (50 with --no-races).
 * Usage: shmem_stencil [iterations] */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#define CELLS 64

static double rod[CELLS + 2]; /* halo cells at 0 and CELLS + 1 */
static double next[CELLS + 2];

int main(int argc, char** argv) {
    const int iterations = argc > 1 ? atoi(argv[1]) : 10;
    shmem_init();
    const int me = shmem_my_pe();
    const int n = shmem_n_pes();
    for (int i = 1; i <= CELLS; ++i) rod[i] = (me == 0 && i == 1) ? 1000.0 : 0.0;
    shmem_barrier_all();
    for (int it = 0; it < iterations; ++it) {
        shmem_double_put(&rod[CELLS + 1], &rod[1], 1, (me + n - 1) % n);
        shmem_double_put(&rod[0], &rod[CELLS], 1, (me + 1) % n);
        shmem_barrier_all();
        for (int i = 1; i <= CELLS; ++i) next[i] = (rod[i - 1] + rod[i] + rod[i + 1]) / 3.0;
        shmem_barrier_all(); /* nobody overwrites a halo before its owner has read it */
        for (int i = 1; i <= CELLS; ++i) rod[i] = next[i];
    }
    double sum = 0;
    for (int i = 1; i <= CELLS; ++i) sum += rod[i];
    if (me == 0) printf("PE 0 holds %.3f of the heat after %d iterations\n", sum, iterations);
    shmem_finalize();
    return 0;
}
