// Datatypes in communication, MpiWorld driven directly: derived types resolved per rank,
// uncommitted and freed types refused, type signatures matched at delivery (MPI 3.1 §3.3.1),
// typemaps kept by pending requests, datatype tables and message signatures in the state.
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/src/TypeConstructors.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <array>

using namespace rankfold::mpi;
using enum CallKind;
using enum Progress;
using Catch::Matchers::Contains;

namespace {

MpiWorld initialized(int ranks) {
    MpiWorld w(ranks, Buffering::Infinite);
    for (int r = 0; r < ranks; ++r) {
        RankCall init{.kind = Init, .name = "MPI_Init"};
        REQUIRE(w.issue(r, init) == Done);
    }
    return w;
}

RankCall send(CallKind kind, const void* buf, int count, MPI_Datatype type, int dest,
              MPI_Request* request = nullptr) {
    RankCall c{.kind = kind, .name = kind == Send ? "MPI_Send" : "MPI_Send_init"};
    c.send_buffer = buf;
    c.send_count = count;
    c.send_type = type;
    c.dest = dest;
    c.send_tag = 5;
    c.comm = MPI_COMM_WORLD;
    c.requests = request;
    c.request_count = 1;
    return c;
}

RankCall recv(CallKind kind, void* buf, int count, MPI_Datatype type, int source,
              MPI_Status* status, MPI_Request* request = nullptr) {
    RankCall c{.kind = kind, .name = kind == Recv ? "MPI_Recv" : "MPI_Irecv"};
    c.recv_buffer = buf;
    c.recv_count = count;
    c.recv_type = type;
    c.source = source;
    c.recv_tag = MPI_ANY_TAG;
    c.comm = MPI_COMM_WORLD;
    c.statuses = status;
    c.requests = request;
    c.request_count = request != nullptr;
    return c;
}

RankCall wait(MPI_Request* request, MPI_Status* status = MPI_STATUS_IGNORE) {
    RankCall c{.kind = Wait, .name = "MPI_Wait"};
    c.requests = request;
    c.request_count = 1;
    c.statuses = status;
    return c;
}

RankCall start(MPI_Request* request) {
    RankCall c{.kind = Start, .name = "MPI_Start"};
    c.requests = request;
    c.request_count = 1;
    return c;
}

void match_all(MpiWorld& w) {
    for (int r = 0; r < w.size(); ++r)
        while (auto m = w.matching().first_allowed_match(r)) w.apply_match(*m);
}

// Sends from rank 0 (buffered: infinite buffering), receives at rank 1; the receive's progress.
Progress exchange(MpiWorld& w, RankCall s, RankCall r) {
    REQUIRE(w.issue(0, s) == Blocked);
    REQUIRE(w.issue(1, r) == Blocked);
    match_all(w);
    REQUIRE(w.ready(0, s));
    REQUIRE(w.complete(0, s) == Done);
    REQUIRE(w.ready(1, r));
    return w.complete(1, r);
}

MPI_Datatype derived(MpiWorld& w, int rank, const Typemap& map, bool commit = true) {
    const MPI_Datatype t = w.rank_state(rank).datatypes.create(map, 0x1234);
    if (commit) w.rank_state(rank).datatypes.commit(t);
    return t;
}

Typemap predefined(MPI_Datatype t) {
    return *predefined_typemap(t);
}

} // namespace

TEST_CASE("a column sent as a vector type arrives as contiguous ints", "[mpiworld][datatype]") {
    MpiWorld w = initialized(2);
    const std::array<int, 9> m{0, 1, 2, 3, 4, 5, 6, 7, 8};
    const MPI_Datatype column = derived(w, 0, *make_vector(3, 1, 3, predefined(MPI_INT)));
    CHECK(w.datatype(0, column) != nullptr);
    CHECK(w.datatype(1, column) == nullptr); // handles are per rank
    std::array<int, 4> in{-1, -1, -1, -1};
    MPI_Status st{};
    CHECK(exchange(w, send(Send, m.data() + 2, 1, column, 1),
                   recv(Recv, in.data(), 4, MPI_INT, 0, &st)) == Done);
    CHECK(in == std::array<int, 4>{2, 5, 8, -1});
    CHECK(st.MPI_ERROR == MPI_SUCCESS);
    CHECK_FALSE(w.rank_state(1).failure);
}

