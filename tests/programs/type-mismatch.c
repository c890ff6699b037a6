/* Type mismatch: rank 0 sends ints and rank 1 receives them as floats.
 * The byte counts agree, so MPI implementations deliver the bits and rank 1 computes with
 * garbage; MPI requires the receiver's type signature to match the sender's (MPI 3.1 §3.3.1).
 * The twin type-mismatch-fixed.c receives MPI_INT.
 *
 * RANKFOLD-RUN: -np 2 => usage:type-mismatch states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite => usage:type-mismatch states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int counts[4] = {1, 2, 3, 4};
        MPI_Send(counts, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        float values[4];
        MPI_Recv(values, 4, MPI_FLOAT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* ERROR */
        printf("rank 1: sum %g\n", values[0] + values[1] + values[2] + values[3]);
    }
    MPI_Finalize();
    return 0;
}
