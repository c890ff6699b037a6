/* RMA halo exchange: 4 ranks in a ring, each iteration a fence epoch in which every rank puts
 * its boundary values into its neighbours' halo slots (MPI_Put into a window of MPI_Win_allocate),
 * then a 3-point stencil over a 16 KiB array; then every rank adds its boundary sum to a total on
 * rank 0 with MPI_Accumulate under an exclusive lock.
 *
 * The fences are deterministic; the exclusive locks are contended, so who gets the lock first is
 * a choice (4! orders per iteration) whose outcomes state matching folds (the accumulates
 * commute). What the run measures is the cost per state of RMA epochs, landing and lock grants.
 * Usage: rma_halo [ITERATIONS]  (default 2), run with -np 4.
 */
#include <mpi.h>
#include <stdlib.h>

#define N (16 * 1024 / sizeof(double))
double a[N], b[N];
double total_seen;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int iterations = argc > 1 ? atoi(argv[1]) : 2;
    double* halo; /* [0] from the left neighbour, [1] from the right, [2] rank 0's total */
    MPI_Win win;
    MPI_Win_allocate(3 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &halo,
                     &win);
    for (size_t i = 0; i < N; ++i) a[i] = rank * 1000.0 + (double)i;
    const int left = (rank + size - 1) % size, right = (rank + 1) % size;
    for (int it = 0; it < iterations; ++it) {
        MPI_Win_fence(0, win);
        MPI_Put(&a[N - 1], 1, MPI_DOUBLE, right, 0, 1, MPI_DOUBLE, win);
        MPI_Put(&a[0], 1, MPI_DOUBLE, left, 1, 1, MPI_DOUBLE, win);
        MPI_Win_fence(0, win);
        b[0] = (halo[0] + a[0] + a[1]) / 3.0;
        for (size_t i = 1; i + 1 < N; ++i) b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
        b[N - 1] = (a[N - 2] + a[N - 1] + halo[1]) / 3.0;
        for (size_t i = 0; i < N; ++i) a[i] = b[i];
        const double boundary = a[0] + a[N - 1];
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        MPI_Accumulate(&boundary, 1, MPI_DOUBLE, 0, 2, 1, MPI_DOUBLE, MPI_SUM, win);
        MPI_Win_unlock(0, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        total_seen = halo[2];
        MPI_Win_unlock(0, win);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
