// MPI forbids a collective's send and receive buffers to overlap (MPI 3.1 §5.2.1: "the
// MPI_IN_PLACE option" is the way to share them). Which buffers a member uses, and how far each
// reaches, depend on the collective and on whether the member is the root.
#pragma once

#include "simulated-mpi/interface/Collective.hpp"
#include "simulated-mpi/src/DatatypeTable.hpp"

namespace rankfold::mpi {

// Whether the scalar buffers one member passes overlap (v and w forms, Bcast and a side the
// member does not use are never compared). `types` is the member's datatype table; `size` the
// communicator's size.
bool collective_buffers_alias(const CollectiveArgs& a, const DatatypeTable& types, bool is_root,
                              int size);

} // namespace rankfold::mpi
