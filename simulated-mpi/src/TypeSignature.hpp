// A type signature (MPI 3.1 §3.3.1, §4.1): the sequence of basic datatypes a message is made of,
// displacements left out. Sender and receiver must agree on it: the receiver's signature (its
// datatype repeated `count` times) must start with the whole of the sender's.
//
// Kept run-length encoded, as a unit (a list of runs, shared between copies: an immutable value)
// repeated `repeat()` times, so a message of a million structs costs one unit and a number.
// Equality, prefixes and the hash are those of the sequence, whatever unit and repeat spell it:
// {MPI_INT, MPI_FLOAT} twice equals MPI_INT, MPI_FLOAT, MPI_INT, MPI_FLOAT.
#pragma once

#include "simulated-mpi/src/PredefinedTypes.hpp"
#include "simulated-mpi/src/StateHasher.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace rankfold::mpi {

struct SignatureRun {
    BasicIndex basic = 0; // a predefined type of kind Basic
    std::uint64_t count = 0;
    friend bool operator==(const SignatureRun&, const SignatureRun&) = default;
};

class TypeSignature {
public:
    TypeSignature() = default; // the empty signature
    // The sequence these runs spell (adjacent runs of one type are merged, empty ones dropped).
    explicit TypeSignature(std::span<const SignatureRun> runs);
    static TypeSignature of(BasicIndex basic, std::uint64_t count);

    // This sequence repeated n times (the signature of `n` elements of a datatype).
    TypeSignature times(std::uint64_t n) const;

    // The runs of one unit, and how often the unit repeats.
    std::span<const SignatureRun> unit() const;
    std::uint64_t repeat() const { return repeat_; }
    bool empty() const { return repeat_ == 0 || unit().empty(); }

    // Number of basic elements, and their total size in bytes.
    std::uint64_t elements() const { return unit_elements_ * repeat_; }
    std::uint64_t total_size() const { return unit_size_ * repeat_; }

    // {type, count} if the sequence is one basic type repeated (MPI_INT x 6); the empty
    // signature is none.
    std::optional<SignatureRun> uniform() const;
    // {pair type, count} if the sequence is `count` MINLOC/MAXLOC pairs, e.g. MPI_DOUBLE, MPI_INT
    // repeated: {index of MPI_DOUBLE_INT, count}. MPI_INT x 2n is n MPI_2INT.
    std::optional<SignatureRun> uniform_pairs() const;
    bool contains(BasicIndex basic) const;

    // How many whole basic elements the first `bytes` bytes of this sequence (repeated without
    // end) hold: nullopt if `bytes` ends inside one. For MPI_Get_elements.
    std::optional<std::uint64_t> elements_in(std::uint64_t bytes) const;
    // The bytes that `elements` basic elements of consecutive copies take: the inverse of
    // elements_in (MPI_Status_set_elements). None for a type without elements and elements > 0.
    std::optional<std::uint64_t> bytes_of(std::uint64_t elements) const;

    // "4 x MPI_INT", "3 x {MPI_INT, 2 x MPI_DOUBLE}", "empty"; long units are abbreviated.
    std::string describe() const;

    // Feeds the sequence (not its spelling) into a state hash.
    void feed(StateHasher& h) const;
    friend bool operator==(const TypeSignature& a, const TypeSignature& b);

private:
    // Most signatures are one run: kept inline, no allocation, repeat folded into its count.
    SignatureRun single_{};
    std::shared_ptr<const std::vector<SignatureRun>> runs_; // two runs or more
    std::uint64_t repeat_ = 1;
    std::uint64_t unit_elements_ = 0;
    std::uint64_t unit_size_ = 0;
};

// How two signatures relate, element by element.
enum class SignatureOrder : std::uint8_t {
    Equal,
    Prefix,  // the first is a proper prefix of the second
    Extends, // the second is a proper prefix of the first
    Differ,  // they differ at element `common`
};
struct SignatureComparison {
    SignatureOrder order;
    std::uint64_t common; // elements the two agree on before the first difference or end
};
SignatureComparison compare_signatures(const TypeSignature& a, const TypeSignature& b);

// Whether two signatures agree as far as both go (one is a prefix of the other), or either uses
// MPI_PACKED, which matches anything. A message `sent` may be received into a buffer of
// signature `received` if they agree and `received` is not shorter (else: truncation).
bool signatures_agree(const TypeSignature& a, const TypeSignature& b);

} // namespace rankfold::mpi
