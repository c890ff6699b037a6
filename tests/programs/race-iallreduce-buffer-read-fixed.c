/* Nonblocking collective overlapped with computation: the fixed twin of
 * race-iallreduce-buffer-read.c. While MPI_Iallreduce is pending, each rank reads its send
 * buffer (allowed: the operation only reads it) and works on other data; it reads the result
 * after MPI_Wait.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int mine, total, other;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    mine = rank + 1;
    MPI_Request request;
    MPI_Iallreduce(&mine, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &request);
    other = 2 * mine;
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    printf("rank %d: total %d, other %d\n", rank, total, other);
    MPI_Finalize();
    return 0;
}
