// The attribute callbacks of datatypes (MPI 3.1 §6.7.4): copy functions run at MPI_Type_dup,
// delete functions at MPI_Type_delete_attr, replacement and MPI_Type_free. The program's
// functions, called on the rank itself, in the order the attributes were set.
#pragma once

#include "simulated-mpi/interface/MpiWorld.hpp"
#include "snapshot/AppContext.hpp"

#include <mpi.h>

namespace rankfold::mpi {

// What a failed callback returned, and which key it was for.
struct TypeCallbackFailure {
    int code = MPI_SUCCESS;
    int keyval = 0;
};

// Runs the delete function of one attribute of `datatype`; the code it returned.
int delete_type_attribute(MpiWorld& world, int rank, const snapshot::RuntimeSection& section,
                          MPI_Datatype datatype, int type_keyval, MPI_Aint value);
// Copies the attributes of `from` whose copy function says so onto `to`.
TypeCallbackFailure copy_type_attributes(MpiWorld& world, int rank,
                                         const snapshot::RuntimeSection& section, MPI_Datatype from,
                                         MPI_Datatype to);
// Runs the delete function of every attribute of `type` and removes them (MPI_Type_free).
TypeCallbackFailure delete_type_attributes(MpiWorld& world, int rank,
                                           const snapshot::RuntimeSection& section,
                                           MPI_Datatype type);
// Drops a freed key once no datatype of the rank carries it.
void reclaim_type_keyval_if_unused(MpiWorld& world, int rank, int keyval);

} // namespace rankfold::mpi
