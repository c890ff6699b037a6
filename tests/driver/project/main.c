#include "solver.h"

#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double x = solver_step(3.0, rank);
    if (rank != 0) {
        MPI_Send(&x, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
    } else {
        for (int r = 1; r < size; ++r) {
            double y;
            MPI_Recv(&y, 1, MPI_DOUBLE, r, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            x += y;
        }
        printf("%s %.3f args=%d last=%s\n", GREETING, x, argc, argv[argc - 1]);
    }
    MPI_Finalize();
    return 0;
}
