/* Uncommitted datatype: rank 0 builds a derived type and sends with it without committing it.
 * MPI requires MPI_Type_commit before a derived type is used for communication (MPI 3.1
 * §4.1.9); some implementations happen to work anyway, others fail. The twin
 * uncommitted-datatype-fixed.c commits it.
 *
 * RANKFOLD-RUN: -np 2 => usage:uncommitted-datatype states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, point[3] = {0, 0, 0};
    MPI_Datatype point_type;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_contiguous(3, MPI_INT, &point_type);
    if (rank == 0) {
        point[0] = 1, point[1] = 2, point[2] = 3;
        MPI_Send(point, 1, point_type, 1, 0, MPI_COMM_WORLD); /* ERROR */
    } else if (rank == 1) {
        MPI_Recv(point, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 1: point (%d, %d, %d)\n", point[0], point[1], point[2]);
    }
    MPI_Type_free(&point_type);
    MPI_Finalize();
    return 0;
}
