/* Wildcard gather: rank 0 receives one value from every other rank with MPI_ANY_SOURCE.
 * Rank r sends r*r; whatever order the messages are matched in, rank 0 checks that each sender
 * appears exactly once, that the value fits the reported source, and prints the same sum.
 *
 * RANKFOLD-RUN: -np 4 => ok states=11 transitions=15 executions=1 revisits=5
 * RANKFOLD-RUN: -np 3 --buffering infinite => ok states=4 transitions=4 executions=1 revisits=1
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, value;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        int seen[64] = {0}, sum = 0;
        MPI_Status st;
        for (int i = 1; i < size; i++) {
            MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 3, MPI_COMM_WORLD, &st);
            assert(st.MPI_SOURCE > 0 && st.MPI_SOURCE < size && st.MPI_TAG == 3);
            assert(value == st.MPI_SOURCE * st.MPI_SOURCE && !seen[st.MPI_SOURCE]);
            seen[st.MPI_SOURCE] = 1;
            sum += value;
        }
        printf("rank 0: gathered %d values, sum %d\n", size - 1, sum);
    } else {
        value = rank * rank;
        MPI_Send(&value, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
