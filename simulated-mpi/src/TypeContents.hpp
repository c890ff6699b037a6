// How a derived datatype was made (MPI 3.1 §4.1.13): the combiner and the integer, address and
// datatype arguments of its constructor, as MPI_Type_get_envelope and MPI_Type_get_contents
// return them. A datatype argument that was itself derived is kept as what it was then (its
// typemap and contents), not as a handle: the program may free that handle, and
// MPI_Type_get_contents returns a new handle for it anyway (the caller frees it).
//
// A value: every DatatypeEntry carries one, shared and immutable through ContentsRef, whose ==
// compares contents, not pointers.
#pragma once

#include "simulated-mpi/src/StateHasher.hpp"
#include "simulated-mpi/src/Typemap.hpp"

#include <mpi.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace rankfold::mpi {

struct TypeContents;

class ContentsRef {
public:
    ContentsRef() = default;
    explicit ContentsRef(std::shared_ptr<const TypeContents> c) : c_(std::move(c)) {}
    const TypeContents* get() const { return c_.get(); }
    const TypeContents& operator*() const { return *c_; }
    const TypeContents* operator->() const { return c_.get(); }
    explicit operator bool() const { return c_ != nullptr; }
    friend bool operator==(const ContentsRef& a, const ContentsRef& b);

private:
    std::shared_ptr<const TypeContents> c_;
};

// One datatype argument of a constructor: a predefined handle, or a derived type as it was.
struct TypeArgument {
    MPI_Datatype predefined = MPI_DATATYPE_NULL; // MPI_DATATYPE_NULL: derived
    TypemapRef map{};                            // derived: its typemap,
    ContentsRef contents{};                      // how it was made,
    bool committed = false;                      // and whether it was committed
    friend bool operator==(const TypeArgument&, const TypeArgument&) = default;
};

struct TypeContents {
    int combiner = MPI_COMBINER_NAMED;
    std::vector<int> ints{};
    std::vector<MPI_Aint> addresses{};
    std::vector<TypeArgument> types{};
    friend bool operator==(const TypeContents&, const TypeContents&) = default;
    // A digest of the contents, arguments included, for the state hash.
    void feed(StateHasher& h) const;
};

inline bool operator==(const ContentsRef& a, const ContentsRef& b) {
    return a.c_ == b.c_ || (a.c_ && b.c_ && *a.c_ == *b.c_);
}

inline ContentsRef make_contents(TypeContents c) {
    return ContentsRef(std::make_shared<const TypeContents>(std::move(c)));
}

} // namespace rankfold::mpi
