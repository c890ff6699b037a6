/* Title: each kind of cancellable request, with both outcomes of its cancel checked.
 * Three rounds between two ranks; in each one operation is cancelled while its partner's
 * operation could still match it, the owner asks MPI_Test_cancelled and tells the partner,
 * who then cancels (or completes) its own side:
 *   1. rank 0's MPI_Issend against rank 1's posted MPI_Irecv;
 *   2. rank 1's MPI_Irecv against rank 0's pending MPI_Issend;
 *   3. rank 0's persistent send (MPI_Send_init, MPI_Start) against rank 1's persistent
 *      receive (MPI_Recv_init, MPI_Start).
 * A cancel that succeeded leaves the partner's side with no match: its cancel then must
 * succeed too (asserted). One that failed moved the data (asserted). With more ranks, each
 * pair (2k, 2k+1) does the same, independently of the others.
 * Counts: two outcomes per round, and a forced cancel of the partner's side after a
 * successful one; the two ends of each round are the same state (3 revisits).
 *
 * RANKFOLD-RUN: -np 2 => ok states=7 transitions=9 executions=1 revisits=3
 * RANKFOLD-RUN: -np 2 --reduction source => ok states=7 transitions=9 executions=1 revisits=3
 * RANKFOLD-RUN: -np 4 => ok states=49 transitions=72 executions=1 revisits=24
 * RANKFOLD-NO-DIFF: MPICH 4.0.2 hangs in the MPI_Wait after cancelling round 2's unmatched MPI_Issend
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

/* The owner's side: cancel `r`, wait, and tell the partner whether it was cancelled. */
static int cancel_and_tell(MPI_Request* r, int partner, int tag) {
    MPI_Status s;
    int cancelled = 0;
    MPI_Cancel(r);
    MPI_Wait(r, &s);
    MPI_Test_cancelled(&s, &cancelled);
    MPI_Send(&cancelled, 1, MPI_INT, partner, tag, MPI_COMM_WORLD);
    return cancelled;
}

/* The partner's side: learn the owner's outcome; if cancelled, its own side cannot match and
 * its cancel must succeed; otherwise it completes normally. */
static void follow(MPI_Request* r, int owner, int tag) {
    MPI_Status s;
    int owner_cancelled = 0, cancelled = 0;
    MPI_Recv(&owner_cancelled, 1, MPI_INT, owner, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (owner_cancelled) MPI_Cancel(r);
    MPI_Wait(r, &s);
    MPI_Test_cancelled(&s, &cancelled);
    assert(cancelled == owner_cancelled);
}

int main(int argc, char** argv) {
    int rank, size, out = 7, in = 0;
    MPI_Request r;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int partner = rank ^ 1; /* pairs (0, 1), (2, 3), ...: each does the same */
    if (partner >= size) {
        MPI_Finalize();
        return 0;
    }
    if (rank % 2 == 0) {
        MPI_Issend(&out, 1, MPI_INT, partner, 10, MPI_COMM_WORLD, &r);
        cancel_and_tell(&r, partner, 11);
        /* Synchronous: a standard send may complete buffered (MPICH sends it eagerly), and
         * then its cancel may fail with no receive matched. */
        MPI_Issend(&out, 1, MPI_INT, partner, 20, MPI_COMM_WORLD, &r);
        follow(&r, partner, 21);
        MPI_Send_init(&out, 1, MPI_INT, partner, 30, MPI_COMM_WORLD, &r);
        MPI_Start(&r);
        cancel_and_tell(&r, partner, 31);
        MPI_Request_free(&r);
    } else {
        MPI_Irecv(&in, 1, MPI_INT, partner, 10, MPI_COMM_WORLD, &r);
        follow(&r, partner, 11);
        in = 0;
        MPI_Irecv(&in, 1, MPI_INT, partner, 20, MPI_COMM_WORLD, &r);
        if (!cancel_and_tell(&r, partner, 21)) assert(in == 7);
        in = 0;
        MPI_Recv_init(&in, 1, MPI_INT, partner, 30, MPI_COMM_WORLD, &r);
        MPI_Start(&r);
        follow(&r, partner, 31);
        MPI_Request_free(&r);
    }
    printf("rank %d: every cancel agreed with its partner\n", rank);
    MPI_Finalize();
    return 0;
}
