// Decoding datatypes (MPI 3.1 §4.1.13): MPI_Type_get_envelope and MPI_Type_get_contents read the
// TypeContents every derived type carries. Local calls.
#include "simulated-mpi/src/DatatypeCall.hpp"

using namespace rankfold::mpi;

RF_EXPORT int MPI_Type_get_envelope(MPI_Datatype datatype, int* num_integers, int* num_addresses,
                                    int* num_datatypes, int* combiner) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_get_envelope", site,
                   local_arguments(datatype, num_integers, num_addresses, num_datatypes, combiner));
    if (!c.lookup(datatype)) return c.result();
    const DatatypeEntry* e = c.table().derived(datatype);
    const TypeContents named{};
    const TypeContents& how = e != nullptr && e->contents ? *e->contents : named;
    for (const auto& [where, value, what] :
         {std::tuple{num_integers, static_cast<int>(how.ints.size()), "num_integers"},
          std::tuple{num_addresses, static_cast<int>(how.addresses.size()), "num_addresses"},
          std::tuple{num_datatypes, static_cast<int>(how.types.size()), "num_datatypes"},
          std::tuple{combiner, how.combiner, "combiner"}})
        if (const int rc = c.write(where, value, what); rc != MPI_SUCCESS) return rc;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Type_get_contents(MPI_Datatype datatype, int max_integers, int max_addresses,
                                    int max_datatypes, int array_of_integers[],
                                    MPI_Aint array_of_addresses[],
                                    MPI_Datatype array_of_datatypes[]) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_get_contents", site,
                   local_arguments(datatype, max_integers, max_addresses, max_datatypes,
                                   array_of_integers, array_of_addresses, array_of_datatypes));
    if (!c.lookup(datatype)) return c.result();
    const DatatypeEntry* e = c.table().derived(datatype);
    if (e == nullptr || !e->contents)
        return c.error(MPI_ERR_TYPE, Misuse::InvalidArgument,
                       fmt::format("{} is a predefined datatype (combiner MPI_COMBINER_NAMED): "
                                   "MPI_Type_get_contents is erroneous for it",
                                   c.table().name(datatype)));
    // The table may grow below (new handles), which moves its entries but not what they share.
    // No owning copy on the rank's stack: an error here may end the rank inside this call, and
    // a stack that is never unwound would keep the contents alive (a leak).
    const TypeContents* how = e->contents.get();
    const auto too_small = [&](const char* what, int max, std::size_t needed) {
        return c.bad_argument(fmt::format("{} is {}, less than the {} MPI_Type_get_envelope "
                                          "gives for this datatype",
                                          what, max, needed));
    };
    if (max_integers < static_cast<int>(how->ints.size()))
        return too_small("max_integers", max_integers, how->ints.size());
    if (max_addresses < static_cast<int>(how->addresses.size()))
        return too_small("max_addresses", max_addresses, how->addresses.size());
    if (max_datatypes < static_cast<int>(how->types.size()))
        return too_small("max_datatypes", max_datatypes, how->types.size());
    for (std::size_t i = 0; i < how->ints.size(); ++i)
        if (const int rc = c.write(array_of_integers + i, how->ints[i], "array_of_integers");
            rc != MPI_SUCCESS)
            return rc;
    for (std::size_t i = 0; i < how->addresses.size(); ++i)
        if (const int rc = c.write(array_of_addresses + i, how->addresses[i], "array_of_addresses");
            rc != MPI_SUCCESS)
            return rc;
    // A derived argument comes back as a new handle, which the caller frees (MPI 3.1 §4.1.13).
    for (std::size_t i = 0; i < how->types.size(); ++i) {
        const TypeArgument& t = how->types[i];
        MPI_Datatype handle = t.predefined;
        if (handle == MPI_DATATYPE_NULL) {
            handle = c.table().create(t.map, site, t.committed);
            c.table().set_contents(handle, t.contents);
        }
        if (const int rc = c.store(handle, array_of_datatypes + i); rc != MPI_SUCCESS) return rc;
    }
    return MPI_SUCCESS;
}
