/* Uncommitted datatype, fixed: the derived type is committed before it is used.
 * The twin of uncommitted-datatype.c, which must be reported; this one must not.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, point[3] = {0, 0, 0};
    MPI_Datatype point_type;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_contiguous(3, MPI_INT, &point_type);
    MPI_Type_commit(&point_type);
    if (rank == 0) {
        point[0] = 1, point[1] = 2, point[2] = 3;
        MPI_Send(point, 1, point_type, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(point, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 1: point (%d, %d, %d)\n", point[0], point[1], point[2]);
    }
    MPI_Type_free(&point_type);
    MPI_Finalize();
    return 0;
}
