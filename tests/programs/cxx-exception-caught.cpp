/* C++ exception caught: the twin of cxx-uncaught-exception.cpp handles the error in rank 1.
 * Exceptions thrown and caught inside a rank unwind its own stack only.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>

#include <cstdio>
#include <stdexcept>
#include <vector>

static int checked_sum(const std::vector<int>& v) {
    int s = 0;
    for (int x : v) {
        if (x < 0) throw std::runtime_error("negative value in input");
        s += x;
    }
    return s;
}

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::vector<int> v{1, 2, rank == 1 ? -3 : 3};
    try {
        std::printf("rank %d sum %d\n", rank, checked_sum(v));
    } catch (const std::exception& e) {
        std::printf("rank %d rejected its input: %s\n", rank, e.what());
    }
    MPI_Finalize();
    return 0;
}
