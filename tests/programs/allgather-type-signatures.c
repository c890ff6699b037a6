/* Collective with different type signatures of equal size: every rank contributes one value to
 * MPI_Allgather, but the odd ranks describe theirs as MPI_FLOAT while everyone receives
 * MPI_INTs. Both are 4 bytes, so the sizes agree, yet MPI requires the type signature a member
 * sends to equal the one its receivers expect (MPI 3.1 §5.1); the odd ranks' floats arrive as
 * meaningless ints.
 *
 * RANKFOLD-RUN: -np 2 => usage:type-mismatch states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, all[16];
    union {
        int i;
        float f;
    } mine;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank % 2) mine.f = (float)rank;
    else mine.i = rank;
    MPI_Allgather(&mine, 1, rank % 2 ? MPI_FLOAT : MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD); /* ERROR */
    if (rank == 0) printf("rank 1 sent %d\n", all[1]);
    MPI_Finalize();
    return 0;
}
