// MpiWorld: datatypes as the communication calls see them (the tables live in each RankState;
// the local MPI_Type_* calls work on them directly, see ApiDatatype.cpp).
#include "simulated-mpi/interface/MpiWorld.hpp"

#include <fmt/format.h>

namespace rankfold::mpi {

const Typemap* MpiWorld::datatype(int rank, MPI_Datatype type) const {
    return core_.ranks[rank].datatypes.find(type).get();
}

std::vector<std::pair<MPI_Datatype, const DatatypeEntry*>>
MpiWorld::leaked_datatypes(int rank) const {
    return core_.ranks[rank].datatypes.leaked();
}

} // namespace rankfold::mpi
