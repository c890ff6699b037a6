/* Point-to-point throughput: rank 0 streams N small messages to rank 1 (blocking Send/Recv).
 * Usage: p2p_stream [N]  (default 1000000). Prints the messages per second it measured in
 * wall-clock time, so the same binary built with mpicc gives the figure for real MPICH.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    int value = 0;
    double start = now();
    for (long i = 0; i < n; ++i) {
        if (rank == 0) {
            value = (int)i;
            MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        } else {
            MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    }
    double seconds = now() - start;
    if (rank == 1) printf("messages=%ld seconds=%.3f messages_per_second=%.0f\n", n, seconds, n / seconds);
    MPI_Finalize();
    return 0;
}
