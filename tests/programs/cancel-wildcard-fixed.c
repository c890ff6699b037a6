/* Title: a cancelled send against a wildcard receiver with another sender.
 * Rank 0 sends to rank 2 with MPI_Isend and cancels it; rank 1 sends to rank 2 with MPI_Send.
 * Rank 2 takes tag-0 messages with MPI_ANY_SOURCE: one first, then, once rank 0 has said
 * whether its cancel succeeded (MPI_Test_cancelled, tag 1), another if rank 0's message is
 * still to come. The first receive may take either sender's message, and rank 0's cancel may
 * succeed or fail either way: every combination ends with each message received once
 * (asserted). The cancel takes rank 0's message out of rank 2's queue, where the wildcard
 * matches take from: the two are ordered, and rank 1's choices commute with the cancel.
 * Counts: the wildcard's two senders, the cancel's two outcomes.
 *
 * RANKFOLD-RUN: -np 3 => ok states=5 transitions=6 executions=1 revisits=2
 * RANKFOLD-RUN: -np 3 --buffering both => ok states=25 transitions=39 executions=1 revisits=15
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, value, cancelled = 0;
    MPI_Request r;
    MPI_Status s;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        value = 10;
        MPI_Isend(&value, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &r);
        MPI_Cancel(&r);
        MPI_Wait(&r, &s);
        MPI_Test_cancelled(&s, &cancelled);
        MPI_Send(&cancelled, 1, MPI_INT, 2, 1, MPI_COMM_WORLD);
    } else if (rank == 1) {
        value = 11;
        MPI_Send(&value, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
    } else if (rank == 2) {
        int seen[2] = {0, 0};
        MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &s);
        assert(value == 10 + s.MPI_SOURCE);
        seen[s.MPI_SOURCE]++;
        MPI_Recv(&cancelled, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (!cancelled) {
            MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &s);
            assert(value == 10 + s.MPI_SOURCE);
            seen[s.MPI_SOURCE]++;
        }
        assert(seen[0] == !cancelled && seen[1] == 1);
        printf("rank 2 received each message that was sent once\n");
    }
    MPI_Finalize();
    return 0;
}
