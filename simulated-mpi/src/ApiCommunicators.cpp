// MPI functions that make, compare and free communicators (MPI 3.1 §6.4), and their error
// handlers (§8.3). Construction is collective and goes through the runtime; the rest is local.
#include "simulated-mpi/src/Api.hpp"
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/AttributeCallbacks.hpp"
#include "simulated-mpi/src/CommSplit.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

using namespace rankfold::mpi;

namespace {

int construct(const LocalCall& call, MPI_Comm comm, const CollectiveArgs& args) {
    RankCall c = make_call(call, CallKind::Collective);
    c.comm = comm;
    c.coll = args;
    return submit(c);
}

CollectiveArgs construction(CollectiveKind kind, MPI_Comm* newcomm) {
    CollectiveArgs a;
    a.kind = kind;
    a.newcomm = newcomm;
    return a;
}

} // namespace

namespace {
// Copies the attributes onto a new duplicate; if a copy function fails, the duplicate goes
// away and *newcomm is MPI_COMM_NULL (as in MPICH: the call failed, nothing to free).
int copy_or_release(const LocalCall& call, MPI_Comm comm, MPI_Comm* newcomm) {
    const int err = copy_attributes(call, comm, *newcomm);
    if (err != MPI_SUCCESS) {
        call.world.comms().release(call.rank, *newcomm);
        *newcomm = MPI_COMM_NULL;
    }
    return err;
}
} // namespace

RF_EXPORT int MPI_Comm_dup(MPI_Comm comm, MPI_Comm* newcomm) {
    RF_LOCAL_ENTRY("MPI_Comm_dup", comm, newcomm);
    const int err = construct(call, comm, construction(CollectiveKind::CommDup, newcomm));
    if (err != MPI_SUCCESS) return err;
    return copy_or_release(call, comm, newcomm);
}

// The hints are checked and ignored, as MPI allows: the copy is MPI_Comm_dup's.
RF_EXPORT int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm* newcomm) {
    RF_LOCAL_ENTRY("MPI_Comm_dup_with_info", comm, info, newcomm);
    if (info != MPI_INFO_NULL && call.world.rank_state(call.rank).infos.find(info) == nullptr)
        return call.error(comm, MPI_ERR_INFO, Misuse::InvalidHandle,
                          fmt::format("invalid info object {:#x}", info));
    const int err = construct(call, comm, construction(CollectiveKind::CommDup, newcomm));
    if (err != MPI_SUCCESS) return err;
    return copy_or_release(call, comm, newcomm);
}

// A nonblocking collective like MPI_Ibarrier: the members' calls match in order and the
// duplicate is written to *newcomm when the last member's call arrives, so a program that waits
// for the request elsewhere (after a send the other members need first) does not deadlock.
// The copy carries no attributes: their copy callbacks would have to run at completion.
RF_EXPORT int MPI_Comm_idup(MPI_Comm comm, MPI_Comm* newcomm, MPI_Request* request) {
    RF_LOCAL_ENTRY("MPI_Comm_idup", comm, newcomm, request);
    CollectiveArgs a = construction(CollectiveKind::CommDup, newcomm);
    a.nonblocking = true;
    RankCall c = make_call(call, CallKind::Collective);
    c.comm = comm;
    c.coll = a;
    c.requests = request;
    return submit(c);
}

RF_EXPORT int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm* newcomm) {
    RF_LOCAL_ENTRY("MPI_Comm_split", comm, color, key, newcomm);
    if (auto e = check_split_color(color))
        return call.error(comm, e->code, Misuse::InvalidArgument, std::move(e->message));
    CollectiveArgs a = construction(CollectiveKind::CommSplit, newcomm);
    a.color = color;
    a.key = key;
    return construct(call, comm, a);
}

RF_EXPORT int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info,
                                  MPI_Comm* newcomm) {
    RF_LOCAL_ENTRY("MPI_Comm_split_type", comm, split_type, key, info, newcomm);
    if (auto e = check_split_type(split_type))
        return call.error(comm, e->code, Misuse::InvalidArgument, std::move(e->message));
    // Every rank runs in this one process, so all share memory: one colour for all.
    CollectiveArgs a = construction(CollectiveKind::CommSplitType, newcomm);
    a.color = split_type;
    a.key = key;
    return construct(call, comm, a);
}

RF_EXPORT int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm* newcomm) {
    RF_LOCAL_ENTRY("MPI_Comm_create", comm, group, newcomm);
    if (!call.world.rank_state(call.rank).groups.find(group))
        return call.error(comm, MPI_ERR_GROUP, Misuse::InvalidHandle,
                          fmt::format("invalid group {:#x}", group));
    CollectiveArgs a = construction(CollectiveKind::CommCreate, newcomm);
    a.group = group;
    return construct(call, comm, a);
}

