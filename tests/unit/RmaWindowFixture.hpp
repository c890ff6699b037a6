// A world of three ranks with one window of four ints each, driven directly as the entry
// points build the calls (RmaWindowTest, RmaDeliveryTest).
#pragma once

#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/src/Window.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <string>
#include <vector>

namespace rankfold::mpi::rma_test {

using enum Progress;

constexpr int kRanks = 3;

struct Fixture {
    MpiWorld w{kRanks, Buffering::Zero};
    int memory[kRanks][4] = {};
    WindowAttributeBlock attributes[kRanks] = {};
    MPI_Win win[kRanks] = {};

    Fixture() {
        for (int r = 0; r < kRanks; ++r) {
            RankCall init{.kind = CallKind::Init, .name = "MPI_Init"};
            REQUIRE(w.issue(r, init) == Done);
        }
        std::vector<RankCall> calls(kRanks);
        for (int r = 0; r < kRanks; ++r) {
            RankCall& c = calls[r];
            c = RankCall{.kind = CallKind::Collective, .name = "MPI_Win_create"};
            c.comm = MPI_COMM_WORLD;
            c.coll.kind = CollectiveKind::WinCreate;
            c.coll.recvbuf = memory[r];
            c.coll.win_size = sizeof memory[r];
            c.coll.disp_unit = sizeof(int);
            c.coll.flavor = MPI_WIN_FLAVOR_CREATE;
            c.coll.newwin = &win[r];
            c.coll.win_attributes = &attributes[r];
        }
        collective(calls);
    }

    void collective(std::vector<RankCall>& calls) {
        for (int r = 0; r < kRanks; ++r) REQUIRE(w.issue(r, calls[r]) == Blocked);
        for (int r = 0; r < kRanks; ++r) REQUIRE(w.ready(r, calls[r]));
        for (int r = 0; r < kRanks; ++r) REQUIRE(w.complete(r, calls[r]) == Done);
    }

    void fence(int assertion = 0) {
        std::vector<RankCall> calls(kRanks);
        for (int r = 0; r < kRanks; ++r) {
            const auto v = w.windows().view(r, win[r]);
            REQUIRE(v);
            calls[r] = RankCall{.kind = CallKind::Collective, .name = "MPI_Win_fence"};
            calls[r].comm = w.windows().at(v->index).members[v->my_rank].comm;
            calls[r].coll.kind = CollectiveKind::WinFence;
            calls[r].coll.win = win[r];
            calls[r].coll.assertion = assertion;
        }
        collective(calls);
    }

    RankCall rma(int rank, RmaKind kind, int target = MPI_PROC_NULL) {
        RankCall c{.kind = CallKind::Rma, .name = "MPI_RMA"};
        c.rma.kind = kind;
        c.rma.win = win[rank];
        c.rma.target = target;
        c.comm = win[rank];
        return c;
    }

    RankCall put(int rank, const int* value, int target, MPI_Aint disp) {
        RankCall c = rma(rank, RmaKind::Put, target);
        c.rma.origin = value;
        c.rma.origin_count = 1;
        c.rma.origin_type = MPI_INT;
        c.rma.target_disp = disp;
        c.rma.target_count = 1;
        c.rma.target_type = MPI_INT;
        return c;
    }

    RankCall lock(int rank, int target, int type) {
        RankCall c = rma(rank, RmaKind::Lock, target);
        c.rma.lock_type = type;
        return c;
    }

    std::string misuse(int rank) const {
        const auto& f = w.rank_state(rank).failure;
        return f && f->misuse ? misuse_name(*f->misuse) : std::string("none");
    }
};

} // namespace rankfold::mpi::rma_test
