/* A long counterexample for the HTML report's test: 16 ranks exchange around a ring 15 times
 * (an allreduce every fifth round), then rank 0 waits for a message nobody sends. Some 560
 * steps: the page must fold the stretches without a choice and still draw 16 lanes.
 */
#include <mpi.h>
int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank, size, v = 0, w = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 0; i < 15; ++i) {
        MPI_Sendrecv(&v, 1, MPI_INT, (rank + 1) % size, 0, &w, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (i % 5 == 0) MPI_Allreduce(&w, &v, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
    if (rank == 0) MPI_Recv(&w, 1, MPI_INT, MPI_ANY_SOURCE, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
