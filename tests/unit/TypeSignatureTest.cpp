// Type signatures: the sequence of basic types, whatever unit and repeat spell it; the prefix
// rule of MPI 3.1 §3.3.1 (a message may be shorter than the receive buffer), MPI_PACKED and
// MPI_BYTE, counting basic elements for MPI_Get_elements, and the questions reductions ask.
#include "simulated-mpi/src/TypeSignature.hpp"
#include "simulated-mpi/src/TypeConstructors.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

using namespace rankfold::mpi;

namespace {

BasicIndex idx(MPI_Datatype type) {
    return *predefined_index(type);
}

TypeSignature of(MPI_Datatype type, std::uint64_t count = 1) {
    return TypeSignature::of(idx(type), count);
}

TypeSignature seq(std::initializer_list<SignatureRun> runs) {
    return TypeSignature(std::span(runs.begin(), runs.size()));
}

std::uint64_t digest(const TypeSignature& s) {
    StateHasher h;
    s.feed(h);
    return h.digest();
}

SignatureOrder order(const TypeSignature& a, const TypeSignature& b) {
    return compare_signatures(a, b).order;
}

} // namespace

TEST_CASE("a signature is its sequence of basic types, however spelled", "[datatype]") {
    const SignatureRun i{idx(MPI_INT), 1}, f{idx(MPI_FLOAT), 1};
    const TypeSignature pair = seq({i, f});
    CHECK(pair.times(2) == seq({i, f, i, f}));
    CHECK(digest(pair.times(2)) == digest(seq({i, f, i, f})));
    CHECK(pair.times(2).elements() == 4);
    CHECK(pair.times(2).total_size() == 16);
    CHECK_FALSE(pair.times(2) == seq({i, f, f, i}));
    CHECK(digest(pair.times(2)) != digest(seq({i, f, f, i})));
    // Runs merge: {INT, INT} is 2 x INT, and so are its repetitions.
    CHECK(seq({i, i}) == of(MPI_INT, 2));
    CHECK(of(MPI_INT, 2).times(3) == of(MPI_INT, 6));
    // Across units too: {INT, FLOAT, INT} twice has a run of two ints in the middle.
    const TypeSignature ifi = seq({i, f, i}).times(2);
    CHECK(ifi == seq({i, f, {idx(MPI_INT), 2}, f, i}));
    CHECK(digest(ifi) == digest(seq({i, f, {idx(MPI_INT), 2}, f, i})));
    CHECK(TypeSignature().empty());
    CHECK(of(MPI_INT).times(0).empty());
    CHECK(of(MPI_INT).times(0) == TypeSignature());
    // MPI_LONG_LONG is MPI_LONG_LONG_INT: the same handle.
    CHECK(of(MPI_LONG_LONG) == of(MPI_LONG_LONG_INT));
}

TEST_CASE("the receiver's signature must start with the sender's", "[datatype]") {
    CHECK(order(of(MPI_INT, 4), of(MPI_INT, 4)) == SignatureOrder::Equal);
    CHECK(order(of(MPI_INT, 4), of(MPI_INT, 6)) == SignatureOrder::Prefix);
    CHECK(order(of(MPI_INT, 6), of(MPI_INT, 4)) == SignatureOrder::Extends);
    const auto mismatch = compare_signatures(of(MPI_INT, 4), of(MPI_FLOAT, 4));
    CHECK(mismatch.order == SignatureOrder::Differ);
    CHECK(mismatch.common == 0);
    // {INT, DOUBLE} x 2 against INT, DOUBLE, INT, FLOAT: equal for 3 elements.
    const SignatureRun i{idx(MPI_INT), 1}, d{idx(MPI_DOUBLE), 1}, f{idx(MPI_FLOAT), 1};
    const auto late = compare_signatures(seq({i, d}).times(2), seq({i, d, i, f}));
    CHECK(late.order == SignatureOrder::Differ);
    CHECK(late.common == 3);
    CHECK(order(seq({i, d}), seq({i, d}).times(3)) == SignatureOrder::Prefix);
    // The empty message matches any receive.
    CHECK(order(TypeSignature(), of(MPI_FLOAT, 2)) == SignatureOrder::Prefix);

    CHECK(signatures_agree(of(MPI_INT, 2), of(MPI_INT, 5)));
    CHECK_FALSE(signatures_agree(of(MPI_INT, 2), of(MPI_FLOAT, 2)));
    // MPI_PACKED on either side matches anything; MPI_BYTE matches only MPI_BYTE.
    CHECK(signatures_agree(of(MPI_PACKED, 8), of(MPI_DOUBLE)));
    CHECK(signatures_agree(seq({i, d}), of(MPI_PACKED, 12)));
    CHECK(signatures_agree(of(MPI_BYTE, 4), of(MPI_BYTE, 8)));
    CHECK_FALSE(signatures_agree(of(MPI_BYTE, 4), of(MPI_INT)));
    CHECK_FALSE(signatures_agree(of(MPI_CHAR, 4), of(MPI_BYTE, 4)));
    CHECK_FALSE(signatures_agree(of(MPI_CHAR), of(MPI_UNSIGNED_CHAR)));
}

