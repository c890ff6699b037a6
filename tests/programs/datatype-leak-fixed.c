/* Title: the fixed twin of datatype-leak: the vector type is freed after use.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, a[6] = {1, 2, 3, 4, 5, 6}, b[3] = {0, 0, 0};
    MPI_Datatype every_other;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_vector(3, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    MPI_Sendrecv(a, 1, every_other, 1 - rank, 0, b, 3, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    MPI_Type_free(&every_other);
    printf("rank %d got %d %d %d\n", rank, b[0], b[1], b[2]);
    MPI_Finalize();
    return 0;
}
