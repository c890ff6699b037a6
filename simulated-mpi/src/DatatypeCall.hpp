// Shared by the local datatype calls (ApiDatatype.cpp, ApiTypeConstructors.cpp): the calling
// rank's table, argument reading through guarded copies, and errors raised as MPI would.
#pragma once

#include "simulated-mpi/src/Api.hpp"
#include "simulated-mpi/src/TypeConstructors.hpp"
#include "snapshot/GuardedCopy.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rankfold::mpi {

class DatatypeCall {
public:
    // `args`: the call's C arguments, for the property monitors (see RF_LOCAL_ENTRY).
    DatatypeCall(const char* name, std::uintptr_t site, LocalArguments args = {})
        : name_(name), site_(site), world_(rank_gate().world()), rank_(rank_gate().current_rank()) {
        rank_gate().local_call(name, site, args);
    }

    DatatypeTable& table() { return world_.rank_state(rank_).datatypes; }

    // Raises an error of this call on MPI_COMM_WORLD; returns what the call returns.
    int error(int code, Misuse misuse, std::string message) const {
        return rank_gate().local_error(name_, MPI_COMM_WORLD, code, misuse, std::move(message),
                                       site_);
    }
    int invalid_type(MPI_Datatype type) const {
        return error(
            MPI_ERR_TYPE, Misuse::InvalidHandle,
            type == MPI_DATATYPE_NULL
                ? std::string("MPI_DATATYPE_NULL is not a valid datatype here")
                : fmt::format("invalid datatype handle {:#x} (freed, or never created)", type));
    }
    int negative_count(std::int64_t count) const {
        return error(MPI_ERR_COUNT, Misuse::InvalidCount, fmt::format("negative count {}", count));
    }
    int bad_argument(std::string message) const {
        return error(MPI_ERR_ARG, Misuse::InvalidArgument, std::move(message));
    }

    // `type` as this rank sees it; none after an error (then `result()` is what to return).
    TypemapRef lookup(MPI_Datatype type) {
        TypemapRef map = table().find(type);
        if (!map) result_ = invalid_type(type);
        return map;
    }
    int result() const { return result_; }

    // `count` elements of an application array, as 64-bit values; nullopt after an error.
    template <class T>
    std::optional<std::vector<std::int64_t>> read(const T* array, int count, const char* what) {
        std::vector<T> raw(static_cast<std::size_t>(count));
        if (count > 0 && !snapshot::copy_from_app(raw.data(), array, raw.size() * sizeof(T))) {
            result_ = bad_argument(fmt::format("{} ({}) is not readable", what, fmt::ptr(array)));
            return std::nullopt;
        }
        return std::vector<std::int64_t>(raw.begin(), raw.end());
    }

    // Stores an output argument; MPI_SUCCESS or the error.
    template <class T> int write(T* where, T value, const char* what) const {
        if (snapshot::copy_to_app(where, &value, sizeof(T))) return MPI_SUCCESS;
        return bad_argument(fmt::format("{} ({}) is not writable", what, fmt::ptr(where)));
    }

    // Registers a new datatype made as `contents` says and stores its handle in *newtype.
    int define(std::optional<Typemap> map, MPI_Datatype* newtype, TypeContents contents) {
        if (!map)
            return error(MPI_ERR_ARG, Misuse::Unsupported,
                         fmt::format("the datatype is too large for Rankfold (more than {} "
                                     "blocks, or an extent that overflows)",
                                     TypemapBuilder::kMaxBlocks));
        const MPI_Datatype handle = table().create(std::move(*map), site_);
        table().set_contents(handle, make_contents(std::move(contents)));
        return store(handle, newtype);
    }
    // `type` (valid) as a constructor's datatype argument.
    TypeArgument argument(MPI_Datatype type) {
        const DatatypeEntry* e = table().derived(type);
        if (e == nullptr) return TypeArgument{type};
        return TypeArgument{MPI_DATATYPE_NULL, e->map, e->contents, e->committed};
    }
    int store(MPI_Datatype handle, MPI_Datatype* newtype) {
        const int rc = write(newtype, handle, "newtype");
        if (rc != MPI_SUCCESS) table().release(handle);
        return rc;
    }
    std::uintptr_t site() const { return site_; }

private:
    const char* name_;
    std::uintptr_t site_;
    MpiWorld& world_;
    int rank_;
    int result_ = MPI_SUCCESS;
};

} // namespace rankfold::mpi
