/* Invalid count: a block distribution whose last block has a negative length.
 * N = 5 items are split in blocks of ceil(N / size) = 2; with 4 ranks the last block starts at
 * item 6, past the end, and its length N - start = -1 is not clamped to 0. Rank 3 sends its
 * block to rank 0 with count -1: MPI_ERR_COUNT.
 *
 * RANKFOLD-RUN: -np 4 => usage:invalid-count states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

#define N 5

int main(int argc, char** argv) {
    int rank, size, chunk, start, count, items[N];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    chunk = (N + size - 1) / size;
    start = rank * chunk;
    count = start + chunk <= N ? chunk : N - start; /* the bug: negative past the end */
    for (int i = 0; i < count; i++) items[i] = (start + i) * 10;
    if (rank != 0) {
        MPI_Send(items, count, MPI_INT, 0, 0, MPI_COMM_WORLD); /* ERROR */
    } else {
        int total = count;
        for (int r = 1; r < size; r++) {
            MPI_Status st;
            int got;
            MPI_Recv(items, chunk, MPI_INT, r, 0, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_INT, &got);
            total += got;
        }
        printf("rank 0 collected %d items\n", total);
    }
    MPI_Finalize();
    return 0;
}
