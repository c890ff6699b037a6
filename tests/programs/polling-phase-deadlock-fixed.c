/* Polling round a cycle of states, fixed: ranks 0 and 1 each post a receive from the other,
 * start the send of their own value, and poll the receive with MPI_Test, flipping `phase` at
 * each poll. Each poll's "not yet" moves to the other phase, as in the bug; here the other
 * rank's send can always come, so no region of polls is closed: no deadlock.
 *
 * RANKFOLD-RUN: -np 2 => ok states=9 transitions=16 executions=1 revisits=8
 * RANKFOLD-RUN: -np 2 --reduction source => ok states=9 transitions=16 executions=1 revisits=8
 * RANKFOLD-RUN: -np 2 --no-reduction => ok states=9 transitions=24 executions=1 revisits=16
 * RANKFOLD-RUN: -np 2 --check-termination => ok states=9 transitions=16 executions=1 revisits=8
 * RANKFOLD-RUN: -np 2 --single-run => ok
 * RANKFOLD-RUN: -np 2 --seed 7 => ok
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, mine, theirs = 0, flag = 0, phase = 0;
    MPI_Request req, sent;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    mine = 10 + rank;
    MPI_Irecv(&theirs, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &req);
    MPI_Isend(&mine, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &sent);
    while (!flag) {
        MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        phase = 1 - phase;
    }
    MPI_Wait(&sent, MPI_STATUS_IGNORE);
    printf("rank %d: got %d (mine %d)\n", rank, theirs, mine);
    /* The phase goes to stderr, which the differential test does not compare: how many polls
     * say "not yet" depends on the timing of a real run. It stays live until here, as the
     * states counted above assume. */
    fprintf(stderr, "rank %d: in phase %d\n", rank, phase);
    MPI_Finalize();
    return 0;
}
