/* The attributes of MPI_COMM_SELF are deleted at the start of MPI_Finalize in the reverse order
 * of setting (MPI 3.1 §8.7.1), whatever their keys. Three keys are made in one order and their
 * attributes set in another; the delete function records the order it is called in, which
 * each rank prints after MPI_Finalize.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int deleted[3];
static int deletions = 0;

static int record_delete(MPI_Comm comm, int keyval, void* value, void* extra) {
    (void)comm;
    (void)keyval;
    (void)extra;
    deleted[deletions++] = (int)(long)value;
    return MPI_SUCCESS;
}

int main(int argc, char** argv) {
    int rank, keys[3];
    const int set_order[3] = {1, 2, 0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 3; ++i)
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, record_delete, &keys[i], NULL);
    for (int i = 0; i < 3; ++i)
        MPI_Comm_set_attr(MPI_COMM_SELF, keys[set_order[i]], (void*)(long)set_order[i]);
    for (int i = 0; i < 3; ++i) MPI_Comm_free_keyval(&keys[i]);
    MPI_Finalize();
    printf("rank %d: deleted %d of 3, in the order %d %d %d\n", rank, deletions, deleted[0],
           deleted[1], deleted[2]);
    return deletions != 3 || deleted[0] != 0 || deleted[1] != 2 || deleted[2] != 1;
}
