/* Error classes, codes and strings the program adds, and an error handler it makes. Two classes
 * with two codes each: MPI_Error_class maps each code to its class, MPI_Error_string returns the
 * string set, MPI_LASTUSEDCODE grows (to the last code here; MPICH counts the classes). A handler
 * made by MPI_Comm_create_errhandler and set on a duplicate of MPI_COMM_WORLD is run by
 * MPI_Comm_call_errhandler with that communicator and code; it stays on the communicator after
 * MPI_Errhandler_free (MPI 3.1 §8.3.4). MPI_Type_match_size finds the C types of each size.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int handler_calls = 0;
static int handler_code = 0;
static MPI_Comm handled_comm;

static void record_error(MPI_Comm* comm, int* code, ...) {
    ++handler_calls;
    handler_code = *code;
    if (*comm != handled_comm) handler_calls = -100;
}

int main(int argc, char** argv) {
    int rank, classes[2], codes[2][2], errors = 0, length, out, *last, flag;
    char text[MPI_MAX_ERROR_STRING], expected[MPI_MAX_ERROR_STRING];
    MPI_Errhandler handler;
    MPI_Datatype type;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 2; ++i) {
        MPI_Add_error_class(&classes[i]);
        for (int j = 0; j < 2; ++j) {
            MPI_Add_error_code(classes[i], &codes[i][j]);
            snprintf(expected, sizeof expected, "class %d code %d", i, j);
            MPI_Add_error_string(codes[i][j], expected);
        }
    }
    for (int i = 0; i < 2; ++i) {
        MPI_Error_class(classes[i], &out);
        errors += out != classes[i];
        for (int j = 0; j < 2; ++j) {
            MPI_Error_class(codes[i][j], &out);
            errors += out != classes[i];
            MPI_Error_string(codes[i][j], text, &length);
            snprintf(expected, sizeof expected, "class %d code %d", i, j);
            errors += strcmp(text, expected) != 0 || length != (int)strlen(expected);
        }
    }
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &last, &flag);
    errors += !flag || *last < classes[1]; /* MPICH counts classes only: at least the last class */

    MPI_Comm_dup(MPI_COMM_WORLD, &handled_comm);
    MPI_Comm_create_errhandler(record_error, &handler);
    MPI_Comm_set_errhandler(handled_comm, handler);
    MPI_Errhandler_free(&handler);
    MPI_Comm_call_errhandler(handled_comm, codes[0][1]);
    errors += handler_calls != 1 || handler_code != codes[0][1];
    MPI_Comm_free(&handled_comm);

    MPI_Type_match_size(MPI_TYPECLASS_REAL, sizeof(double), &type);
    MPI_Type_size(type, &out);
    errors += out != (int)sizeof(double);
    MPI_Type_match_size(MPI_TYPECLASS_INTEGER, 4, &type);
    MPI_Type_size(type, &out);
    errors += out != 4;
    printf("rank %d: %d errors\n", rank, errors);
    MPI_Finalize();
    return errors != 0;
}
