/* Window attributes with the program's own keys (MPI 3.1 §6.7.3): MPI_Win_set_attr and
 * MPI_Win_get_attr, the delete function run when a value is replaced, deleted, and when the
 * window is freed; MPI_WIN_NULL_DELETE_FN runs nothing; a freed key stays usable by the
 * attributes that have it, and the predefined MPI_WIN_BASE still answers.
 * Counts: nothing to choose: one state, one execution.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

static int deleted; /* the sum of the values the delete function was called with */
static int buffer[4];

static int count_delete(MPI_Win win, int keyval, void* value, void* extra) {
    (void)win;
    (void)keyval;
    deleted += (int)(MPI_Aint)value * *(int*)extra;
    return MPI_SUCCESS;
}

int main(int argc, char** argv) {
    int rank, flag = -1, weight = 1, key, plain;
    void* value = NULL;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, count_delete, &key, &weight);
    MPI_Win_create_keyval(MPI_WIN_DUP_FN, MPI_WIN_NULL_DELETE_FN, &plain, NULL);
    MPI_Win_create(buffer, sizeof buffer, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_get_attr(win, key, &value, &flag);
    assert(flag == 0);
    MPI_Win_set_attr(win, key, (void*)(MPI_Aint)(rank + 1));
    MPI_Win_set_attr(win, plain, (void*)(MPI_Aint)7);
    MPI_Win_get_attr(win, key, &value, &flag);
    assert(flag == 1 && (MPI_Aint)value == rank + 1);
    MPI_Win_set_attr(win, key, (void*)(MPI_Aint)10); /* the delete function sees rank + 1 */
    assert(deleted == rank + 1);
    MPI_Win_delete_attr(win, key); /* and now 10 */
    assert(deleted == rank + 11);
    MPI_Win_get_attr(win, key, &value, &flag);
    assert(flag == 0);
    MPI_Win_set_attr(win, key, (void*)(MPI_Aint)100);
    MPI_Win_free_keyval(&key);
    assert(key == MPI_KEYVAL_INVALID);
    MPI_Win_get_attr(win, MPI_WIN_BASE, &value, &flag);
    assert(flag == 1 && value == buffer);
    MPI_Win_free(&win); /* deletes the value 100 */
    printf("rank %d: delete function saw %d\n", rank, deleted);
    MPI_Win_free_keyval(&plain);
    MPI_Finalize();
    return 0;
}
