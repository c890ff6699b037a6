#include "simulated-mpi/src/TypeContents.hpp"

namespace rankfold::mpi {

void TypeContents::feed(StateHasher& h) const {
    h.value(combiner);
    h.value(static_cast<std::uint64_t>(ints.size()));
    h.bytes(ints.data(), ints.size() * sizeof(int));
    h.value(static_cast<std::uint64_t>(addresses.size()));
    h.bytes(addresses.data(), addresses.size() * sizeof(MPI_Aint));
    h.value(static_cast<std::uint64_t>(types.size()));
    for (const TypeArgument& t : types) {
        h.value(t.predefined);
        if (t.predefined != MPI_DATATYPE_NULL) continue;
        h.value(t.map ? t.map->digest() : std::uint64_t{0});
        h.value(static_cast<std::uint8_t>(t.committed));
        if (t.contents) t.contents->feed(h);
    }
}

} // namespace rankfold::mpi
