/* Title: a wildcard receiver that assumes another rank's MPI_Cancel succeeded.
 * As cancel-wildcard-fixed, but rank 2 never asks: it takes one tag-0 message with
 * MPI_ANY_SOURCE and asserts it is rank 1's, as if rank 0's cancelled send could not arrive.
 * The cancel may fail and the wildcard receive take rank 0's message: the search finds it. A
 * single run takes rank 0's cancel first and passes.
 *
 * RANKFOLD-RUN: -np 3 => assertion states=3 transitions=3 executions=2 revisits=0
 * RANKFOLD-RUN: -np 3 --single-run => ok
 * RANKFOLD-NO-DIFF: a bugged program (which message arrives depends on the run)
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, value;
    MPI_Request r;
    MPI_Status s;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        value = 10;
        MPI_Isend(&value, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &r);
        MPI_Cancel(&r);
        MPI_Request_free(&r); /* never asks whether the cancel succeeded */
    } else if (rank == 1) {
        value = 11;
        MPI_Send(&value, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
    } else if (rank == 2) {
        MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &s);
        assert(s.MPI_SOURCE == 1 && value == 11);
        printf("rank 2 got rank 1's message\n");
    }
    MPI_Finalize();
    return 0;
}
