// MpiWorld: datatypes as the communication calls see them (the tables live in each RankState;
// the local MPI_Type_* calls work on them directly, see ApiDatatype.cpp).
#include "simulated-mpi/src/MpiWorld.hpp"

#include <fmt/format.h>

namespace rankfold::mpi {

const Typemap* MpiWorld::datatype(int rank, MPI_Datatype type) const {
    return ranks_[rank].datatypes.find(type).get();
}

std::vector<std::pair<MPI_Datatype, const DatatypeEntry*>>
MpiWorld::leaked_datatypes(int rank) const {
    return ranks_[rank].datatypes.leaked();
}

TypemapRef MpiWorld::usable_datatype(int rank, const RankCall& call, MPI_Datatype type) {
    const DatatypeTable& table = ranks_[rank].datatypes;
    TypemapRef map = table.find(type);
    if (!map) {
        fail(rank, call, MPI_ERR_TYPE, Misuse::InvalidHandle,
             type == MPI_DATATYPE_NULL
                 ? std::string("MPI_DATATYPE_NULL is not a valid datatype here")
                 : fmt::format("invalid datatype handle {:#x} (freed, or never created)", type));
        return {};
    }
    return map;
}

} // namespace rankfold::mpi