TEST_CASE("type signatures must match; the message may be shorter", "[mpiworld][datatype]") {
    MpiWorld w = initialized(2);
    std::array<int, 4> out{1, 2, 3, 4};
    std::array<float, 4> f{};
    MPI_Status st{};
    CHECK(exchange(w, send(Send, out.data(), 4, MPI_INT, 1),
                   recv(Recv, f.data(), 4, MPI_FLOAT, 0, &st)) == Failed);
    REQUIRE(w.rank_state(1).failure);
    CHECK(w.rank_state(1).failure->code == MPI_ERR_TYPE);
    CHECK(w.rank_state(1).failure->misuse == Misuse::TypeMismatch);
    CHECK_THAT(w.rank_state(1).failure->message,
               Contains("rank 0 sent 4 x MPI_INT (tag 5), received as 4 x MPI_FLOAT"));
    CHECK(st.MPI_ERROR == MPI_SUCCESS); // a single status keeps its MPI_ERROR: the result says it
    w.rank_state(1).failure.reset();

    // Two ints into a buffer of four: a prefix, fine. MPI_PACKED matches anything.
    std::array<int, 4> in{};
    CHECK(exchange(w, send(Send, out.data(), 2, MPI_INT, 1),
                   recv(Recv, in.data(), 4, MPI_INT, 0, MPI_STATUS_IGNORE)) == Done);
    std::array<unsigned char, 16> packed{};
    CHECK(exchange(w, send(Send, out.data(), 4, MPI_INT, 1),
                   recv(Recv, packed.data(), 16, MPI_PACKED, 0, MPI_STATUS_IGNORE)) == Done);
    // MPI_BYTE matches only MPI_BYTE.
    CHECK(exchange(w, send(Send, out.data(), 1, MPI_INT, 1),
                   recv(Recv, packed.data(), 4, MPI_BYTE, 0, MPI_STATUS_IGNORE)) == Failed);
    CHECK(w.rank_state(1).failure->misuse == Misuse::TypeMismatch);
    w.rank_state(1).failure.reset();
    // Longer than the buffer with agreeing types: truncation, as before.
    CHECK(exchange(w, send(Send, out.data(), 4, MPI_INT, 1),
                   recv(Recv, in.data(), 2, MPI_INT, 0, MPI_STATUS_IGNORE)) == Failed);
    CHECK(w.rank_state(1).failure->misuse == Misuse::Truncation);
}

TEST_CASE("a struct type matches its signature spelled with other types", "[mpiworld][datatype]") {
    struct Item {
        int i;
        double d;
    };
    MpiWorld w = initialized(2);
    const Typemap i = predefined(MPI_INT), d = predefined(MPI_DOUBLE);
    const StructMember members[] = {{MPI_INT, &i, 1, offsetof(Item, i)},
                                    {MPI_DOUBLE, &d, 1, offsetof(Item, d)}};
    const MPI_Datatype item = derived(w, 0, *make_struct(members));
    const std::array<Item, 2> out{{{1, 1.5}, {2, 2.5}}};
    // Received as {int, double} spelled by a struct of rank 1's own.
    const MPI_Datatype mine = derived(w, 1, *make_struct(members));
    std::array<Item, 2> in{};
    CHECK(exchange(w, send(Send, out.data(), 2, item, 1),
                   recv(Recv, in.data(), 2, mine, 0, MPI_STATUS_IGNORE)) == Done);
    CHECK(in[1].d == 2.5);
    // Received as doubles: differs at the first element.
    std::array<double, 6> ds{};
    CHECK(exchange(w, send(Send, out.data(), 2, item, 1),
                   recv(Recv, ds.data(), 6, MPI_DOUBLE, 0, MPI_STATUS_IGNORE)) == Failed);
    CHECK_THAT(w.rank_state(1).failure->message, Contains("sent 2 x {MPI_INT, MPI_DOUBLE}"));
    w.rank_state(1).failure.reset();
    // Received as int, double, int, int: differs at element 3, named in the message.
    const StructMember other[] = {
        {MPI_INT, &i, 1, 0}, {MPI_DOUBLE, &d, 1, 8}, {MPI_INT, &i, 2, 16}};
    const MPI_Datatype wrong = derived(w, 1, *make_struct(other));
    CHECK(exchange(w, send(Send, out.data(), 2, item, 1),
                   recv(Recv, in.data(), 1, wrong, 0, MPI_STATUS_IGNORE)) == Failed);
    CHECK_THAT(w.rank_state(1).failure->message, Contains("differ at basic element 3"));
    CHECK_THAT(w.rank_state(1).failure->message, Contains("derived datatype"));
}

