// ErrorCodeTable and ErrhandlerTable: added classes and codes numbered after MPI_ERR_LASTCODE in
// the order made, each code's class, strings only for added codes, MPI_LASTUSEDCODE; handlers
// made after the two predefined ones, a freed handler still known but no longer usable.
#include "simulated-mpi/src/ErrhandlerTable.hpp"
#include "simulated-mpi/src/ErrorCodeTable.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

using namespace rankfold::mpi;

TEST_CASE("added error classes and codes follow MPI_ERR_LASTCODE, each with its class") {
    ErrorCodeTable codes;
    CHECK(codes.empty());
    CHECK(codes.last_used() == MPI_ERR_LASTCODE);
    const int first = codes.add_class();
    const int code = codes.add_code(first);
    const int second = codes.add_class();
    const int of_predefined = codes.add_code(MPI_ERR_ARG);
    CHECK(first == MPI_ERR_LASTCODE + 1);
    CHECK(code == first + 1);
    CHECK(second == first + 2);
    CHECK(codes.last_used() == of_predefined);
    CHECK(codes.class_of(first) == first);
    CHECK(codes.class_of(code) == first);
    CHECK(codes.class_of(second) == second);
    CHECK(codes.class_of(of_predefined) == MPI_ERR_ARG);
    CHECK_FALSE(codes.class_of(MPI_ERR_ARG).has_value()); // predefined: not in the table
    CHECK_FALSE(codes.class_of(of_predefined + 1).has_value());
    REQUIRE(codes.text(code) != nullptr);
    CHECK(codes.text(code)->empty());
    CHECK(codes.set_text(code, "mine"));
    CHECK(*codes.text(code) == "mine");
    CHECK_FALSE(codes.set_text(MPI_ERR_OTHER, "predefined"));
    CHECK_FALSE(codes.set_text(of_predefined + 1, "not made"));
}

TEST_CASE("equal histories make equal tables and digests; a string changes the digest") {
    ErrorCodeTable a, b;
    a.add_code(a.add_class());
    b.add_code(b.add_class());
    auto digest = [](const ErrorCodeTable& t) {
        StateHasher h;
        t.feed(h);
        return h.digest();
    };
    CHECK(a == b);
    CHECK(digest(a) == digest(b));
    b.set_text(MPI_ERR_LASTCODE + 2, "x");
    CHECK_FALSE(a == b);
    CHECK(digest(a) != digest(b));
}

namespace {
void handler_one(MPI_Comm*, int*, ...) {}
void handler_two(MPI_Comm*, int*, ...) {}
} // namespace

TEST_CASE("made error handlers follow the predefined ones; a freed one keeps its function") {
    ErrhandlerTable handlers;
    CHECK(handlers.usable(MPI_ERRORS_ARE_FATAL));
    CHECK(handlers.usable(MPI_ERRORS_RETURN));
    CHECK_FALSE(handlers.usable(MPI_ERRHANDLER_NULL));
    CHECK(handlers.function(MPI_ERRORS_RETURN) == nullptr);
    const MPI_Errhandler one = handlers.add(handler_one);
    const MPI_Errhandler two = handlers.add(handler_two);
    CHECK(one != two);
    CHECK(one != MPI_ERRORS_RETURN);
    CHECK(handlers.function(one) == handler_one);
    CHECK(handlers.function(two) == handler_two);
    CHECK(handlers.free(one));
    CHECK_FALSE(handlers.free(one)); // twice
    CHECK_FALSE(handlers.free(MPI_ERRORS_RETURN));
    CHECK_FALSE(handlers.usable(one));
    CHECK(handlers.usable(two));
    CHECK(handlers.function(one) == handler_one); // still run for the communicators carrying it
    CHECK_FALSE(handlers.usable(MPI_COMM_WORLD)); // a handle of another kind
}
