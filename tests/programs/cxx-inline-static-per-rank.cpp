/* Every rank has its own copy of a C++ inline function's static variable (and of a template's
 * static member): each counts only its own rank's calls. GCC makes such statics unique symbols
 * by default, which the loader shares between the copies of the module; rankfold-cxx builds
 * with -fno-gnu-unique so that they are privatized like every other global.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>

#include <cassert>
#include <cstdio>

inline int& calls() {
    static int count = 0;
    return count;
}

template <typename T> struct Registry {
    static int entries;
};
template <typename T> int Registry<T>::entries = 0;

int main(int argc, char** argv) {
    int rank = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i <= rank; ++i) {
        calls() += 1;
        Registry<double>::entries += 1;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    assert(calls() == rank + 1);
    assert(Registry<double>::entries == rank + 1);
    std::printf("rank %d: %d calls\n", rank, calls());
    MPI_Finalize();
    return 0;
}
