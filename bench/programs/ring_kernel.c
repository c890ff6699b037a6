/* Ring with a computational kernel: 4 ranks in a ring exchange halos with both neighbours each
 * iteration (MPI_Irecv x2, MPI_Isend x2, MPI_Waitall), then run a 3-point stencil over a 64 KiB
 * array with the halos at its ends.
 *
 * The receives use MPI_ANY_SOURCE (the halo is placed by status.MPI_SOURCE afterwards), so each
 * rank's first receive may take either neighbour's message: a choice per rank and iteration.
 * The choices of different ranks are independent, which is what sleep-set reduction prunes;
 * both outcomes put the same halos in place, which is what state matching merges. What the run
 * measures is the cost per state: every state holds 4 x 128 KiB of arrays that all change each
 * iteration (snapshot size, page sharing, hashing), and the kernel runs between MPI calls (how
 * fast a rank computes up to its next MPI call, the "closure").
 * Usage: ring_kernel [ITERATIONS]  (default 4), run with -np 4.
 */
#include <mpi.h>
#include <stdlib.h>

#define N (64 * 1024 / sizeof(double)) /* 64 KiB per array */
double a[N], b[N];
double halo_left, halo_right;

static void stencil(void) {
    b[0] = (halo_left + a[0] + a[1]) / 3.0;
    for (size_t i = 1; i + 1 < N; ++i) b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
    b[N - 1] = (a[N - 2] + a[N - 1] + halo_right) / 3.0;
    for (size_t i = 0; i < N; ++i) a[i] = b[i];
}

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iterations = argc > 1 ? atoi(argv[1]) : 4;
    for (size_t i = 0; i < N; ++i) a[i] = rank + (double)i / N;
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    for (int it = 0; it < iterations; ++it) {
        double out[2] = {a[0], a[N - 1]}, in[2];
        MPI_Request requests[4];
        MPI_Status statuses[4];
        MPI_Irecv(&in[0], 1, MPI_DOUBLE, MPI_ANY_SOURCE, it, MPI_COMM_WORLD, &requests[0]);
        MPI_Irecv(&in[1], 1, MPI_DOUBLE, MPI_ANY_SOURCE, it, MPI_COMM_WORLD, &requests[1]);
        MPI_Isend(&out[0], 1, MPI_DOUBLE, left, it, MPI_COMM_WORLD, &requests[2]);
        MPI_Isend(&out[1], 1, MPI_DOUBLE, right, it, MPI_COMM_WORLD, &requests[3]);
        MPI_Waitall(4, requests, statuses);
        for (int k = 0; k < 2; ++k) {
            if (statuses[k].MPI_SOURCE == left) halo_left = in[k];
            else halo_right = in[k];
        }
        stencil();
    }
    MPI_Finalize();
    return 0;
}
