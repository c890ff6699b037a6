/* Polling for ever with a counter: ranks 0 and 1 each post a receive from the other and poll
 * it with MPI_Test, counting the polls in `polls` (printed at the end). Neither sends, so the
 * polls never end; but every poll is a new state, so no search sees a state again and none can
 * tell this from a loop that will stop: the search runs until --max-states, a single run until
 * --time-limit or --max-depth, and each reports the limit (exit status 3), not a deadlock.
 *
 * RANKFOLD-RUN: -np 2 --max-states 60 => limit states=60 transitions=59 executions=0 revisits=0
 * RANKFOLD-RUN: -np 2 --single-run --time-limit 2 => limit
 * RANKFOLD-RUN: -np 2 --seed 5 --time-limit 2 => limit
 * RANKFOLD-RUN: -np 2 --single-run --max-depth 500 => limit
 * RANKFOLD-RUN: -np 2 --single-run --max-states 300 => limit
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, theirs = 0, flag = 0;
    long polls = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Irecv(&theirs, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &req);
    while (!flag) {
        MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        ++polls;
    }
    printf("rank %d: got %d after %ld polls\n", rank, theirs, polls);
    MPI_Finalize();
    return 0;
}
