/* Environment queries: initialization state, thread level, version, COMM_SELF and type sizes.
 * MPI_Initialized is false before MPI_Init_thread and true after; MPI_Finalized turns true
 * only after MPI_Finalize. Values that differ between MPI libraries (version numbers, the
 * processor name) are checked but not printed.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 1 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char** argv) {
    int flag = -1, provided = -1, rank, size, self_rank, self_size, version, subversion, len;
    int sz_char, sz_int, sz_double;
    char name[MPI_MAX_PROCESSOR_NAME];
    MPI_Initialized(&flag);
    assert(flag == 0);
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SINGLE, &provided);
    assert(provided >= MPI_THREAD_SINGLE && provided <= MPI_THREAD_MULTIPLE);
    MPI_Initialized(&flag);
    assert(flag == 1);
    MPI_Finalized(&flag);
    assert(flag == 0);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_SELF, &self_rank);
    MPI_Comm_size(MPI_COMM_SELF, &self_size);
    assert(self_rank == 0 && self_size == 1);
    MPI_Get_version(&version, &subversion);
    assert(version >= 3 && subversion >= 0);
    MPI_Get_processor_name(name, &len);
    assert(len > 0 && len < MPI_MAX_PROCESSOR_NAME && (size_t)len == strlen(name));
    MPI_Type_size(MPI_CHAR, &sz_char);
    MPI_Type_size(MPI_INT, &sz_int);
    MPI_Type_size(MPI_DOUBLE, &sz_double);
    assert(MPI_Wtick() > 0.0);
    printf("rank %d of %d: self %d of %d, char %d int %d double %d, version >= 3\n", rank, size,
           self_rank, self_size, sz_char, sz_int, sz_double);
    MPI_Finalize();
    MPI_Finalized(&flag);
    assert(flag == 1);
    printf("rank %d: finalized\n", rank);
    return 0;
}
