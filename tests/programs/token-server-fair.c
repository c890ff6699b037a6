/* Title: the token server of token-server-starvation.c, fixed: no rank borrows twice in a row
 * while the work is not done. After a loan that did not get rank 2's work done, rank 0 takes rank
 * 2's request next (a receive from rank 2, not from any rank), so every run ends: no cycle of
 * states, under --check-termination as under --check-progress.
 *
 * RANKFOLD-RUN: -np 3 => ok states=7 transitions=9 executions=1 revisits=3
 * RANKFOLD-RUN: -np 3 --check-termination => ok states=7 transitions=9 executions=1 revisits=3
 * RANKFOLD-RUN: -np 3 --check-progress => ok states=7 transitions=9 executions=1 revisits=3
 */
#include <mpi.h>
#include <stdio.h>
#ifdef RANKFOLD
#include <rankfold.h>
#else
#define rankfold_progress() ((void)0)
#endif

enum { ASK = 1, DONE = 2, TAG_REQUEST = 0, TAG_TOKEN = 1 };

int work_done; /* rank 0: whether rank 2 has worked; the token carries it */

static void serve(void) {
    int finished = 0, turn_of_2 = 0;
    while (finished < 2) {
        int message;
        MPI_Status status;
        /* After a loan that did not get the work done, the next one is rank 2's. */
        MPI_Recv(&message, 1, MPI_INT, turn_of_2 ? 2 : MPI_ANY_SOURCE, TAG_REQUEST, MPI_COMM_WORLD,
                 &status);
        if (message == DONE) {
            ++finished;
            continue;
        }
        const int borrower = status.MPI_SOURCE;
        MPI_Send(&work_done, 1, MPI_INT, borrower, TAG_TOKEN, MPI_COMM_WORLD);
        MPI_Recv(&work_done, 1, MPI_INT, borrower, TAG_TOKEN, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        turn_of_2 = !work_done;
    }
    printf("rank 0: work done %d\n", work_done);
}

static void borrow(int rank) {
    const int ask = ASK, done = DONE;
    int token = 0;
    do {
        MPI_Send(&ask, 1, MPI_INT, 0, TAG_REQUEST, MPI_COMM_WORLD);
        MPI_Recv(&token, 1, MPI_INT, 0, TAG_TOKEN, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (rank == 2) { /* the work the token is for */
            rankfold_progress();
            token = 1;
        }
        MPI_Send(&token, 1, MPI_INT, 0, TAG_TOKEN, MPI_COMM_WORLD);
    } while (token == 0);
    MPI_Send(&done, 1, MPI_INT, 0, TAG_REQUEST, MPI_COMM_WORLD);
}

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        serve();
    else
        borrow(rank);
    MPI_Finalize();
    return 0;
}
