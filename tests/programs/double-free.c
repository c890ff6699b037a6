/* Double free: rank 1 frees the buffer it received into twice.
 * The second free() is a heap error of rank 1, reported at the line of that call; the other
 * ranks are fine. Its fixed twin is double-free-fixed.c.
 *
 * RANKFOLD-RUN: -np 2 => heap-error states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => heap-error states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int* data = malloc(4 * sizeof(int));
    if (rank == 0) {
        for (int i = 0; i < 4; ++i) data[i] = i;
        MPI_Send(data, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(data, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        free(data);
    }
    free(data); /* ERROR */
    MPI_Finalize();
    return 0;
}
