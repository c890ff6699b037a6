/* Uncaught C++ exception: rank 1 throws std::runtime_error out of main.
 * A real run terminates the process (std::terminate, SIGABRT); Rankfold reports a crash of
 * rank 1 naming the exception. The twin cxx-exception-caught.cpp catches it.
 *
 * RANKFOLD-RUN: -np 2 => crash states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: bugged program
 */
#include <mpi.h>

#include <stdexcept>
#include <vector>

static int checked_sum(const std::vector<int>& v) {
    int s = 0;
    for (int x : v) {
        if (x < 0) throw std::runtime_error("negative value in input"); /* ERROR */
        s += x;
    }
    return s;
}

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::vector<int> v{1, 2, rank == 1 ? -3 : 3};
    int s = checked_sum(v);
    MPI_Finalize();
    return s == 6 ? 0 : 1;
}