TEST_CASE("uncommitted and freed derived types are refused", "[mpiworld][datatype]") {
    MpiWorld w = initialized(2);
    int x = 0;
    const MPI_Datatype t = derived(w, 0, *make_contiguous(1, predefined(MPI_INT)), false);
    RankCall s = send(Send, &x, 1, t, 1);
    CHECK(w.issue(0, s) == Failed);
    CHECK(w.rank_state(0).failure->code == MPI_ERR_TYPE);
    CHECK(w.rank_state(0).failure->misuse == Misuse::UncommittedDatatype);
    w.rank_state(0).failure.reset();
    w.rank_state(0).datatypes.commit(t);
    REQUIRE(w.rank_state(0).datatypes.release(t));
    RankCall again = send(Send, &x, 1, t, 1);
    CHECK(w.issue(0, again) == Failed);
    CHECK(w.rank_state(0).failure->misuse == Misuse::InvalidHandle);
    CHECK_THAT(w.rank_state(0).failure->message, Contains("freed, or never created"));
}

TEST_CASE("a type freed while requests use it stays valid for them", "[mpiworld][datatype]") {
    MpiWorld w = initialized(2);
    const MPI_Datatype pair = derived(w, 1, *make_contiguous(2, predefined(MPI_INT)));
    std::array<int, 2> in{};
    MPI_Request r = MPI_REQUEST_NULL;
    RankCall irecv = recv(Irecv, in.data(), 1, pair, 0, nullptr, &r);
    REQUIRE(w.issue(1, irecv) == Done);
    REQUIRE(w.rank_state(1).datatypes.release(pair)); // MPI_Type_free while the receive is pending
    CHECK(w.rank_state(1).datatypes.leaked().empty());

    // A persistent send whose type is freed before it starts.
    const MPI_Datatype two = derived(w, 0, *make_contiguous(2, predefined(MPI_INT)));
    std::array<int, 2> out{7, 8};
    MPI_Request p = MPI_REQUEST_NULL;
    RankCall init = send(SendInit, out.data(), 1, two, 1, &p);
    REQUIRE(w.issue(0, init) == Done);
    CHECK(w.rank_state(0).datatypes.leaked().size() == 1);
    REQUIRE(w.rank_state(0).datatypes.release(two));
    RankCall st = start(&p);
    REQUIRE(w.issue(0, st) == Done);
    match_all(w);
    RankCall wr = wait(&r);
    REQUIRE(w.issue(1, wr) == Blocked);
    REQUIRE(w.ready(1, wr));
    CHECK(w.complete(1, wr) == Done);
    CHECK(in == std::array<int, 2>{7, 8});
}

TEST_CASE("datatype tables and message signatures are part of the state", "[mpiworld][hash]") {
    MpiWorld a = initialized(2);
    MpiWorld b = initialized(2);
    const MPI_Datatype t = derived(a, 0, *make_contiguous(2, predefined(MPI_INT)));
    CHECK(a != b);
    CHECK(a.hash() != b.hash());
    a.rank_state(0).datatypes.release(t);
    CHECK(a == b);
    CHECK(a.hash() == b.hash());

    // The same bytes sent as 2 ints or as 2 floats are different messages.
    const std::array<int, 2> bits{0, 0};
    RankCall as_int = send(Send, bits.data(), 2, MPI_INT, 1);
    RankCall as_float = send(Send, bits.data(), 2, MPI_FLOAT, 1);
    REQUIRE(a.issue(0, as_int) == Blocked);
    REQUIRE(b.issue(0, as_float) == Blocked);
    CHECK(a != b);
    CHECK(a.hash() != b.hash());
}
