/* Nonblocking collective buffer read too early: every rank starts MPI_Iallreduce and reads the
 * result before MPI_Wait. Until the wait returns, the receive buffer of a nonblocking collective
 * belongs to MPI (MPI 4.0 §6.12); the read may see the old value on some ranks.
 *
 * RANKFOLD-RUN: -np 3 => race:local-buffer states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int mine, total;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    mine = rank + 1;
    MPI_Request request;
    MPI_Iallreduce(&mine, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &request); /* ERROR */
    const int early = total; /* ERROR */
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    printf("rank %d: total %d (early %d)\n", rank, total, early);
    MPI_Finalize();
    return 0;
}
