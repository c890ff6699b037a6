/* Prints, as C++ initialisers, the MPI_Dims_create results that tests/unit/DimsCreateTest.cpp
 * expects: Rankfold must give the grids MPICH gives. Regenerate with the real MPICH:
 *
 *   mpicc -o /tmp/dims tests/reference/mpich_dims_create.c && mpiexec -n 1 /tmp/dims
 *
 * The table in the test came from MPICH 4.0.2 (Debian package mpich 4.0.2-3). */
#include <mpi.h>
#include <stdio.h>

static void row(int nnodes, int ndims, const int* preset) {
    int dims[16];
    for (int i = 0; i < ndims; i++) dims[i] = preset ? preset[i] : 0;
    int rc = MPI_Dims_create(nnodes, ndims, dims);
    printf("{%d, {", nnodes);
    for (int i = 0; i < ndims; i++) printf(i ? ", %d" : "%d", preset ? preset[i] : 0);
    printf("}, ");
    if (rc != MPI_SUCCESS) {
        int cls;
        MPI_Error_class(rc, &cls);
        printf("{}, %s},\n", cls == MPI_ERR_DIMS ? "MPI_ERR_DIMS" : "MPI_ERR_ARG");
        return;
    }
    printf("{");
    for (int i = 0; i < ndims; i++) printf(i ? ", %d" : "%d", dims[i]);
    printf("}},\n");
}

int main(int argc, char** argv) {
    static const int presets[][5] = {/* ndims, then the entries */
                                     {2, 2, 0},    {2, 0, 3},       {3, 0, 0, 2},
                                     {3, 3, 0, 0}, {3, 0, 4, 0},    {3, 1, 0, 0},
                                     {3, 2, 2, 2}, {4, 2, 0, 2, 0}, {4, 0, 0, 0, 4}};
    static const int some[] = {1, 2, 7, 8, 12, 16, 18, 24, 30, 36, 48, 60, 64};
    static const int large[] = {720720, 735134400, 1073741824};
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    printf("// all dims zero: nnodes 1..64, ndims 1..4\n");
    for (int ndims = 1; ndims <= 4; ndims++)
        for (int n = 1; n <= 64; n++) row(n, ndims, NULL);
    printf("// some dims fixed\n");
    for (unsigned p = 0; p < sizeof presets / sizeof presets[0]; p++)
        for (unsigned i = 0; i < sizeof some / sizeof some[0]; i++)
            row(some[i], presets[p][0], presets[p] + 1);
    printf("// large nnodes\n");
    for (unsigned i = 0; i < sizeof large / sizeof large[0]; i++)
        for (int ndims = 2; ndims <= 8; ndims++) row(large[i], ndims, NULL);
    MPI_Finalize();
    return 0;
}
