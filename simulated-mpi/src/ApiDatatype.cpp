// MPI functions on datatypes: the size and extent queries, addresses, and counting what a
// status says arrived. Local calls (see DatatypeCall.hpp).
#include "simulated-mpi/src/DatatypeCall.hpp"

#include <climits>
#include <limits>

using namespace rankfold::mpi;

namespace {

// The byte count a status holds (MpiWorld::write_status), or nullopt if it cannot be read.
std::optional<std::uint64_t> status_bytes(const MPI_Status* status) {
    MPI_Status s{};
    if (!rankfold::snapshot::copy_from_app(&s, status, sizeof s)) return std::nullopt;
    return static_cast<std::uint32_t>(s.rf_count_lo) |
           (static_cast<std::uint64_t>(s.rf_count_hi_and_cancelled & 0x7fffffff) << 32);
}

// MPI_Get_count: whole elements, MPI_UNDEFINED for a partial one; a size-0 type counts 0.
std::optional<std::uint64_t> whole_elements(std::uint64_t bytes, const Typemap& type) {
    if (type.size() == 0) return 0;
    if (bytes % type.size() != 0) return std::nullopt;
    return bytes / type.size();
}

template <class Count>
int count_received(const char* name, std::uintptr_t site, const MPI_Status* status,
                   MPI_Datatype datatype, Count* count, bool basic_elements) {
    DatatypeCall c(name, site);
    TypemapRef type = c.lookup(datatype);
    if (!type) return c.result();
    auto bytes = status_bytes(status);
    if (!bytes) return c.bad_argument(fmt::format("status ({}) is not readable", fmt::ptr(status)));
    auto n = basic_elements ? type->signature().elements_in(*bytes) : whole_elements(*bytes, *type);
    const bool fits = n && *n <= static_cast<std::uint64_t>(std::numeric_limits<Count>::max());
    return c.write(count, fits ? static_cast<Count>(*n) : static_cast<Count>(MPI_UNDEFINED),
                   "count");
}

// Writes two values of a query (lb and extent, say); MPI_SUCCESS or the first error.
template <class T>
int write_pair(const DatatypeCall& c, T* first, std::int64_t a, const char* first_name, T* second,
               std::int64_t b, const char* second_name) {
    const int rc = c.write(first, static_cast<T>(a), first_name);
    return rc != MPI_SUCCESS ? rc : c.write(second, static_cast<T>(b), second_name);
}

} // namespace

RF_EXPORT int MPI_Type_size(MPI_Datatype datatype, int* size) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_size", site);
    TypemapRef t = c.lookup(datatype);
    if (!t) return c.result();
    return c.write(size, t->size() > INT_MAX ? MPI_UNDEFINED : static_cast<int>(t->size()), "size");
}

RF_EXPORT int MPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint* lb, MPI_Aint* extent) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_get_extent", site);
    TypemapRef t = c.lookup(datatype);
    if (!t) return c.result();
    return write_pair(c, lb, t->lb(), "lb", extent, t->extent(), "extent");
}

RF_EXPORT int MPI_Get_address(const void* location, MPI_Aint* address) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Get_address", site);
    return c.write(address, reinterpret_cast<MPI_Aint>(location), "address");
}

RF_EXPORT int MPI_Get_count(const MPI_Status* status, MPI_Datatype datatype, int* count) {
    RF_MPI_ENTRY;
    return count_received("MPI_Get_count", site, status, datatype, count, false);
}
