/* Names of predefined datatypes, the Fortran ones of the C interface included.
 * MPI_Type_get_name answers for every predefined type (MPI 3.1 §6.8), also MPI_INTEGER or
 * MPI_REAL8, which a C program cannot communicate with under Rankfold but may name.
 *
 * RANKFOLD-RUN: -np 1 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: SMPI names MPI_INTEGER "MPI_INT"; MPICH 4.0.2's output equals Rankfold's
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    MPI_Datatype types[4] = {MPI_INT, MPI_INTEGER, MPI_REAL8, MPI_DOUBLE_COMPLEX};
    char name[MPI_MAX_OBJECT_NAME];
    int length, i;
    MPI_Init(&argc, &argv);
    for (i = 0; i < 4; ++i) {
        MPI_Type_get_name(types[i], name, &length);
        printf("type %d: %s (%d characters)\n", i, name, length);
    }
    MPI_Finalize();
    return 0;
}
