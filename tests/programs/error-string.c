/* Error strings: MPI_Error_class and MPI_Error_string on predefined error classes.
 * The class of a predefined class is itself; each string is non-empty, NUL-terminated, fits in
 * MPI_MAX_ERROR_STRING and its reported length matches. The texts differ between MPI
 * libraries, so only the checks are printed.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char** argv) {
    int rank;
    static const int codes[] = {MPI_SUCCESS,  MPI_ERR_TRUNCATE, MPI_ERR_COUNT,
                                MPI_ERR_RANK, MPI_ERR_TAG,      MPI_ERR_BUFFER};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        char text[MPI_MAX_ERROR_STRING];
        int cls = -1, len = -1;
        MPI_Error_class(codes[i], &cls);
        assert(cls == codes[i]);
        MPI_Error_string(codes[i], text, &len);
        assert(len > 0 && len < MPI_MAX_ERROR_STRING && (size_t)len == strlen(text));
    }
    printf("rank %d: error classes and strings are consistent\n", rank);
    MPI_Finalize();
    return 0;
}
