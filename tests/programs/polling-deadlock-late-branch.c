/* Polling deadlock on a late branch: rank 0 takes the first of three messages with
 * MPI_ANY_SOURCE; only when rank 3's comes first does it then wait, polling with MPI_Test, for
 * a second message from rank 3 (tag 99) that rank 3 never sends. The other ranks are blocked
 * in their sends meanwhile, so only rank 0's polls remain and each leads back to the state it
 * was taken in: a deadlock although rank 0 never blocks. Rank 3's message is the last choice
 * of the first receive, which a parallel search gives to worker 1: the polls are found there.
 *
 * RANKFOLD-RUN: -np 4 => deadlock states=9 transitions=12 executions=2 revisits=3
 * RANKFOLD-RUN: -np 4 --keep-going => deadlock states=9 transitions=12 executions=2 revisits=3
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, v = 0, extra = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Status st;
        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
        if (st.MPI_SOURCE == 3) {
            MPI_Request req;
            int flag = 0;
            MPI_Irecv(&extra, 1, MPI_INT, 3, 99, MPI_COMM_WORLD, &req);
            while (!flag) MPI_Test(&req, &flag, MPI_STATUS_IGNORE); /* ERROR */
        }
        for (int i = 0; i < 2; i++)
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 0: done (%d)\n", extra);
    } else {
        v = rank;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        /* the bug: rank 3 was meant to send its tag-99 message too */
    }
    MPI_Finalize();
    return 0;
}
