/* Title: a program that assumes its MPI_Cancel of a send succeeded.
 * Rank 0 sends 1 with MPI_Isend, changes its mind, cancels the send and sends 2 instead,
 * never asking MPI_Test_cancelled. Rank 1 has its receive posted all along and asserts that it
 * gets the replacement. MPI lets a cancel fail while the send can still match (MPI 4.0
 * §3.8.4): then rank 1 gets 1 and the assertion fails (also when the send is buffered). The search tries both outcomes of the
 * cancel; a single run (which takes rank 0's choice, the cancel, first) passes.
 * Counts: the one choice between the cancel and rank 1's match of the first message.
 *
 * RANKFOLD-RUN: -np 2 => assertion states=2 transitions=2 executions=2 revisits=0
 * RANKFOLD-RUN: -np 2 --single-run => ok
 * RANKFOLD-RUN: -np 2 --buffering infinite => assertion states=2 transitions=2 executions=2 revisits=0
 * RANKFOLD-NO-DIFF: a bugged program (whether the cancel succeeds depends on the run)
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, first = 1, second = 2, got = 0;
    MPI_Request r;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Isend(&first, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
        MPI_Cancel(&r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        MPI_Send(&second, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); /* wrong if the cancel failed */
    } else {
        MPI_Recv(&got, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(got == 2);
        printf("rank 1 got %d\n", got);
    }
    MPI_Finalize();
    return 0;
}
