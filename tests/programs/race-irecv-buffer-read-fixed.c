/* Irecv buffer read after the wait: the fixed twin of race-irecv-buffer-read.c.
 * Rank 1 computes on other memory while the receive is pending and reads the value only once
 * MPI_Wait has returned.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

double value;
double other = 1.5;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        value = 2.5;
        MPI_Send(&value, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request request;
        MPI_Irecv(&value, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &request);
        other = other * 2;
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        printf("rank 1: other %g, value %g\n", other, value);
    }
    MPI_Finalize();
    return 0;
}