TEST_CASE("basic elements in a byte count, for MPI_Get_elements", "[datatype]") {
    // MPI 3.1 Example 4.12 (in C): three floats received with a type of two floats.
    CHECK(of(MPI_FLOAT, 2).elements_in(12) == 3u);
    const SignatureRun i{idx(MPI_INT), 1}, d{idx(MPI_DOUBLE), 1};
    const TypeSignature id = seq({i, d}); // 12 bytes
    CHECK(id.elements_in(0) == 0u);
    CHECK(id.elements_in(4) == 1u);
    CHECK(id.elements_in(12) == 2u);
    CHECK(id.elements_in(28) == 5u); // two elements and an int
    CHECK_FALSE(id.elements_in(6));  // ends inside the double
    CHECK_FALSE(id.elements_in(2));
    CHECK(TypeSignature().elements_in(0) == 0u);
    CHECK_FALSE(TypeSignature().elements_in(4));
}

TEST_CASE("the bytes of a count of basic elements, for MPI_Status_set_elements", "[datatype]") {
    CHECK(of(MPI_FLOAT, 2).bytes_of(3) == 12u);
    const SignatureRun i{idx(MPI_INT), 1}, d{idx(MPI_DOUBLE), 1};
    const TypeSignature id = seq({i, d}); // 12 bytes
    CHECK(id.bytes_of(0) == 0u);
    CHECK(id.bytes_of(1) == 4u);
    CHECK(id.bytes_of(2) == 12u);
    CHECK(id.bytes_of(5) == 28u); // two elements and an int
    // The inverse of elements_in, over a type whose unit has runs of several elements.
    const TypeSignature runs = seq({SignatureRun{idx(MPI_SHORT), 3}, d});
    for (std::uint64_t n = 0; n < 12; ++n) {
        const auto bytes = runs.bytes_of(n);
        REQUIRE(bytes);
        CHECK(runs.elements_in(*bytes) == n);
    }
    CHECK(TypeSignature().bytes_of(0) == 0u);
    CHECK_FALSE(TypeSignature().bytes_of(1));
}

TEST_CASE("what reductions ask: one basic type repeated, or MINLOC pairs", "[datatype]") {
    const auto u = of(MPI_DOUBLE, 3).times(2).uniform();
    REQUIRE(u);
    CHECK(u->basic == idx(MPI_DOUBLE));
    CHECK(u->count == 6);
    const SignatureRun i{idx(MPI_INT), 1}, d{idx(MPI_DOUBLE), 1}, f{idx(MPI_FLOAT), 1};
    CHECK_FALSE(seq({i, d}).uniform());
    CHECK_FALSE(TypeSignature().uniform());

    const auto pairs = seq({d, i}).times(5).uniform_pairs();
    REQUIRE(pairs);
    CHECK(pairs->basic == idx(MPI_DOUBLE_INT));
    CHECK(pairs->count == 5);
    const auto two = of(MPI_INT, 6).uniform_pairs();
    REQUIRE(two);
    CHECK(two->basic == idx(MPI_2INT));
    CHECK(two->count == 3);
    CHECK_FALSE(of(MPI_INT, 3).uniform_pairs());
    CHECK_FALSE(seq({i, f}).uniform_pairs());
    CHECK_FALSE(seq({d, i, f, i}).uniform_pairs());
    // A zero-size type (MPI_Type_contiguous(0, ...)) is no pair either (it was read past its end).
    CHECK_FALSE(TypeSignature().uniform_pairs());
}

TEST_CASE("signatures describe themselves briefly", "[datatype]") {
    CHECK(of(MPI_INT, 4).describe() == "4 x MPI_INT");
    const SignatureRun i{idx(MPI_INT), 1}, d{idx(MPI_DOUBLE), 2};
    CHECK(seq({i, d}).describe() == "{MPI_INT, 2 x MPI_DOUBLE}");
    CHECK(seq({i, d}).times(3).describe() == "3 x {MPI_INT, 2 x MPI_DOUBLE}");
    CHECK(TypeSignature().describe() == "no data");
}
