// MPI functions that build derived datatypes (MPI 3.1 §4.1.2-4.1.7). Local calls: they run on
// the rank and change only its datatype table (DatatypeCall.hpp); the typemaps come from
// TypeConstructors.cpp.
#include "simulated-mpi/src/DarrayLayout.hpp"
#include "simulated-mpi/src/DatatypeCall.hpp"

#include <algorithm>

using namespace rankfold::mpi;

namespace {

bool any_negative(const std::vector<std::int64_t>& v) {
    return std::ranges::any_of(v, [](std::int64_t x) { return x < 0; });
}

void append_ints(std::vector<int>& to, const std::vector<std::int64_t>& from) {
    for (const std::int64_t v : from) to.push_back(static_cast<int>(v));
}

int vector_type(DatatypeCall& c, int count, int blocklength, std::int64_t stride, bool bytes,
                MPI_Datatype oldtype, MPI_Datatype* newtype) {
    if (count < 0) return c.negative_count(count);
    if (blocklength < 0) return c.bad_argument(fmt::format("negative blocklength {}", blocklength));
    TypemapRef old = c.lookup(oldtype);
    if (!old) return c.result();
    TypeContents how{bytes ? MPI_COMBINER_HVECTOR : MPI_COMBINER_VECTOR, {count, blocklength}};
    if (bytes)
        how.addresses.push_back(stride);
    else
        how.ints.push_back(static_cast<int>(stride));
    how.types.push_back(c.argument(oldtype));
    return c.define(bytes ? make_hvector(count, blocklength, stride, *old)
                          : make_vector(count, blocklength, stride, *old),
                    newtype, std::move(how));
}

template <class Disp>
int indexed_type(DatatypeCall& c, int count, const int* blocklengths, int blocklength,
                 const Disp* displacements, bool bytes, MPI_Datatype oldtype,
                 MPI_Datatype* newtype) {
    if (count < 0) return c.negative_count(count);
    std::vector<std::int64_t> lengths(static_cast<std::size_t>(count), blocklength);
    if (blocklengths != nullptr) {
        auto read = c.read(blocklengths, count, "array_of_blocklengths");
        if (!read) return c.result();
        lengths = std::move(*read);
    }
    if (any_negative(lengths)) return c.bad_argument("negative block length");
    auto disps = c.read(displacements, count, "array_of_displacements");
    if (!disps) return c.result();
    TypemapRef old = c.lookup(oldtype);
    if (!old) return c.result();
    // MPI 3.1 §4.1.13: the block forms keep one blocklength, the h-forms their displacements
    // as addresses.
    TypeContents how{blocklengths == nullptr
                         ? (bytes ? MPI_COMBINER_HINDEXED_BLOCK : MPI_COMBINER_INDEXED_BLOCK)
                         : (bytes ? MPI_COMBINER_HINDEXED : MPI_COMBINER_INDEXED),
                     {count}};
    if (blocklengths == nullptr)
        how.ints.push_back(blocklength);
    else
        append_ints(how.ints, lengths);
    if (bytes)
        how.addresses.assign(disps->begin(), disps->end());
    else
        append_ints(how.ints, *disps);
    how.types.push_back(c.argument(oldtype));
    return c.define(bytes ? make_hindexed(lengths, *disps, *old)
                          : make_indexed(lengths, *disps, *old),
                    newtype, std::move(how));
}

int struct_type(DatatypeCall& c, int count, const int* blocklengths, const MPI_Aint* displacements,
                const MPI_Datatype* types_in, MPI_Datatype* newtype) {
    if (count < 0) return c.negative_count(count);
    auto lengths = c.read(blocklengths, count, "array_of_blocklengths");
    if (!lengths) return c.result();
    if (any_negative(*lengths)) return c.bad_argument("negative block length");
    auto disps = c.read(displacements, count, "array_of_displacements");
    if (!disps) return c.result();
    auto types = c.read(types_in, count, "array_of_types");
    if (!types) return c.result();
    std::vector<TypemapRef> maps; // keeps the member typemaps alive while building
    std::vector<StructMember> members;
    TypeContents how{MPI_COMBINER_STRUCT, {count}};
    append_ints(how.ints, *lengths);
    how.addresses.assign(disps->begin(), disps->end());
    for (int i = 0; i < count; ++i) {
        const auto type = static_cast<MPI_Datatype>((*types)[i]);
        maps.push_back(c.lookup(type));
        if (!maps.back()) return c.result();
        members.push_back({type, maps.back().get(), (*lengths)[i], (*disps)[i]});
        how.types.push_back(c.argument(type));
    }
    return c.define(make_struct(members), newtype, std::move(how));
}

} // namespace

