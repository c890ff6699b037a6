/* Collective mismatch, fixed: one MPI_Bcast per root, in the same order on every rank.
 * To share every rank's value, the ranks call MPI_Bcast once for each root r = 0..size-1; all
 * of them pass the same root to each call.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, values[8];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int r = 0; r < size && r < 8; r++) {
        values[r] = r == rank ? 100 + rank : -1;
        MPI_Bcast(&values[r], 1, MPI_INT, r, MPI_COMM_WORLD);
    }
    printf("rank %d: values %d %d\n", rank, values[0], values[1]);
    MPI_Finalize();
    return 0;
}
