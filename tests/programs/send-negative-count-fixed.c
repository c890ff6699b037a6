/* Invalid count, fixed: block lengths past the end are clamped to 0.
 * N = 5 items are split in blocks of ceil(N / size) = 2; with 4 ranks the last block starts
 * past the end and is empty. Every rank sends its block (possibly of 0 items) to rank 0, which
 * counts what it got with MPI_Get_count.
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
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
    count = start >= N ? 0 : start + chunk <= N ? chunk : N - start;
    for (int i = 0; i < count; i++) items[i] = (start + i) * 10;
    if (rank != 0) {
        MPI_Send(items, count, MPI_INT, 0, 0, MPI_COMM_WORLD);
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
