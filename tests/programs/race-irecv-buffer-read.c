/* Irecv buffer read too early: rank 1 reads the value it is receiving before MPI_Wait.
 * MPI 4.0 §3.7.2: the buffer of a pending receive may be neither read nor written until the
 * receive completes; the read may see the old value or the new one.
 *
 * RANKFOLD-RUN: -np 2 => race:local-buffer states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

double value;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        value = 2.5;
        MPI_Send(&value, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request request;
        MPI_Irecv(&value, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &request); /* ERROR */
        double early = value; /* ERROR */
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        printf("rank 1: early %g, value %g\n", early, value);
    }
    MPI_Finalize();
    return 0;
}
