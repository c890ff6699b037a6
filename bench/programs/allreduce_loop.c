/* Collective throughput: every rank calls MPI_Allreduce (one int, MPI_SUM) N times in a row.
 * Usage: allreduce_loop [N]  (default 1000), run with -np 4. There is nothing to choose (no
 * wildcard, no test), so the default exploration runs the same single execution as
 * --single-run, entirely before its first choice: the whole run is the search's prologue, and
 * the report's explore_seconds (the search after it) stays near 0 while stats.seconds holds
 * it. Comparing the two modes' stats.seconds for several N separates the exploration's fixed
 * set-up cost from its cost per call. Rank 0 prints the total of the results and the total
 * expected, N * np(np+1)/2, so a wrong reduction shows.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long n = argc > 1 ? atol(argv[1]) : 1000;
    long total = 0;
    for (long i = 0; i < n; ++i) {
        int mine = rank + 1, sum = 0;
        MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        total += sum;
    }
    if (rank == 0)
        printf("allreduces=%ld total=%ld expected=%ld\n", n, total,
               n * (long)size * (size + 1) / 2);
    MPI_Finalize();
    return 0;
}
