/* Two pending receives into interleaved cells: the fixed twin of race-irecv-overlap.c.
 * Rank 1 receives the even cells and the odd cells of one array at once, each through a
 * vector datatype of stride 2. The two buffers' spans overlap but their bytes do not: the
 * check must use the datatypes' typemaps, not [buf, buf + extent).
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int cells[8];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int a[4] = {0, 2, 4, 6}, b[4] = {1, 3, 5, 7};
        MPI_Send(a, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Send(b, 4, MPI_INT, 1, 1, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Datatype every_other;
        MPI_Type_vector(4, 1, 2, MPI_INT, &every_other);
        MPI_Type_commit(&every_other);
        MPI_Request requests[2];
        MPI_Irecv(&cells[0], 1, every_other, 0, 0, MPI_COMM_WORLD, &requests[0]);
        MPI_Irecv(&cells[1], 1, every_other, 0, 1, MPI_COMM_WORLD, &requests[1]);
        MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
        MPI_Type_free(&every_other);
        printf("rank 1: %d %d %d %d %d %d %d %d\n", cells[0], cells[1], cells[2], cells[3],
               cells[4], cells[5], cells[6], cells[7]);
    }
    MPI_Finalize();
    return 0;
}
