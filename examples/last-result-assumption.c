/* A collector that assumes the last worker's result arrives last. Rank 0 receives one result
 * from every worker with MPI_ANY_SOURCE; if the last one came from the highest rank it tells
 * worker 1 to go on, otherwise it waits for a correction from the highest rank that is never
 * sent. On most runs the highest rank is slowest and all is well; in the interleavings where
 * another worker is last, rank 0 and worker 1 wait for each other while the others sit in
 * MPI_Reduce.
 *
 * RANKFOLD-RUN: -np 4 => deadlock states=5 transitions=5 executions=2 revisits=0 counterexample_steps=21
 * RANKFOLD-RUN: -np 4 --shortest => deadlock states=5 transitions=5 executions=2 revisits=0 counterexample_steps=21
 */
/*
 * Try it:
 *   rankfold-cc -o last-result-assumption last-result-assumption.c
 *   rankfold-run -np 4 --html report.html ./last-result-assumption   # deadlock; open report.html
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0, size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int scale = rank == 0 ? 3 : 0;
    MPI_Bcast(&scale, 1, MPI_INT, 0, MPI_COMM_WORLD);

    int total = 0;
    if (rank == 0) {
        MPI_Status status;
        for (int i = 1; i < size; ++i) {
            int value = 0;
            MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
            total += value;
        }
        if (status.MPI_SOURCE == size - 1) {
            MPI_Send(&total, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
        } else {
            int correction = 0; /* bug: nobody sends this */
            MPI_Recv(&correction, 1, MPI_INT, size - 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            total += correction;
        }
    } else {
        const int value = rank * scale;
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        if (rank == 1) MPI_Recv(&total, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    int sum = 0;
    MPI_Reduce(&total, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) printf("sum %d\n", sum);
    MPI_Finalize();
    return 0;
}