// Collective over `group` only (MPI 3.1 §6.4.2): a process outside it gets MPI_COMM_NULL at
// once, as in MPICH; the members wait for each other in GroupCreations.
RF_EXPORT int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm* newcomm) {
    RF_LOCAL_ENTRY("MPI_Comm_create_group", comm, group, tag, newcomm);
    {
        const auto v = call.world.comms().view(call.rank, comm);
        if (!v)
            return call.error(MPI_COMM_WORLD, MPI_ERR_COMM, Misuse::InvalidHandle,
                              fmt::format("invalid communicator {:#x}", comm));
        if (v->inter)
            return call.error(comm, MPI_ERR_COMM, Misuse::InvalidArgument,
                              "MPI_Comm_create_group needs an intracommunicator");
        const GroupEntry* g = call.world.rank_state(call.rank).groups.find(group);
        if (g == nullptr)
            return call.error(comm, MPI_ERR_GROUP, Misuse::InvalidHandle,
                              fmt::format("invalid group {:#x}", group));
        if (tag < 0 || tag > RF_TAG_UB)
            return call.error(comm, MPI_ERR_TAG, Misuse::InvalidTag,
                              fmt::format("invalid tag {}", tag));
        const auto& parent = call.world.comms().communicator(v->id).members;
        for (const int m : g->members)
            if (std::find(parent.begin(), parent.end(), m) == parent.end())
                return call.error(comm, MPI_ERR_GROUP, Misuse::InvalidArgument,
                                  fmt::format("the group holds world rank {}, which is not in "
                                              "the communicator",
                                              m));
        if (std::find(g->members.begin(), g->members.end(), call.rank) == g->members.end()) {
            *newcomm = MPI_COMM_NULL;
            return MPI_SUCCESS;
        }
    }
    CollectiveArgs a = construction(CollectiveKind::CommCreateGroup, newcomm);
    a.group = group;
    a.tag = tag;
    return construct(call, comm, a);
}

