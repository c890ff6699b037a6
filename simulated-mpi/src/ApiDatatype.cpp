// MPI functions on datatypes other than the constructors: commit, free, dup, the size and
// extent queries, addresses, and counting what a status says arrived. Local calls (see
// DatatypeCall.hpp).
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/DatatypeCall.hpp"
#include "simulated-mpi/src/TypeAttributes.hpp"

#include <climits>
#include <cstdio>
#include <cstring>
#include <limits>
#include <span>

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

// The names of the Fortran datatypes of the C interface (rankfold_mpi_constants.h, by their
// RF_UNSUPPORTED_DATATYPE number): no call communicates with them, but MPI_Type_get_name names
// them, as MPICH's typename test asks of every predefined type.
const char* fortran_type_name(MPI_Datatype type) {
    static constexpr const char* kNames[] = {
        nullptr,
        "MPI_CHARACTER",
        "MPI_INTEGER",
        "MPI_REAL",
        "MPI_LOGICAL",
        "MPI_COMPLEX",
        "MPI_DOUBLE_PRECISION",
        "MPI_2INTEGER",
        "MPI_2REAL",
        "MPI_2DOUBLE_PRECISION",
        "MPI_DOUBLE_COMPLEX",
        "MPI_INTEGER1",
        "MPI_INTEGER2",
        "MPI_INTEGER4",
        "MPI_INTEGER8",
        "MPI_INTEGER16",
        "MPI_REAL2",
        "MPI_REAL4",
        "MPI_REAL8",
        "MPI_REAL16",
        "MPI_COMPLEX4",
        "MPI_COMPLEX8",
        "MPI_COMPLEX16",
        "MPI_COMPLEX32",
    };
    for (std::size_t n = 1; n < std::size(kNames); ++n)
        if (type == static_cast<MPI_Datatype>(RF_UNSUPPORTED_DATATYPE(static_cast<int>(n))))
            return kNames[n];
    return nullptr;
}

} // namespace

RF_EXPORT int MPI_Type_commit(MPI_Datatype* datatype) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_commit", site, local_arguments(datatype));
    MPI_Datatype type = MPI_DATATYPE_NULL;
    if (!rankfold::snapshot::copy_from_app(&type, datatype, sizeof type))
        return c.bad_argument("the datatype argument is not readable");
    // Committing a committed type, or a predefined one, is allowed and does nothing.
    if (c.table().commit(type) || predefined_index(type)) return MPI_SUCCESS;
    return c.invalid_type(type);
}

RF_EXPORT int MPI_Type_free(MPI_Datatype* datatype) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_free", site, local_arguments(datatype));
    MPI_Datatype type = MPI_DATATYPE_NULL;
    if (!rankfold::snapshot::copy_from_app(&type, datatype, sizeof type))
        return c.bad_argument("the datatype argument is not readable");
    if (predefined_index(type))
        return c.error(MPI_ERR_TYPE, Misuse::InvalidArgument,
                       fmt::format("{} is predefined and cannot be freed", datatype_name(type)));
    if (!c.table().derived(type)) return c.invalid_type(type);
    // Its attributes' delete functions run first (MPI 3.1 §6.7.4); one failing stops the free.
    if (const TypeCallbackFailure f = delete_type_attributes(
            rank_gate().world(), rank_gate().current_rank(), rf_section_, type);
        f.code != MPI_SUCCESS)
        return c.error(
            f.code, Misuse::InvalidArgument,
            fmt::format("the delete function of key {:#x} returned {}", f.keyval, f.code));
    // Pending requests keep their own reference to the typemap: the free is deferred for them.
    if (!c.table().release(type)) return c.invalid_type(type);
    return c.write(datatype, static_cast<MPI_Datatype>(MPI_DATATYPE_NULL), "datatype");
}

