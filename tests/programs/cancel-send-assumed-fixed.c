/* Title: a cancelled send whose outcome is asked (fixed twin of cancel-send-assumed).
 * Rank 0 sends 1 with MPI_Isend, cancels it, and asks MPI_Test_cancelled: only a cancelled
 * send is replaced by 2. It then tells rank 1 which value to expect (tag 1). Rank 1's receive
 * of tag 0 is posted all along and takes whichever came. Both outcomes of the cancel are
 * tried (the cancel succeeds, or rank 1's receive matches the first message). With more
 * ranks, each pair (2k, 2k+1) does the same: their cancels are independent.
 * Counts: that one choice; both outcomes end in the same state (a revisit).
 *
 * RANKFOLD-RUN: -np 2 => ok states=2 transitions=2 executions=1 revisits=1
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=2 transitions=2 executions=1 revisits=1
 * RANKFOLD-RUN: -np 4 => ok states=4 transitions=6 executions=1 revisits=3
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, first = 1, second = 2, got = 0, expected = 0, cancelled = 0;
    MPI_Request r;
    MPI_Status s;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int partner = rank ^ 1; /* pairs (0, 1), (2, 3), ...: each does the same */
    if (partner >= size) {
        MPI_Finalize();
        return 0;
    }
    if (rank % 2 == 0) {
        MPI_Isend(&first, 1, MPI_INT, partner, 0, MPI_COMM_WORLD, &r);
        MPI_Cancel(&r);
        MPI_Wait(&r, &s);
        MPI_Test_cancelled(&s, &cancelled);
        if (cancelled) MPI_Send(&second, 1, MPI_INT, partner, 0, MPI_COMM_WORLD);
        expected = cancelled ? second : first;
        MPI_Send(&expected, 1, MPI_INT, partner, 1, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&got, 1, MPI_INT, partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&expected, 1, MPI_INT, partner, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(got == expected);
        printf("rank %d got the value rank %d meant\n", rank, partner);
    }
    MPI_Finalize();
    return 0;
}