RF_EXPORT int MPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype* newtype) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_contiguous", site, local_arguments(count, oldtype, newtype));
    if (count < 0) return c.negative_count(count);
    TypemapRef old = c.lookup(oldtype);
    if (!old) return c.result();
    return c.define(make_contiguous(count, *old), newtype,
                    {MPI_COMBINER_CONTIGUOUS, {count}, {}, {c.argument(oldtype)}});
}

RF_EXPORT int MPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype,
                              MPI_Datatype* newtype) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_vector", site,
                   local_arguments(count, blocklength, stride, oldtype, newtype));
    return vector_type(c, count, blocklength, stride, false, oldtype, newtype);
}

RF_EXPORT int MPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride,
                                      MPI_Datatype oldtype, MPI_Datatype* newtype) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_create_hvector", site,
                   local_arguments(count, blocklength, stride, oldtype, newtype));
    return vector_type(c, count, blocklength, stride, true, oldtype, newtype);
}

// The MPI-1 name, deprecated but still in MPICH.
RF_EXPORT int MPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                               MPI_Datatype* newtype) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_hvector", site,
                   local_arguments(count, blocklength, stride, oldtype, newtype));
    return vector_type(c, count, blocklength, stride, true, oldtype, newtype);
}

RF_EXPORT int MPI_Type_indexed(int count, const int array_of_blocklengths[],
                               const int array_of_displacements[], MPI_Datatype oldtype,
                               MPI_Datatype* newtype) {
    RF_MPI_ENTRY;
    DatatypeCall c(
        "MPI_Type_indexed", site,
        local_arguments(count, array_of_blocklengths, array_of_displacements, oldtype, newtype));
    return indexed_type(c, count, array_of_blocklengths, 0, array_of_displacements, false, oldtype,
                        newtype);
}

RF_EXPORT int MPI_Type_create_hindexed(int count, const int array_of_blocklengths[],
                                       const MPI_Aint array_of_displacements[],
                                       MPI_Datatype oldtype, MPI_Datatype* newtype) {
    RF_MPI_ENTRY;
    DatatypeCall c(
        "MPI_Type_create_hindexed", site,
        local_arguments(count, array_of_blocklengths, array_of_displacements, oldtype, newtype));
    return indexed_type(c, count, array_of_blocklengths, 0, array_of_displacements, true, oldtype,
                        newtype);
}

RF_EXPORT int MPI_Type_create_indexed_block(int count, int blocklength,
                                            const int array_of_displacements[],
                                            MPI_Datatype oldtype, MPI_Datatype* newtype) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_create_indexed_block", site,
                   local_arguments(count, blocklength, array_of_displacements, oldtype, newtype));
    if (blocklength < 0) return c.bad_argument(fmt::format("negative blocklength {}", blocklength));
    return indexed_type(c, count, nullptr, blocklength, array_of_displacements, false, oldtype,
                        newtype);
}

RF_EXPORT int MPI_Type_create_hindexed_block(int count, int blocklength,
                                             const MPI_Aint array_of_displacements[],
                                             MPI_Datatype oldtype, MPI_Datatype* newtype) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_create_hindexed_block", site,
                   local_arguments(count, blocklength, array_of_displacements, oldtype, newtype));
    if (blocklength < 0) return c.bad_argument(fmt::format("negative blocklength {}", blocklength));
    return indexed_type(c, count, nullptr, blocklength, array_of_displacements, true, oldtype,
                        newtype);
}

RF_EXPORT int MPI_Type_create_struct(int count, const int array_of_blocklengths[],
                                     const MPI_Aint array_of_displacements[],
                                     const MPI_Datatype array_of_types[], MPI_Datatype* newtype) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_create_struct", site,
                   local_arguments(count, array_of_blocklengths, array_of_displacements,
                                   array_of_types, newtype));
    return struct_type(c, count, array_of_blocklengths, array_of_displacements, array_of_types,
                       newtype);
}

// The MPI-1 names MPI 3.0 removed, which real codes still use (MPICH keeps them).
RF_EXPORT int MPI_Type_struct(int count, const int array_of_blocklengths[],
                              const MPI_Aint array_of_displacements[],
                              const MPI_Datatype array_of_types[], MPI_Datatype* newtype) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_struct", site,
                   local_arguments(count, array_of_blocklengths, array_of_displacements,
                                   array_of_types, newtype));
    return struct_type(c, count, array_of_blocklengths, array_of_displacements, array_of_types,
                       newtype);
}

RF_EXPORT int MPI_Type_hindexed(int count, const int array_of_blocklengths[],
                                const MPI_Aint array_of_displacements[], MPI_Datatype oldtype,
                                MPI_Datatype* newtype) {
    RF_MPI_ENTRY;
    DatatypeCall c(
        "MPI_Type_hindexed", site,
        local_arguments(count, array_of_blocklengths, array_of_displacements, oldtype, newtype));
    return indexed_type(c, count, array_of_blocklengths, 0, array_of_displacements, true, oldtype,
                        newtype);
}