RF_EXPORT int MPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype* newtype) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_dup", site, local_arguments(oldtype, newtype));
    TypemapRef old = c.lookup(oldtype);
    if (!old) return c.result();
    // The copy is committed if the original is (MPI 3.1 §4.1.10).
    const bool committed = c.table().committed(oldtype);
    const TypeArgument original = c.argument(oldtype);
    const MPI_Datatype copy = c.table().create(old, site, committed);
    c.table().set_contents(copy, make_contents({MPI_COMBINER_DUP, {}, {}, {original}}));
    // The attributes whose copy functions say so go with it (MPI 3.1 §6.7.4).
    if (const TypeCallbackFailure f = copy_type_attributes(
            rank_gate().world(), rank_gate().current_rank(), rf_section_, oldtype, copy);
        f.code != MPI_SUCCESS) {
        c.table().release(copy);
        c.write(newtype, static_cast<MPI_Datatype>(MPI_DATATYPE_NULL), "newtype");
        return c.error(f.code, Misuse::InvalidArgument,
                       fmt::format("the copy function of key {:#x} returned {}", f.keyval, f.code));
    }
    return c.store(copy, newtype);
}

RF_EXPORT int MPI_Type_size(MPI_Datatype datatype, int* size) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_size", site, local_arguments(datatype, size));
    TypemapRef t = c.lookup(datatype);
    if (!t) return c.result();
    return c.write(size, t->size() > INT_MAX ? MPI_UNDEFINED : static_cast<int>(t->size()), "size");
}

RF_EXPORT int MPI_Type_size_x(MPI_Datatype datatype, MPI_Count* size) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_size_x", site, local_arguments(datatype, size));
    TypemapRef t = c.lookup(datatype);
    if (!t) return c.result();
    return c.write(size, static_cast<MPI_Count>(t->size()), "size");
}

RF_EXPORT int MPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint* lb, MPI_Aint* extent) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_get_extent", site, local_arguments(datatype, lb, extent));
    TypemapRef t = c.lookup(datatype);
    if (!t) return c.result();
    return write_pair(c, lb, t->lb(), "lb", extent, t->extent(), "extent");
}

RF_EXPORT int MPI_Type_get_extent_x(MPI_Datatype datatype, MPI_Count* lb, MPI_Count* extent) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_get_extent_x", site, local_arguments(datatype, lb, extent));
    TypemapRef t = c.lookup(datatype);
    if (!t) return c.result();
    return write_pair(c, lb, t->lb(), "lb", extent, t->extent(), "extent");
}

RF_EXPORT int MPI_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint* true_lb,
                                       MPI_Aint* true_extent) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_get_true_extent", site,
                   local_arguments(datatype, true_lb, true_extent));
    TypemapRef t = c.lookup(datatype);
    if (!t) return c.result();
    return write_pair(c, true_lb, t->true_lb(), "true_lb", true_extent, t->true_extent(),
                      "true_extent");
}

RF_EXPORT int MPI_Type_get_true_extent_x(MPI_Datatype datatype, MPI_Count* true_lb,
                                         MPI_Count* true_extent) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_get_true_extent_x", site,
                   local_arguments(datatype, true_lb, true_extent));
    TypemapRef t = c.lookup(datatype);
    if (!t) return c.result();
    return write_pair(c, true_lb, t->true_lb(), "true_lb", true_extent, t->true_extent(),
                      "true_extent");
}

// The MPI-1 names MPI 3.0 removed, which real codes still use (MPICH keeps them): extent and
// bounds one at a time, and MPI_Address.
RF_EXPORT int MPI_Type_extent(MPI_Datatype datatype, MPI_Aint* extent) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_extent", site, local_arguments(datatype, extent));
    TypemapRef t = c.lookup(datatype);
    if (!t) return c.result();
    return c.write(extent, static_cast<MPI_Aint>(t->extent()), "extent");
}

RF_EXPORT int MPI_Type_lb(MPI_Datatype datatype, MPI_Aint* displacement) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_lb", site, local_arguments(datatype, displacement));
    TypemapRef t = c.lookup(datatype);
    if (!t) return c.result();
    return c.write(displacement, static_cast<MPI_Aint>(t->lb()), "displacement");
}

RF_EXPORT int MPI_Type_ub(MPI_Datatype datatype, MPI_Aint* displacement) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_ub", site, local_arguments(datatype, displacement));
    TypemapRef t = c.lookup(datatype);
    if (!t) return c.result();
    return c.write(displacement, static_cast<MPI_Aint>(t->ub()), "displacement");
}

RF_EXPORT int MPI_Address(void* location, MPI_Aint* address) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Address", site, local_arguments(location, address));
    return c.write(address, reinterpret_cast<MPI_Aint>(location), "address");
}

