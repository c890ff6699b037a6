/* Title: a token server that can hand its token to one rank for ever while another starves.
 * Rank 0 lends a token to whichever rank asks first (MPI_ANY_SOURCE). Rank 1 only waits for rank
 * 2's work: it borrows the token, sees the work is not done, gives it back and asks again; rank 2
 * borrows it once, works (rankfold_progress) and is done. Nothing makes rank 0 ever take rank 2's
 * request: matching rank 1 each time comes back to the same state, a cycle that never passes the
 * progress mark (non-progress) and a run that need not end (non-termination). Each such run
 * visits states the search has seen, so without the checks the search ends (ok). With the
 * argument mark-every-loan rank 0 also marks progress on every loan, and no cycle is then
 * without progress (--check-progress ok), though it still need not end.
 *
 * RANKFOLD-RUN: -np 3 => ok states=8 transitions=11 executions=1 revisits=4
 * RANKFOLD-RUN: -np 3 --check-termination => non-termination states=2 transitions=2 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --check-progress => non-progress:cycle states=2 transitions=2 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --check-progress -- mark-every-loan => ok states=8 transitions=11 executions=1 revisits=4
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#ifdef RANKFOLD
#include <rankfold.h>
#else
#define rankfold_progress() ((void)0)
#endif

enum { ASK = 1, DONE = 2, TAG_REQUEST = 0, TAG_TOKEN = 1 };

int work_done; /* rank 0: whether rank 2 has worked; the token carries it */

static void serve(int mark_every_loan) {
    int finished = 0;
    while (finished < 2) {
        int message;
        MPI_Status status;
        MPI_Recv(&message, 1, MPI_INT, MPI_ANY_SOURCE, TAG_REQUEST, MPI_COMM_WORLD, &status);
        if (message == DONE) {
            ++finished;
            continue;
        }
        const int borrower = status.MPI_SOURCE;
        MPI_Send(&work_done, 1, MPI_INT, borrower, TAG_TOKEN, MPI_COMM_WORLD); /* ERROR */
        MPI_Recv(&work_done, 1, MPI_INT, borrower, TAG_TOKEN, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (mark_every_loan) rankfold_progress();
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
        serve(argc > 1 && strcmp(argv[1], "mark-every-loan") == 0);
    else
        borrow(rank);
    MPI_Finalize();
    return 0;
}
