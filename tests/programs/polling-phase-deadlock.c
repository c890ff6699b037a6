/* Polling deadlock round a cycle of states: ranks 0 and 1 each post a receive from the other
 * and poll it with MPI_Test, flipping `phase` at each poll (a loop that alternates two kinds of
 * background work) until it completes. Neither sends: each was meant to send its value before
 * polling. No poll comes back to the state it was taken in, since each "not yet" moves its
 * rank to the other phase, so the ranks go round four states for ever; nothing else can
 * happen in any of them, which is a deadlock although no rank ever blocks. (--check-termination
 * reports it as the deadlock too: a cycle of "not yet" alone is not a non-termination.)
 *
 * RANKFOLD-RUN: -np 2 => deadlock states=4 transitions=8 executions=1 revisits=5
 * RANKFOLD-RUN: -np 2 --keep-going => deadlock states=4 transitions=8 executions=1 revisits=5
 * RANKFOLD-RUN: -np 2 --reduction source => deadlock states=4 transitions=8 executions=1 revisits=5
 * RANKFOLD-RUN: -np 2 --no-reduction => deadlock states=4 transitions=8 executions=1 revisits=5
 * RANKFOLD-RUN: -np 2 --check-termination => deadlock states=4 transitions=8 executions=1 revisits=5
 * A single run ends there too, once its polls come back to a state and the states around it
 * offer nothing but polls:
 * RANKFOLD-RUN: -np 2 --single-run => deadlock
 * RANKFOLD-RUN: -np 2 --seed 7 => deadlock
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, mine, theirs = 0, flag = 0, phase = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    mine = 10 + rank;
    MPI_Irecv(&theirs, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &req);
    /* the bug: MPI_Send(&mine, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD) belongs here, after
     * the receive is posted (zero buffering) */
    while (!flag) {
        MPI_Test(&req, &flag, MPI_STATUS_IGNORE); /* ERROR */
        phase = 1 - phase;
    }
    printf("rank %d: got %d (mine %d) in phase %d\n", rank, theirs, mine, phase);
    MPI_Finalize();
    return 0;
}