RF_EXPORT int MPI_Type_set_name(MPI_Datatype datatype, const char* type_name) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_set_name", site, local_arguments(datatype, type_name));
    if (!c.lookup(datatype)) return c.result();
    // Longer names are cut to MPI_MAX_OBJECT_NAME - 1 characters (MPI 3.1 §6.8).
    char text[MPI_MAX_OBJECT_NAME] = {};
    if (type_name == nullptr || !read_app_string(type_name, text, sizeof text))
        return c.bad_argument("the name is not a readable string");
    c.table().set_name(datatype, text);
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Type_get_name(MPI_Datatype datatype, char* type_name, int* resultlen) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_get_name", site, local_arguments(datatype, type_name, resultlen));
    const char* fortran = fortran_type_name(datatype);
    if (fortran == nullptr && !c.lookup(datatype)) return c.result();
    const std::string name = fortran ? fortran : c.table().name(datatype);
    char text[MPI_MAX_OBJECT_NAME] = {};
    std::snprintf(text, sizeof text, "%s", name.c_str());
    const std::size_t length = std::strlen(text);
    if (!rankfold::snapshot::copy_to_app(type_name, text, length + 1))
        return c.bad_argument("type_name is not writable");
    return c.write(resultlen, static_cast<int>(length), "resultlen");
}

RF_EXPORT int MPI_Get_address(const void* location, MPI_Aint* address) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Get_address", site, local_arguments(location, address));
    return c.write(address, reinterpret_cast<MPI_Aint>(location), "address");
}

// Address arithmetic on unsigned integers: wrapping, never undefined.
RF_EXPORT MPI_Aint MPI_Aint_add(MPI_Aint base, MPI_Aint disp) {
    return static_cast<MPI_Aint>(static_cast<std::uint64_t>(base) +
                                 static_cast<std::uint64_t>(disp));
}

RF_EXPORT MPI_Aint MPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2) {
    return static_cast<MPI_Aint>(static_cast<std::uint64_t>(addr1) -
                                 static_cast<std::uint64_t>(addr2));
}

RF_EXPORT int MPI_Get_count(const MPI_Status* status, MPI_Datatype datatype, int* count) {
    RF_MPI_ENTRY;
    return count_received("MPI_Get_count", site, status, datatype, count, false);
}

RF_EXPORT int MPI_Get_elements(const MPI_Status* status, MPI_Datatype datatype, int* count) {
    RF_MPI_ENTRY;
    return count_received("MPI_Get_elements", site, status, datatype, count, true);
}

RF_EXPORT int MPI_Get_elements_x(const MPI_Status* status, MPI_Datatype datatype,
                                 MPI_Count* count) {
    RF_MPI_ENTRY;
    return count_received("MPI_Get_elements_x", site, status, datatype, count, true);
}

// MPI 3.1 §17.1.9: a predefined type of the class and size; here the C types, since Rankfold
// has no Fortran ones. A size no type of the class has is MPI_ERR_ARG, as the standard asks.
RF_EXPORT int MPI_Type_match_size(int typeclass, int size, MPI_Datatype* datatype) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_match_size", site, local_arguments(typeclass, size, datatype));
    const MPI_Datatype reals[] = {MPI_FLOAT, MPI_DOUBLE, MPI_LONG_DOUBLE};
    const MPI_Datatype integers[] = {MPI_INT8_T, MPI_INT16_T, MPI_INT32_T, MPI_INT64_T};
    const MPI_Datatype complexes[] = {MPI_C_FLOAT_COMPLEX, MPI_C_DOUBLE_COMPLEX,
                                      MPI_C_LONG_DOUBLE_COMPLEX};
    std::span<const MPI_Datatype> candidates;
    if (typeclass == MPI_TYPECLASS_REAL)
        candidates = reals;
    else if (typeclass == MPI_TYPECLASS_INTEGER)
        candidates = integers;
    else if (typeclass == MPI_TYPECLASS_COMPLEX)
        candidates = complexes;
    else
        return c.bad_argument(fmt::format("invalid type class {} (MPI_TYPECLASS_REAL, "
                                          "MPI_TYPECLASS_INTEGER or MPI_TYPECLASS_COMPLEX)",
                                          typeclass));
    for (const MPI_Datatype type : candidates)
        if (TypemapRef t = c.table().find(type); t && t->size() == static_cast<std::uint64_t>(size))
            return c.write(datatype, type, "datatype");
    return c.bad_argument(
        fmt::format("no predefined type of class {} has size {}", typeclass, size));
}
