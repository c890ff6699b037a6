/* Datatype attributes: a key whose copy function counts its calls and copies the value, and one
 * that is not copied (MPI_TYPE_NULL_COPY_FN); both delete functions count theirs. MPI_Type_dup
 * copies the first only, replacing a value and MPI_Type_delete_attr and MPI_Type_free run the
 * delete function, and an attribute on the predefined MPI_INT is read back and deleted. The
 * counts are checked in globals.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int copies = 0;
static int deletions = 0;

static int count_copy(MPI_Datatype type, int keyval, void* extra, void* in, void* out, int* flag) {
    (void)type;
    (void)keyval;
    (void)extra;
    ++copies;
    *(void**)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

static int count_delete(MPI_Datatype type, int keyval, void* value, void* extra) {
    (void)type;
    (void)keyval;
    (void)value;
    (void)extra;
    ++deletions;
    return MPI_SUCCESS;
}

int main(int argc, char** argv) {
    int rank, copied_key, kept_key, flag, errors = 0;
    void* value;
    MPI_Datatype pair, copy;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_create_keyval(count_copy, count_delete, &copied_key, NULL);
    MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, count_delete, &kept_key, NULL);
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_set_attr(pair, copied_key, (void*)10);
    MPI_Type_set_attr(pair, kept_key, (void*)20);
    MPI_Type_set_attr(pair, kept_key, (void*)21); /* replaces: one deletion */
    MPI_Type_dup(pair, &copy);                    /* one copy */
    MPI_Type_get_attr(copy, copied_key, &value, &flag);
    errors += !flag || value != (void*)10;
    MPI_Type_get_attr(copy, kept_key, &value, &flag);
    errors += flag;
    MPI_Type_get_attr(pair, kept_key, &value, &flag);
    errors += !flag || value != (void*)21;
    MPI_Type_free(&copy); /* one deletion */
    MPI_Type_free(&pair); /* two deletions */
    errors += copies != 1 || deletions != 4;

    MPI_Type_set_attr(MPI_INT, kept_key, (void*)30);
    MPI_Type_get_attr(MPI_INT, kept_key, &value, &flag);
    errors += !flag || value != (void*)30;
    MPI_Type_delete_attr(MPI_INT, kept_key);
    MPI_Type_get_attr(MPI_INT, kept_key, &value, &flag);
    errors += flag || deletions != 5;
    MPI_Type_free_keyval(&copied_key);
    MPI_Type_free_keyval(&kept_key);
    printf("rank %d: %d copies, %d deletions, %d errors\n", rank, copies, deletions, errors);
    MPI_Finalize();
    return errors != 0;
}