RF_EXPORT int MPI_Comm_free(MPI_Comm* comm) {
    RF_LOCAL_ENTRY("MPI_Comm_free", comm);
    if (*comm == MPI_COMM_WORLD || *comm == MPI_COMM_SELF)
        return call.error(*comm, MPI_ERR_COMM, Misuse::InvalidArgument,
                          "the predefined communicators cannot be freed");
    if (call.world.comms().handle(call.rank, *comm) == nullptr)
        return call.error(MPI_COMM_WORLD, MPI_ERR_COMM, Misuse::InvalidHandle,
                          fmt::format("invalid communicator {:#x}", *comm));
    if (const int err = delete_attributes(call, *comm); err != MPI_SUCCESS) return err;
    call.world.comms().release(call.rank, *comm);
    *comm = MPI_COMM_NULL;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int* result) {
    RF_LOCAL_ENTRY("MPI_Comm_compare", comm1, comm2, result);
    const CommRegistry& comms = call.world.comms();
    const auto a = comms.view(call.rank, comm1);
    const auto b = comms.view(call.rank, comm2);
    if (!a || !b)
        return call.error(MPI_COMM_WORLD, MPI_ERR_COMM, Misuse::InvalidHandle,
                          fmt::format("invalid communicator {:#x}", a ? comm2 : comm1));
    // Intercommunicators compare group by group (MPI 3.1 §6.6.1), and never equal an
    // intracommunicator.
    const Communicator& cx = comms.communicator(a->id);
    const Communicator& cy = comms.communicator(b->id);
    const auto x = cx.local_group(call.rank), y = cy.local_group(call.rank);
    const auto rx = cx.remote_group(call.rank), ry = cy.remote_group(call.rank);
    // An intercommunicator is never like an intracommunicator.
    const bool same_kind = a->inter == b->inter;
    if (a->id == b->id)
        *result = MPI_IDENT;
    else if (same_kind && x == y && rx == ry)
        *result = MPI_CONGRUENT;
    else if (same_kind && std::is_permutation(x.begin(), x.end(), y.begin(), y.end()) &&
             std::is_permutation(rx.begin(), rx.end(), ry.begin(), ry.end()))
        *result = MPI_SIMILAR;
    else
        *result = MPI_UNEQUAL;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Comm_group(MPI_Comm comm, MPI_Group* group) {
    RF_LOCAL_ENTRY("MPI_Comm_group", comm, group);
    const auto v = call.world.comms().view(call.rank, comm);
    if (!v)
        return call.error(comm, MPI_ERR_COMM, Misuse::InvalidHandle,
                          fmt::format("invalid communicator {:#x}", comm));
    // The local group, for an intercommunicator (MPI_Comm_remote_group gives the other).
    *group = call.world.rank_state(call.rank).groups.add(
        call.world.comms().communicator(v->id).local_group(call.rank), site);
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Comm_set_name(MPI_Comm comm, const char* name) {
    RF_LOCAL_ENTRY("MPI_Comm_set_name", comm, name);
    CommHandle* h = call.world.comms().handle(call.rank, comm);
    if (h == nullptr)
        return call.error(comm, MPI_ERR_COMM, Misuse::InvalidHandle,
                          fmt::format("invalid communicator {:#x}", comm));
    char text[MPI_MAX_OBJECT_NAME] = {};
    if (name == nullptr || !read_app_string(name, text, sizeof text))
        return call.error(comm, MPI_ERR_ARG, Misuse::InvalidArgument,
                          "the name is not a readable string");
    // Longer names are cut to MPI_MAX_OBJECT_NAME - 1 characters (MPI 3.1 §6.8).
    h->name = text;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Comm_get_name(MPI_Comm comm, char* name, int* resultlen) {
    RF_LOCAL_ENTRY("MPI_Comm_get_name", comm, name, resultlen);
    const CommHandle* h = call.world.comms().handle(call.rank, comm);
    if (h == nullptr)
        return call.error(comm, MPI_ERR_COMM, Misuse::InvalidHandle,
                          fmt::format("invalid communicator {:#x}", comm));
    // Until a name is set: the predefined communicators' own names, empty for the others.
    const char* text = !h->name.empty()         ? h->name.c_str()
                       : comm == MPI_COMM_WORLD ? "MPI_COMM_WORLD"
                       : comm == MPI_COMM_SELF  ? "MPI_COMM_SELF"
                                                : "";
    std::snprintf(name, MPI_MAX_OBJECT_NAME, "%s", text);
    *resultlen = static_cast<int>(std::strlen(name));
    return MPI_SUCCESS;
}

// ---- error handlers ---------------------------------------------------------------------------

namespace {
int comm_set_errhandler_impl(const LocalCall& call, MPI_Comm comm, MPI_Errhandler errhandler) {
    CommHandle* h = call.world.comms().handle(call.rank, comm);
    if (h == nullptr)
        return call.error(MPI_COMM_WORLD, MPI_ERR_COMM, Misuse::InvalidHandle,
                          fmt::format("invalid communicator {:#x}", comm));
    if (!call.world.rank_state(call.rank).errhandlers.usable(errhandler))
        return call.error(
            comm, MPI_ERR_ARG, Misuse::InvalidHandle,
            fmt::format("invalid error handler {:#x} (freed, or never made)", errhandler));
    h->errhandler = errhandler;
    return MPI_SUCCESS;
}
} // namespace

RF_EXPORT int MPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler) {
    RF_LOCAL_ENTRY("MPI_Comm_set_errhandler", comm, errhandler);
    return comm_set_errhandler_impl(call, comm, errhandler);
}

RF_EXPORT int MPI_Errhandler_set(MPI_Comm comm, MPI_Errhandler errhandler) {
    RF_LOCAL_ENTRY("MPI_Errhandler_set", comm, errhandler);
    return comm_set_errhandler_impl(call, comm, errhandler);
}

namespace {
int comm_get_errhandler_impl(const LocalCall& call, MPI_Comm comm, MPI_Errhandler* errhandler) {
    const CommHandle* h = call.world.comms().handle(call.rank, comm);
    if (h == nullptr)
        return call.error(MPI_COMM_WORLD, MPI_ERR_COMM, Misuse::InvalidHandle,
                          fmt::format("invalid communicator {:#x}", comm));
    *errhandler = h->errhandler;
    return MPI_SUCCESS;
}
} // namespace

RF_EXPORT int MPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler* errhandler) {
    RF_LOCAL_ENTRY("MPI_Comm_get_errhandler", comm, errhandler);
    return comm_get_errhandler_impl(call, comm, errhandler);
}

RF_EXPORT int MPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler* errhandler) {
    RF_LOCAL_ENTRY("MPI_Errhandler_get", comm, errhandler);
    return comm_get_errhandler_impl(call, comm, errhandler);
}

RF_EXPORT int MPI_Errhandler_free(MPI_Errhandler* errhandler) {
    RF_LOCAL_ENTRY("MPI_Errhandler_free", errhandler);
    // The predefined handlers themselves stay; a made one stays on the communicators that
    // carry it (MPI 3.1 §8.3.4), only its handle is gone.
    ErrhandlerTable& handlers = call.world.rank_state(call.rank).errhandlers;
    if (*errhandler != MPI_ERRORS_ARE_FATAL && *errhandler != MPI_ERRORS_RETURN &&
        !handlers.free(*errhandler))
        return call.error(
            MPI_COMM_WORLD, MPI_ERR_ARG, Misuse::InvalidHandle,
            fmt::format("invalid error handler {:#x} (freed, or never made)", *errhandler));
    *errhandler = MPI_ERRHANDLER_NULL;
    return MPI_SUCCESS;
}
