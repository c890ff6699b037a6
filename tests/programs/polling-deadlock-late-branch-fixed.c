/* The fix of polling-deadlock-late-branch.c: rank 3 sends the tag-99 message rank 0 polls for
 * when rank 3's first message comes first (and rank 0 takes it on the other branches too).
 *
 * RANKFOLD-RUN: -np 4 => ok states=12 transitions=17 executions=1 revisits=6
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, v = 0, extra = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Status st;
        MPI_Request req;
        int flag = 0;
        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
        MPI_Irecv(&extra, 1, MPI_INT, 3, 99, MPI_COMM_WORLD, &req);
        if (st.MPI_SOURCE == 3)
            while (!flag) MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        for (int i = 0; i < 2; i++)
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        printf("rank 0: done (%d)\n", extra);
    } else {
        v = rank;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        if (rank == 3) MPI_Send(&v, 1, MPI_INT, 0, 99, MPI_COMM_WORLD); /* the fix */
    }
    MPI_Finalize();
    return 0;
}
