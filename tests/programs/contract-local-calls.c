/* Contract (user rule on local MPI calls): a halo exchange before the halo type is committed.
 * Rank 0 builds and commits a vector type for its halo column; rank 1 sends its column as plain
 * ints (legal MPI, same type signature), which the rule in contract-local-calls.contracts
 * forbids: MPI_Sendrecv needs an earlier MPI_Type_commit on the same rank.
 *
 * RANKFOLD-RUN: -np 2 --contracts %S/contract-local-calls.contracts => contract states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int grid[4][4], halo[4];

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 4; i++) grid[i][3] = 10 * rank + i;
    const int other = 1 - rank;
    const MPI_Comm comm = MPI_COMM_WORLD;
    if (rank == 0) {
        MPI_Datatype column;
        MPI_Type_vector(4, 1, 4, MPI_INT, &column);
        MPI_Type_commit(&column);
        MPI_Sendrecv(&grid[0][3], 1, column, other, 0, halo, 4, MPI_INT, other, 0, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        MPI_Type_free(&column);
    } else {
        int column[4];
        for (int i = 0; i < 4; i++) column[i] = grid[i][3];
        MPI_Status* ignore = MPI_STATUS_IGNORE;
        MPI_Sendrecv(column, 4, MPI_INT, other, 0, halo, 4, MPI_INT, other, 0, comm, ignore); /* ERROR */
    }
    printf("rank %d: halo %d %d %d %d\n", rank, halo[0], halo[1], halo[2], halo[3]);
    MPI_Finalize();
    return 0;
}
