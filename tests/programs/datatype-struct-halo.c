/* Halo exchange of structs: a struct datatype with padding, built from offsetof, carries each
 * rank's two boundary particles to its neighbours on a ring.
 * struct particle { char kind; double x; int id; } has padding after kind and after id; MPI
 * computes the same extent as sizeof, so an array of particles is sent with count 2.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 4 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

struct particle {
    char kind;
    double x;
    int id;
};

#define LOCAL 4

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int lengths[3] = {1, 1, 1};
    MPI_Aint displs[3] = {offsetof(struct particle, kind), offsetof(struct particle, x),
                          offsetof(struct particle, id)};
    MPI_Datatype types[3] = {MPI_CHAR, MPI_DOUBLE, MPI_INT};
    MPI_Datatype particle_type;
    MPI_Type_create_struct(3, lengths, displs, types, &particle_type);
    MPI_Type_commit(&particle_type);
    MPI_Aint lb, extent;
    int bytes;
    MPI_Type_get_extent(particle_type, &lb, &extent);
    MPI_Type_size(particle_type, &bytes);
    assert(lb == 0 && extent == sizeof(struct particle));
    assert(bytes == sizeof(char) + sizeof(double) + sizeof(int));

    /* Particles 0..LOCAL-1 are this rank's; halo[0..1] come from the left, halo[2..3] from
     * the right neighbour. */
    struct particle mine[LOCAL], halo[4];
    for (int i = 0; i < LOCAL; ++i) {
        mine[i].kind = (char)('a' + rank);
        mine[i].x = rank + 0.25 * i;
        mine[i].id = 10 * rank + i;
    }
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    /* My last two go right while the left neighbour's last two arrive, and the other way. */
    MPI_Sendrecv(&mine[LOCAL - 2], 2, particle_type, right, 1, &halo[0], 2, particle_type, left,
                 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&mine[0], 2, particle_type, left, 2, &halo[2], 2, particle_type, right, 2,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int h = 0; h < 4; ++h) {
        int from = h < 2 ? left : right, i = h < 2 ? LOCAL - 2 + h : h - 2;
        assert(halo[h].kind == 'a' + from && halo[h].id == 10 * from + i);
        assert(halo[h].x == from + 0.25 * i);
        printf("rank %d: halo %d is particle %d of kind %c at x = %.2f\n", rank, h, halo[h].id,
               halo[h].kind, halo[h].x);
    }
    MPI_Type_free(&particle_type);
    MPI_Finalize();
    return 0;
}