RF_EXPORT int MPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent,
                                      MPI_Datatype* newtype) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_create_resized", site, local_arguments(oldtype, lb, extent, newtype));
    TypemapRef old = c.lookup(oldtype);
    if (!old) return c.result();
    return c.define(make_resized(*old, lb, extent), newtype,
                    {MPI_COMBINER_RESIZED, {}, {lb, extent}, {c.argument(oldtype)}});
}

RF_EXPORT int MPI_Type_create_subarray(int ndims, const int array_of_sizes[],
                                       const int array_of_subsizes[], const int array_of_starts[],
                                       int order, MPI_Datatype oldtype, MPI_Datatype* newtype) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_create_subarray", site,
                   local_arguments(ndims, array_of_sizes, array_of_subsizes, array_of_starts, order,
                                   oldtype, newtype));
    if (ndims <= 0) return c.bad_argument(fmt::format("ndims is {} (must be positive)", ndims));
    if (order != MPI_ORDER_C && order != MPI_ORDER_FORTRAN)
        return c.bad_argument(
            fmt::format("order {} is neither MPI_ORDER_C nor MPI_ORDER_FORTRAN", order));
    auto sizes = c.read(array_of_sizes, ndims, "array_of_sizes");
    auto subsizes = sizes ? c.read(array_of_subsizes, ndims, "array_of_subsizes") : std::nullopt;
    auto starts = subsizes ? c.read(array_of_starts, ndims, "array_of_starts") : std::nullopt;
    if (!starts) return c.result();
    for (int i = 0; i < ndims; ++i) {
        const std::int64_t size = (*sizes)[i], sub = (*subsizes)[i], start = (*starts)[i];
        if (size < 1 || sub < 1 || sub > size || start < 0 || start > size - sub)
            return c.bad_argument(
                fmt::format("dimension {}: subarray of {} at {} does not fit an array of {}", i,
                            sub, start, size));
    }
    TypemapRef old = c.lookup(oldtype);
    if (!old) return c.result();
    TypeContents how{MPI_COMBINER_SUBARRAY, {ndims}};
    for (const auto* v : {&*sizes, &*subsizes, &*starts}) append_ints(how.ints, *v);
    how.ints.push_back(order);
    how.types.push_back(c.argument(oldtype));
    return c.define(make_subarray(*sizes, *subsizes, *starts,
                                  order == MPI_ORDER_C ? ArrayOrder::C : ArrayOrder::Fortran, *old),
                    newtype, std::move(how));
}

RF_EXPORT int MPI_Type_create_darray(int size, int rank, int ndims, const int array_of_gsizes[],
                                     const int array_of_distribs[], const int array_of_dargs[],
                                     const int array_of_psizes[], int order, MPI_Datatype oldtype,
                                     MPI_Datatype* newtype) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Type_create_darray", site,
                   local_arguments(size, rank, ndims, array_of_gsizes, array_of_distribs,
                                   array_of_dargs, array_of_psizes, order, oldtype, newtype));
    if (ndims <= 0) return c.bad_argument(fmt::format("ndims is {} (must be positive)", ndims));
    if (order != MPI_ORDER_C && order != MPI_ORDER_FORTRAN)
        return c.bad_argument(
            fmt::format("order {} is neither MPI_ORDER_C nor MPI_ORDER_FORTRAN", order));
    auto gsizes = c.read(array_of_gsizes, ndims, "array_of_gsizes");
    auto distribs = gsizes ? c.read(array_of_distribs, ndims, "array_of_distribs") : std::nullopt;
    auto dargs = distribs ? c.read(array_of_dargs, ndims, "array_of_dargs") : std::nullopt;
    auto psizes = dargs ? c.read(array_of_psizes, ndims, "array_of_psizes") : std::nullopt;
    if (!psizes) return c.result();
    std::vector<DarrayDim> dims;
    std::int64_t total = 1;
    for (int i = 0; i < ndims; ++i) {
        dims.push_back({static_cast<int>((*gsizes)[i]), static_cast<int>((*distribs)[i]),
                        static_cast<int>((*dargs)[i]), static_cast<int>((*psizes)[i])});
        total *= (*gsizes)[i];
    }
    const auto offsets = darray_offsets(size, rank, dims,
                                        order == MPI_ORDER_C ? ArrayOrder::C : ArrayOrder::Fortran);
    if (!offsets) return c.bad_argument(offsets.error().message);
    TypemapRef old = c.lookup(oldtype);
    if (!old) return c.result();
    TypeContents how{MPI_COMBINER_DARRAY, {size, rank, ndims}};
    for (const auto* v : {&*gsizes, &*distribs, &*dargs, &*psizes}) append_ints(how.ints, *v);
    how.ints.push_back(order);
    how.types.push_back(c.argument(oldtype));
    return c.define(make_darray(*offsets, total, *old), newtype, std::move(how));
}
