// One rank's error classes and codes added by the program (MPI 3.1 §8.5): MPI_Add_error_class,
// MPI_Add_error_code and MPI_Add_error_string. They are local to the process, numbered from
// MPI_ERR_LASTCODE + 1 in the order made, classes and codes alike (a class is also a code).
#pragma once

#include "simulated-mpi/src/StateHasher.hpp"

#include <mpi.h>

#include <optional>
#include <string>
#include <vector>

namespace rankfold::mpi {

class ErrorCodeTable {
public:
    // A new class (its own class) or a new code of `error_class`; the new value.
    int add_class();
    int add_code(int error_class);
    // Whether `code` is an added one; its class; its string (empty until set).
    bool added(int code) const { return index(code).has_value(); }
    std::optional<int> class_of(int code) const;
    const std::string* text(int code) const;
    bool set_text(int code, std::string text);
    // MPI_LASTUSEDCODE: the largest code in use.
    int last_used() const { return MPI_ERR_LASTCODE + static_cast<int>(entries_.size()); }
    bool empty() const { return entries_.empty(); }
    void feed(StateHasher& h) const;
    friend bool operator==(const ErrorCodeTable&, const ErrorCodeTable&) = default;

private:
    struct Entry {
        int error_class;
        std::string text;
        friend bool operator==(const Entry&, const Entry&) = default;
    };
    std::optional<std::size_t> index(int code) const;
    std::vector<Entry> entries_; // entry i is code MPI_ERR_LASTCODE + 1 + i
};

} // namespace rankfold::mpi
