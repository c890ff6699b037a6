/* Row and column communicators: the ranks form a 2 x (np/2) grid; MPI_Comm_split makes a row
 * and a column communicator, and collectives run on each (Bcast, Allgather, Alltoall and
 * Reduce_scatter_block on rows; Reduce, Scan and Exscan on columns; Gatherv and Scatterv with
 * MPI_IN_PLACE at the root on MPI_COMM_WORLD). MPI_Comm_compare classifies pairs of
 * communicators; groups (MPI_Comm_group, MPI_Group_incl, MPI_Group_translate_ranks) build the
 * even ranks' communicator with MPI_Comm_create. Every object is freed at the end.
 * Counts: collectives and communicator constructions leave nothing open here (no wildcard, no
 * test): one state, no choice, one execution.
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 6 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#define MAXP 16

const char* compare_name(int r) {
    return r == MPI_IDENT       ? "IDENT"
           : r == MPI_CONGRUENT ? "CONGRUENT"
           : r == MPI_SIMILAR   ? "SIMILAR"
           : r == MPI_UNEQUAL   ? "UNEQUAL"
                                : "?";
}

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size % 2 != 0 || size > MAXP) MPI_Abort(MPI_COMM_WORLD, 1);
    const int ncols = size / 2, row = rank / ncols, col = rank % ncols;

    MPI_Comm row_comm, col_comm;
    MPI_Comm_split(MPI_COMM_WORLD, row, col, &row_comm);
    MPI_Comm_split(MPI_COMM_WORLD, col, row, &col_comm);
    int row_rank, row_size, col_rank, col_size;
    MPI_Comm_rank(row_comm, &row_rank);
    MPI_Comm_size(row_comm, &row_size);
    MPI_Comm_rank(col_comm, &col_rank);
    MPI_Comm_size(col_comm, &col_size);
    assert(row_rank == col && row_size == ncols && col_rank == row && col_size == 2);

    /* Rows: Bcast from the row's first rank, Allgather, Alltoall, Reduce_scatter_block. */
    int token = rank == row * ncols ? 100 + row : -1;
    MPI_Bcast(&token, 1, MPI_INT, 0, row_comm);
    int gathered[MAXP], sendblocks[MAXP], recvblocks[MAXP];
    MPI_Allgather(&rank, 1, MPI_INT, gathered, 1, MPI_INT, row_comm);
    for (int j = 0; j < ncols; j++) sendblocks[j] = rank * 10 + j;
    MPI_Alltoall(sendblocks, 1, MPI_INT, recvblocks, 1, MPI_INT, row_comm);
    int rs_in[2 * MAXP], rs_out[2];
    for (int j = 0; j < 2 * ncols; j++) rs_in[j] = (rank + 1) * (j + 1);
    MPI_Reduce_scatter_block(rs_in, rs_out, 2, MPI_INT, MPI_SUM, row_comm);
    char line[256];
    int len = snprintf(line, sizeof line, "rank %d (row %d, col %d): bcast %d, allgather", rank,
                       row, col, token);
    for (int j = 0; j < ncols; j++)
        len += snprintf(line + len, sizeof line - len, " %d", gathered[j]);
    len += snprintf(line + len, sizeof line - len, ", alltoall");
    for (int j = 0; j < ncols; j++)
        len += snprintf(line + len, sizeof line - len, " %d", recvblocks[j]);
    snprintf(line + len, sizeof line - len, ", reduce_scatter_block %d %d", rs_out[0], rs_out[1]);
    printf("%s\n", line);

    /* Columns: Reduce to the top row, Scan and Exscan down the column. */
    int value = rank * rank + 1, colsum = -1, scan = -1, exscan = -1;
    MPI_Reduce(&value, &colsum, 1, MPI_INT, MPI_SUM, 0, col_comm);
    MPI_Scan(&value, &scan, 1, MPI_INT, MPI_SUM, col_comm);
    MPI_Exscan(&value, &exscan, 1, MPI_INT, MPI_SUM, col_comm);
    if (col_rank == 0)
        printf("rank %d: column %d reduce %d, scan %d (exscan undefined)\n", rank, col, colsum,
               scan);
    else
        printf("rank %d: column %d scan %d, exscan %d\n", rank, col, scan, exscan);

    /* World: Gatherv of rank + 1 values each into rank 0 (its own block in place), then
     * Scatterv of the doubled blocks back (rank 0's block stays in place). */
    int counts[MAXP], displs[MAXP], all[MAXP * (MAXP + 1) / 2], mine[MAXP];
    for (int r = 0, d = 0; r < size; d += counts[r], r++) counts[r] = r + 1, displs[r] = d;
    for (int k = 0; k <= rank; k++) mine[k] = rank * 100 + k;
    if (rank == 0) {
        all[0] = mine[0]; /* rank 0's own block, already in place */
        MPI_Gatherv(MPI_IN_PLACE, 0, MPI_INT, all, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
        int total = 0;
        for (int k = 0; k < displs[size - 1] + counts[size - 1]; k++) total += all[k], all[k] *= 2;
        printf("rank 0: gatherv total %d\n", total);
        MPI_Scatterv(all, counts, displs, MPI_INT, MPI_IN_PLACE, 0, MPI_INT, 0, MPI_COMM_WORLD);
    } else {
        MPI_Gatherv(mine, rank + 1, MPI_INT, NULL, NULL, NULL, MPI_INT, 0, MPI_COMM_WORLD);
        memset(mine, 0, sizeof mine);
        MPI_Scatterv(NULL, NULL, NULL, MPI_INT, mine, rank + 1, MPI_INT, 0, MPI_COMM_WORLD);
        for (int k = 0; k <= rank; k++) assert(mine[k] == 2 * (rank * 100 + k));
        printf("rank %d: scatterv got %d values back, doubled\n", rank, rank + 1);
    }

    /* Comparisons: a communicator with itself, a dup, the same ranks in reverse order, and
     * different members. */
    MPI_Comm dup, reversed;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &reversed);
    int c_ident, c_congruent, c_similar, c_unequal;
    MPI_Comm_compare(row_comm, row_comm, &c_ident);
    MPI_Comm_compare(MPI_COMM_WORLD, dup, &c_congruent);
    MPI_Comm_compare(MPI_COMM_WORLD, reversed, &c_similar);
    MPI_Comm_compare(row_comm, col_comm, &c_unequal);
    printf("rank %d: compare row/row %s, world/dup %s, world/reversed %s, row/col %s\n", rank,
           compare_name(c_ident), compare_name(c_congruent), compare_name(c_similar),
           compare_name(c_unequal));

    /* Groups: the even ranks of MPI_COMM_WORLD, their ranks in the row communicator's group,
     * and a communicator of the even ranks. */
    MPI_Group world_group, even_group, row_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Comm_group(row_comm, &row_group);
    int evens[MAXP], neven = 0;
    for (int r = 0; r < size; r += 2) evens[neven++] = r;
    MPI_Group_incl(world_group, neven, evens, &even_group);
    int idx[MAXP], in_world[MAXP], in_row[MAXP];
    for (int k = 0; k < neven; k++) idx[k] = k;
    MPI_Group_translate_ranks(even_group, neven, idx, world_group, in_world);
    MPI_Group_translate_ranks(even_group, neven, idx, row_group, in_row);
    for (int k = 0; k < neven; k++) assert(in_world[k] == 2 * k);
    if (rank == 0 || rank == size - 1) {
        len = snprintf(line, sizeof line, "rank %d: even group in row %d:", rank, row);
        for (int k = 0; k < neven; k++)
            len += in_row[k] == MPI_UNDEFINED
                       ? snprintf(line + len, sizeof line - len, " -")
                       : snprintf(line + len, sizeof line - len, " %d", in_row[k]);
        printf("%s\n", line);
    }
    MPI_Comm even_comm;
    MPI_Comm_create(MPI_COMM_WORLD, even_group, &even_comm);
    if (rank % 2 == 0) {
        int even_rank, even_size, sum;
        MPI_Comm_rank(even_comm, &even_rank);
        MPI_Comm_size(even_comm, &even_size);
        assert(even_rank == rank / 2 && even_size == neven);
        MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, even_comm);
        printf("rank %d: even communicator rank %d of %d, sum of members %d\n", rank, even_rank,
               even_size, sum);
        MPI_Comm_free(&even_comm);
    } else {
        assert(even_comm == MPI_COMM_NULL);
    }

    MPI_Group_free(&even_group);
    MPI_Group_free(&row_group);
    MPI_Group_free(&world_group);
    MPI_Comm_free(&reversed);
    MPI_Comm_free(&dup);
    MPI_Comm_free(&col_comm);
    MPI_Comm_free(&row_comm);
    assert(row_comm == MPI_COMM_NULL && world_group == MPI_GROUP_NULL);
    MPI_Finalize();
    return 0;
}
