/* Two pending receives into overlapping buffers: rank 1 posts a receive into cells 0..3 and,
 * while it is pending, a second one into cells 2..5. Both write cells 2 and 3, in an order MPI
 * does not define.
 *
 * RANKFOLD-RUN: -np 2 => race:local-buffer states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int cells[6];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8};
        MPI_Send(a, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Send(b, 4, MPI_INT, 1, 1, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request requests[2];
        MPI_Irecv(&cells[0], 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &requests[0]); /* ERROR */
        MPI_Irecv(&cells[2], 4, MPI_INT, 0, 1, MPI_COMM_WORLD, &requests[1]); /* ERROR */
        MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
        printf("rank 1: %d %d %d %d %d %d\n", cells[0], cells[1], cells[2], cells[3], cells[4],
               cells[5]);
    }
    MPI_Finalize();
    return 0;
}
