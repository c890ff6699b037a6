/* Contract (a user's contract file on MPI, with read!): every received result must be read.
 * Rank 0 takes two results with MPI_ANY_SOURCE into two slots. A stale "shortcut" treats a
 * result of rank 2 that arrives last as a duplicate and leaves its slot unread.
 * contract-unread-receive.contracts asks for a read of each receive buffer (POST { read!(*0) }:
 * any byte of count x extent), so the requirement still open at the end is reported at the
 * receive whose data was dropped. One run under the fixed schedule (rank 1 first, rank 2
 * last) is exactly that order; a seed that takes rank 2 first passes — the exhaustive search
 * covers both.
 * The twin contract-unread-receive-fixed.c adds both slots.
 *
 * RANKFOLD-RUN: -np 3 --contracts %S/contract-unread-receive.contracts => contract states=2 transitions=2 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --no-races --contracts %S/contract-unread-receive.contracts => ok states=5 transitions=4 executions=2 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static double results[2];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Status status;
        MPI_Recv(&results[0], 1, MPI_DOUBLE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
        MPI_Recv(&results[1], 1, MPI_DOUBLE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status); /* ERROR */
        double total = results[0];
        if (status.MPI_SOURCE == 1) total += results[1];
        printf("total %.1f\n", total);
    } else {
        const double mine = 10.0 * rank;
        MPI_Send(&mine, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
