/* Non-overtaking: messages from one sender that a receive could both match arrive in send order.
 * Rank 0 posts six nonblocking sends at once; rank 1 receives them with a fixed tag, with
 * MPI_ANY_TAG and with MPI_ANY_SOURCE, and each receive must take the oldest matching message.
 *
 * RANKFOLD-RUN: -np 2 => ok states=3 transitions=2 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=3 transitions=2 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        static const int tags[6] = {5, 5, 7, 8, 9, 9};
        int vals[6] = {1, 2, 3, 4, 5, 6};
        MPI_Request reqs[6];
        for (int i = 0; i < 6; i++)
            MPI_Isend(&vals[i], 1, MPI_INT, 1, tags[i], MPI_COMM_WORLD, &reqs[i]);
        MPI_Waitall(6, reqs, MPI_STATUSES_IGNORE);
    } else if (rank == 1) {
        int v;
        MPI_Status st;
        MPI_Recv(&v, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, &st);
        assert(v == 1);
        MPI_Recv(&v, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, &st);
        assert(v == 2);
        MPI_Recv(&v, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        assert(v == 3 && st.MPI_TAG == 7);
        MPI_Recv(&v, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        assert(v == 4 && st.MPI_TAG == 8);
        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        assert(v == 5 && st.MPI_TAG == 9 && st.MPI_SOURCE == 0);
        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 9, MPI_COMM_WORLD, &st);
        assert(v == 6 && st.MPI_SOURCE == 0);
        printf("rank 1: all six messages arrived in order\n");
    }
    MPI_Finalize();
    return 0;
}
