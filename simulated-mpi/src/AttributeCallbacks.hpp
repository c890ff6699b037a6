// Running the attribute callbacks of MPI_Comm_dup and MPI_Comm_free (MPI 3.1 §6.7.2): the
// program's functions, called on the rank itself, in the order the attributes were set.
#pragma once

#include "simulated-mpi/src/Api.hpp"

namespace rankfold::mpi {

// Copies the attributes of `from` whose copy function says so onto `to`.
int copy_attributes(const LocalCall& call, MPI_Comm from, MPI_Comm to);
// Runs the delete function of every attribute of `comm` and removes them.
int delete_attributes(const LocalCall& call, MPI_Comm comm);
// Drops a key freed by MPI_Comm_free_keyval once no communicator of the rank carries it.
void reclaim_if_unused(const LocalCall& call, int keyval);
// Runs the delete function of one attribute (before it is replaced or removed).
int delete_attribute(const LocalCall& call, MPI_Comm comm, int keyval, MPI_Aint value);

} // namespace rankfold::mpi
