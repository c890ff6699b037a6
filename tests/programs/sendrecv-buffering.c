/* Title: the send half of MPI_Sendrecv may be buffered.
 * Rank 0's MPI_Sendrecv sends to rank 2, then rank 0 tells rank 1 to go, and rank 1 sends to
 * rank 2 too. If the Sendrecv's standard send is buffered (eager, as in MPICH for small
 * messages), rank 2's first wildcard receive can take rank 1's message: the assertion fails.
 * With --buffering zero the Sendrecv cannot return before rank 2 took its message.
 *
 * RANKFOLD-RUN: -np 3 --buffering both => assertion states=11 transitions=14 executions=2 revisits=3
 * RANKFOLD-RUN: -np 3 --buffering infinite => assertion states=4 transitions=4 executions=2 revisits=0
 * RANKFOLD-RUN: -np 3 => ok states=3 transitions=2 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: MPICH's eager sends make the failure depend on timing
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
int main(int argc, char** argv) {
    int rank, x = 1, y = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Sendrecv(&x, 1, MPI_INT, 2, 0, &y, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
    } else if (rank == 2) {
        MPI_Status st;
        MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
        int first = st.MPI_SOURCE;
        MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
        assert(first == 0); /* ERROR */
    }
    MPI_Finalize();
    return 0;
}
