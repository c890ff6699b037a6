/* Wtime monotonic: MPI_Wtime never goes backwards and MPI_Wtick is positive.
 * Each rank reads the clock before, during and after a ring exchange and checks the readings
 * never decrease. Only the verdict of the check is printed, never a time.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, got;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    double t0 = MPI_Wtime();
    MPI_Sendrecv(&rank, 1, MPI_INT, right, 0, &got, 1, MPI_INT, left, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    double t1 = MPI_Wtime();
    MPI_Sendrecv(&rank, 1, MPI_INT, left, 1, &got, 1, MPI_INT, right, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    double t2 = MPI_Wtime();
    assert(t0 <= t1 && t1 <= t2);
    assert(MPI_Wtick() > 0.0);
    printf("rank %d: wtime is monotonic\n", rank);
    MPI_Finalize();
    return 0;
}
