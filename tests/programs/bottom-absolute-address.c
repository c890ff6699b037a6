/* MPI_BOTTOM with a relative datatype: as bottom-absolute-address-fixed, but rank 0 sends
 * MPI_BOTTOM with MPI_INT, whose displacement is relative (0): the data would be read at
 * address zero. MPI_BOTTOM is only a base for absolute addresses (MPI 3.1 §4.1.5).
 *
 * RANKFOLD-RUN: -np 2 => usage:null-buffer states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, count = 7;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Send(MPI_BOTTOM, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); /* ERROR */
    } else if (rank == 1) {
        MPI_Recv(&count, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("received %d\n", count);
    }
    MPI_Finalize();
    return 0;
}
