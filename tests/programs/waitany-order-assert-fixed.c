/* Waitany order assertion, fixed: rank 0 handles whichever request MPI_Waitany returns and
 * then waits for the other one. It keeps the index Waitany returned in a global, so the two
 * picks end in different final states: executions=2.
 *
 * RANKFOLD-RUN: -np 3 => ok states=3 transitions=2 executions=2 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => ok states=3 transitions=2 executions=2 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering both => ok states=8 transitions=11 executions=2 revisits=4
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int first; /* the index MPI_Waitany returned */

int main(int argc, char** argv) {
    int rank, v[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request reqs[2];
        MPI_Irecv(&v[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&v[1], 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &reqs[1]);
        MPI_Waitany(2, reqs, &first, MPI_STATUS_IGNORE);
        assert(first == 0 || first == 1);
        assert(v[first] == 10 * (first + 1));
        MPI_Wait(&reqs[1 - first], MPI_STATUS_IGNORE);
        printf("rank 0: got %d and %d\n", v[0], v[1]);
    } else {
        v[0] = 10 * rank;
        MPI_Send(&v[0], 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
