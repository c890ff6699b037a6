/* Communicator attributes: a keyval whose copy callback duplicates a heap-allocated value
 * (counting its generation) and whose delete callback frees it, a keyval that is not copied
 * (MPI_COMM_NULL_COPY_FN) and one copied as is (MPI_COMM_DUP_FN). MPI_Comm_dup calls the copy
 * callbacks, replacing or deleting an attribute and MPI_Comm_free call the delete callback; the
 * callbacks count their calls in globals, which are checked after every step. An attribute
 * on MPI_COMM_SELF is deleted first thing in MPI_Finalize (MPI 3.1 §8.7.1). MPI_TAG_UB is read
 * on MPI_COMM_WORLD.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int owner;      /* rank that set it */
    int generation; /* copies since it was set */
} Value;

int copies, deletes, self_deleted; /* callback calls on this rank */
int extra_tag = 42;                /* passed as extra_state */
int rank;

int copy_value(MPI_Comm oldcomm, int keyval, void* extra, void* in, void* out, int* flag) {
    (void)oldcomm, (void)keyval;
    assert(extra == &extra_tag);
    Value* v = malloc(sizeof *v);
    *v = *(Value*)in;
    v->generation++;
    *(void**)out = v;
    *flag = 1;
    copies++;
    return MPI_SUCCESS;
}

int delete_value(MPI_Comm comm, int keyval, void* value, void* extra) {
    (void)comm, (void)keyval;
    assert(extra == &extra_tag);
    free(value);
    deletes++;
    return MPI_SUCCESS;
}

int delete_self(MPI_Comm comm, int keyval, void* value, void* extra) {
    (void)keyval, (void)extra;
    assert(comm == MPI_COMM_SELF && (long)value == 7);
    self_deleted++;
    printf("rank %d: MPI_COMM_SELF attribute deleted in MPI_Finalize\n", rank);
    return MPI_SUCCESS;
}

/* The Value of `keyval` on `comm`, or NULL. */
Value* get(MPI_Comm comm, int keyval) {
    Value* v = NULL;
    int flag = 0;
    MPI_Comm_get_attr(comm, keyval, &v, &flag);
    return flag ? v : NULL;
}

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int* tag_ub = NULL;
    int flag = 0;
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);
    assert(flag && *tag_ub >= 32767);
    printf("rank %d: MPI_TAG_UB is set and at least 32767: %s\n", rank,
           flag && *tag_ub >= 32767 ? "yes" : "no");

    int kv_copied, kv_not_copied, kv_dup_fn, kv_self;
    MPI_Comm_create_keyval(copy_value, delete_value, &kv_copied, &extra_tag);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete_value, &kv_not_copied, &extra_tag);
    MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &kv_dup_fn, NULL);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete_self, &kv_self, NULL);
    MPI_Comm_set_attr(MPI_COMM_SELF, kv_self, (void*)7L);

    MPI_Comm base, d1, d2;
    MPI_Comm_dup(MPI_COMM_WORLD, &base);
    Value* v = malloc(sizeof *v);
    v->owner = rank, v->generation = 0;
    MPI_Comm_set_attr(base, kv_copied, v);
    Value* w = malloc(sizeof *w);
    w->owner = rank, w->generation = 100;
    MPI_Comm_set_attr(base, kv_not_copied, w);
    MPI_Comm_set_attr(base, kv_dup_fn, (void*)(long)(1000 + rank));

    /* Two generations of duplicates: kv_copied is copied (twice), kv_not_copied is not,
     * kv_dup_fn is copied by value. */
    MPI_Comm_dup(base, &d1);
    MPI_Comm_dup(d1, &d2);
    assert(copies == 2 && deletes == 0);
    Value* v1 = get(d1, kv_copied);
    Value* v2 = get(d2, kv_copied);
    assert(v1 && v2 && v1 != v && v2 != v1 && v1->owner == rank && v2->owner == rank);
    assert(v1->generation == 1 && v2->generation == 2 && get(base, kv_copied) == v);
    assert(get(d1, kv_not_copied) == NULL && get(d2, kv_not_copied) == NULL);
    void* dup_value = NULL;
    MPI_Comm_get_attr(d2, kv_dup_fn, &dup_value, &flag);
    assert(flag && (long)dup_value == 1000 + rank);
    printf("rank %d: after two MPI_Comm_dup: %d copies, generations %d and %d\n", rank, copies,
           v1->generation, v2->generation);

    /* Replacing an attribute deletes the old value; so do MPI_Comm_delete_attr and
     * MPI_Comm_free (d2's attribute is gone already, d1's new one goes with d1). */
    Value* fresh = malloc(sizeof *fresh);
    fresh->owner = rank, fresh->generation = 50;
    MPI_Comm_set_attr(d1, kv_copied, fresh);
    assert(deletes == 1);
    MPI_Comm_delete_attr(d2, kv_copied);
    assert(deletes == 2 && get(d2, kv_copied) == NULL);
    MPI_Comm_free(&d2);
    assert(deletes == 2);
    MPI_Comm_free(&d1);
    assert(deletes == 3 && d1 == MPI_COMM_NULL);

    /* A freed keyval stays usable by the communicators that still hold it: freeing base
     * deletes both of its attributes with delete_value. */
    MPI_Comm_free_keyval(&kv_copied);
    assert(kv_copied == MPI_KEYVAL_INVALID && get(base, kv_not_copied) == w);
    MPI_Comm_free(&base);
    assert(deletes == 5 && copies == 2);
    MPI_Comm_free_keyval(&kv_not_copied);
    MPI_Comm_free_keyval(&kv_dup_fn);
    MPI_Comm_free_keyval(&kv_self);
    printf("rank %d: %d copy and %d delete callbacks\n", rank, copies, deletes);

    MPI_Finalize();
    assert(self_deleted == 1);
    return 0;
}
