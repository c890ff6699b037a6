// The outcome of a pure MPI semantics function: a value, or the error class an MPI library
// returns for the same arguments plus a message for the report. The pure modules (groups,
// topologies) return errors instead of throwing so that the caller decides how a usage error
// is reported (as a violation of the rank that made the call).
#pragma once

#include <mpi.h>

#include <string>
#include <utility>
#include <variant>

namespace rankfold::mpi {

struct MpiError {
    int code = MPI_ERR_OTHER; // an error class from mpi.h
    std::string message;
    friend bool operator==(const MpiError&, const MpiError&) = default;
};

template <class T> class MpiResult {
public:
    MpiResult(T value) : v_(std::move(value)) {}        // NOLINT(google-explicit-constructor)
    MpiResult(MpiError error) : v_(std::move(error)) {} // NOLINT(google-explicit-constructor)

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }

    const T& value() const& { return std::get<0>(v_); }
    T& value() & { return std::get<0>(v_); }
    T&& value() && { return std::get<0>(std::move(v_)); }
    const T& operator*() const& { return value(); }
    const T* operator->() const { return &value(); }

    const MpiError& error() const { return std::get<1>(v_); }
    // MPI_SUCCESS or the error class, as the C function would return it.
    int code() const { return ok() ? MPI_SUCCESS : error().code; }

private:
    std::variant<T, MpiError> v_;
};

} // namespace rankfold::mpi
