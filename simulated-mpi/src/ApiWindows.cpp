// MPI's windows (MPI 3.1 §11.2, §11.5.1, §6.8, §8.3.3): creating and freeing them and the
// fence, which are collective over the window's group, and the local queries on a window
// (group, name; error handlers are ApiWindowErrhandlers.cpp's, attributes
// WindowAttributes.cpp's). MPI_Alloc_mem and
// MPI_Free_mem are here too: they are how RMA programs get memory for a window.
#include "simulated-mpi/src/Api.hpp"

#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/InfoTable.hpp"
#include "simulated-mpi/src/SharedWindowLayout.hpp"
#include "simulated-mpi/src/Window.hpp"
#include "simulated-mpi/src/WindowAttributes.hpp"
#include "simulated-mpi/src/WindowHints.hpp"
#include "snapshot/RankArena.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

using namespace rankfold::mpi;

namespace {

// Allocates in the calling rank's heap (the window's memory and attribute block belong to the
// rank's state: snapshotted, restored, compared); `section` is the entry's runtime section.
// The runtime's own calls to calloc are not the program's, so the arena is asked directly.
// Without ranks (unit tests) the ordinary heap serves.
void* rank_calloc(const rankfold::snapshot::RuntimeSection& section, std::size_t bytes) {
    if (rankfold::snapshot::RankArena* arena = section.app_arena())
        return arena->allocate(bytes == 0 ? 1 : bytes, 16); // arena blocks are zeroed
    return std::calloc(bytes == 0 ? 1 : bytes, 1);
}
void rank_free(const rankfold::snapshot::RuntimeSection& section, void* p) {
    if (p == nullptr) return;
    if (rankfold::snapshot::RankArena* arena = section.app_arena())
        arena->release(p);
    else
        std::free(p);
}

// The caller reported the call with its arguments (the window's memory is a buffer of `size`
// bytes, which contracts can watch).
int create(const char* name, std::uintptr_t site, const rankfold::snapshot::RuntimeSection& section,
           void* base, MPI_Aint size, int disp_unit, int flavor, MPI_Info info, MPI_Comm comm,
           MPI_Win* win, bool shared_noncontig = false) {
    RankCall c = make_call(CallKind::Collective, name, site);
    c.announced = true;
    c.comm = comm;
    c.coll.kind = CollectiveKind::WinCreate;
    c.coll.recvbuf = base;
    c.coll.win_size = size;
    c.coll.disp_unit = disp_unit;
    c.coll.flavor = flavor;
    c.coll.shared_noncontig = shared_noncontig;
    c.coll.newwin = win;
    c.coll.win_attributes = rank_calloc(section, sizeof(WindowAttributeBlock));
    const int result = submit(c);
    if (result != MPI_SUCCESS) {
        rank_free(section, c.coll.win_attributes);
        return result;
    }
    MPI_Win made = MPI_WIN_NULL;
    read_app(win, made);
    if (!merge_window_hints(rank_gate().world(), rank_gate().current_rank(), made, info))
        return rank_gate().local_error(name, made, MPI_ERR_INFO, Misuse::InvalidHandle,
                                       fmt::format("invalid info object {:#x}", info), site);
    return result;
}

// The window's collective calls (fence, free) travel on the window's own communicator.
int window_collective(const char* name, std::uintptr_t site, CollectiveKind kind, MPI_Win win,
                      MPI_Win* where, int assertion) {
    RankCall c = make_call(CallKind::Collective, name, site);
    const int rank = rank_gate().current_rank();
    const WindowTable& windows = rank_gate().world().windows();
    const auto v = windows.view(rank, win);
    c.comm =
        v ? windows.at(v->index).members[static_cast<std::size_t>(v->my_rank)].comm : MPI_COMM_NULL;
    c.coll.kind = kind;
    c.coll.win = win;
    c.coll.newwin = where;
    c.coll.assertion = assertion;
    if (!v)
        return rank_gate().local_error(name, MPI_COMM_WORLD, MPI_ERR_WIN, Misuse::InvalidHandle,
                                       fmt::format("{}: invalid window {:#x}", name, win), site);
    return submit(c);
}

// The caller's member entry of `win`, or nullptr after raising the error.
const WindowMember* member(const LocalCall& call, MPI_Win win, int* error) {
    const auto v = call.world.windows().view(call.rank, win);
    if (!v) {
        *error = call.error(MPI_COMM_WORLD, MPI_ERR_WIN, Misuse::InvalidHandle,
                            fmt::format("invalid window {:#x}", win));
        return nullptr;
    }
    return &call.world.windows().at(v->index).members[static_cast<std::size_t>(v->my_rank)];
}
WindowMember* member(const LocalCall& call, MPI_Win win) {
    const auto v = call.world.windows().view(call.rank, win);
    return v ? &call.world.windows().at(v->index).members[static_cast<std::size_t>(v->my_rank)]
             : nullptr;
}

} // namespace

RF_EXPORT int MPI_Win_create(void* base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                             MPI_Win* win) {
    RF_MPI_ENTRY;
    const auto bytes = static_cast<std::uint64_t>(std::max<MPI_Aint>(size, 0));
    rank_gate().local_call(
        "MPI_Win_create", site,
        local_arguments(BufferArgument{base, bytes}, size, disp_unit, info, comm, win));
    return create("MPI_Win_create", site, rf_section_, base, size, disp_unit, MPI_WIN_FLAVOR_CREATE,
                  info, comm, win);
}

RF_EXPORT int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                               void* baseptr, MPI_Win* win) {
    RF_MPI_ENTRY;
    rank_gate().local_call("MPI_Win_allocate", site,
                           local_arguments(size, disp_unit, info, comm, baseptr, win));
    void* base = size > 0 ? rank_calloc(rf_section_, static_cast<std::size_t>(size)) : nullptr;
    const int result = create("MPI_Win_allocate", site, rf_section_, base, size, disp_unit,
                              MPI_WIN_FLAVOR_ALLOCATE, info, comm, win);
    if (result != MPI_SUCCESS) {
        rank_free(rf_section_, base);
        return result;
    }
    write_out(static_cast<void**>(baseptr), base);
    return result;
}

// The memory of every member in one block all of them address (SharedWindowMemory.hpp); the
// caller's segment is known once every member has called.
RF_EXPORT int MPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                                      void* baseptr, MPI_Win* win) {
    RF_MPI_ENTRY;
    rank_gate().local_call("MPI_Win_allocate_shared", site,
                           local_arguments(size, disp_unit, info, comm, baseptr, win));
    const int rank = rank_gate().current_rank();
    bool noncontig = false;
    if (const InfoEntries* entries = rank_gate().world().rank_state(rank).infos.find(info))
        for (const auto& [key, value] : *entries)
            if (key == "alloc_shared_noncontig") noncontig = value == "true";
    const int result = create("MPI_Win_allocate_shared", site, rf_section_, nullptr, size,
                              disp_unit, MPI_WIN_FLAVOR_SHARED, info, comm, win, noncontig);
    if (result != MPI_SUCCESS) return result;
    MPI_Win made = MPI_WIN_NULL;
    read_app(win, made);
    const WindowTable& windows = rank_gate().world().windows();
    void* base = nullptr;
    if (const auto v = windows.view(rank, made))
        base = reinterpret_cast<void*>(
            windows.at(v->index).members[static_cast<std::size_t>(v->my_rank)].base);
    write_out(static_cast<void**>(baseptr), base);
    return result;
}

// A member's segment of a shared window; MPI_PROC_NULL: the first non-empty one (MPI 3.1
// §11.2.3).
RF_EXPORT int MPI_Win_shared_query(MPI_Win win, int rank, MPI_Aint* size, int* disp_unit,
                                   void* baseptr) {
    RF_LOCAL_ENTRY("MPI_Win_shared_query", win, rank, size, disp_unit, baseptr);
    const auto v = call.world.windows().view(call.rank, win);
    if (!v)
        return call.error(MPI_COMM_WORLD, MPI_ERR_WIN, Misuse::InvalidHandle,
                          fmt::format("invalid window {:#x}", win));
    const Window& w = call.world.windows().at(v->index);
    if (w.flavor != MPI_WIN_FLAVOR_SHARED)
        return call.error(win, MPI_ERR_RMA_FLAVOR, Misuse::InvalidArgument,
                          "the window was not made by MPI_Win_allocate_shared");
    const int n = static_cast<int>(w.members.size());
    if (rank != MPI_PROC_NULL && (rank < 0 || rank >= n))
        return call.error(win, MPI_ERR_RANK, Misuse::InvalidRank,
                          fmt::format("rank {} is not in the window's group of {}", rank, n));
    std::vector<MPI_Aint> sizes;
    for (const WindowMember& m : w.members) sizes.push_back(m.size);
    const WindowMember& m = w.members[static_cast<std::size_t>(
        rank == MPI_PROC_NULL ? first_nonempty_segment(sizes) : rank)];
    if (!write_out(size, m.size) || !write_out(disp_unit, m.disp_unit) ||
        !write_out(static_cast<void**>(baseptr), reinterpret_cast<void*>(m.base)))
        return call.error(win, MPI_ERR_ARG, Misuse::InvalidArgument,
                          "size, disp_unit or baseptr is not writable");
    return MPI_SUCCESS;
}

// A window without memory: each rank attaches its own later (MPI_Win_attach), and target
// displacements are addresses (MPI 3.1 §11.2.4).
RF_EXPORT int MPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win* win) {
    RF_MPI_ENTRY;
    rank_gate().local_call("MPI_Win_create_dynamic", site, local_arguments(info, comm, win));
    return create("MPI_Win_create_dynamic", site, rf_section_, MPI_BOTTOM, 0, 1,
                  MPI_WIN_FLAVOR_DYNAMIC, info, comm, win);
}

RF_EXPORT int MPI_Win_fence(int assertion, MPI_Win win) {
    RF_MPI_ENTRY;
    return window_collective("MPI_Win_fence", site, CollectiveKind::WinFence, win, nullptr,
                             assertion);
}

RF_EXPORT int MPI_Win_free(MPI_Win* win) {
    RF_MPI_ENTRY;
    MPI_Win handle = MPI_WIN_NULL;
    read_app(win, handle);
    // What the window owns in this rank's heap goes when the window does.
    void* attributes = nullptr;
    void* allocated = nullptr;
    {
        const WindowTable& windows = rank_gate().world().windows();
        if (const auto v = windows.view(rank_gate().current_rank(), handle)) {
            const Window& w = windows.at(v->index);
            const WindowMember& m = w.members[static_cast<std::size_t>(v->my_rank)];
            attributes = m.attributes;
            if (w.flavor == MPI_WIN_FLAVOR_ALLOCATE) allocated = reinterpret_cast<void*>(m.base);
        }
    }
    // The delete functions of the program's attributes run when the window is freed (MPI 3.1
    // §6.7.3), before it goes.
    if (const int err = delete_window_attributes("MPI_Win_free", site, rf_section_, handle);
        err != MPI_SUCCESS)
        return err;
    const int result =
        window_collective("MPI_Win_free", site, CollectiveKind::WinFree, handle, win, 0);
    if (result == MPI_SUCCESS) {
        rank_free(rf_section_, attributes);
        rank_free(rf_section_, allocated);
    }
    return result;
}

RF_EXPORT int MPI_Alloc_mem(MPI_Aint size, MPI_Info info, void* baseptr) {
    RF_LOCAL_ENTRY("MPI_Alloc_mem", size, info, baseptr);
    (void)info;
    if (size < 0)
        return call.error(MPI_COMM_WORLD, MPI_ERR_SIZE, Misuse::InvalidArgument,
                          fmt::format("negative size {}", size));
    void* p = rank_calloc(rf_section_, static_cast<std::size_t>(size));
    if (!write_out(static_cast<void**>(baseptr), p))
        return call.error(MPI_COMM_WORLD, MPI_ERR_ARG, Misuse::InvalidArgument,
                          "baseptr is not writable");
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Free_mem(void* base) {
    RF_LOCAL_ENTRY("MPI_Free_mem", base);
    rank_free(rf_section_, base);
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Win_get_group(MPI_Win win, MPI_Group* group) {
    RF_LOCAL_ENTRY("MPI_Win_get_group", win, group);
    const auto v = call.world.windows().view(call.rank, win);
    if (!v)
        return call.error(MPI_COMM_WORLD, MPI_ERR_WIN, Misuse::InvalidHandle,
                          fmt::format("invalid window {:#x}", win));
    std::vector<int> members;
    for (const WindowMember& m : call.world.windows().at(v->index).members)
        members.push_back(m.world_rank);
    const MPI_Group g = call.world.rank_state(call.rank).groups.add(std::move(members), site);
    write_out(group, g);
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Win_set_name(MPI_Win win, const char* name) {
    RF_LOCAL_ENTRY("MPI_Win_set_name", win, name);
    WindowMember* m = member(call, win);
    if (m == nullptr)
        return call.error(MPI_COMM_WORLD, MPI_ERR_WIN, Misuse::InvalidHandle,
                          fmt::format("invalid window {:#x}", win));
    char text[MPI_MAX_OBJECT_NAME] = {};
    if (name == nullptr || !read_app_string(name, text, sizeof text))
        return call.error(win, MPI_ERR_ARG, Misuse::InvalidArgument,
                          "the name is not a readable string");
    m->name = text;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Win_get_name(MPI_Win win, char* name, int* resultlen) {
    RF_LOCAL_ENTRY("MPI_Win_get_name", win, name, resultlen);
    int error = MPI_SUCCESS;
    const WindowMember* m = member(call, win, &error);
    if (m == nullptr) return error;
    char text[MPI_MAX_OBJECT_NAME] = {};
    std::snprintf(text, sizeof text, "%s", m->name.c_str());
    const int length = static_cast<int>(std::strlen(text));
    if (!rankfold::snapshot::copy_to_app(name, text, static_cast<std::size_t>(length) + 1) ||
        !write_out(resultlen, length))
        return call.error(win, MPI_ERR_ARG, Misuse::InvalidArgument,
                          "win_name or resultlen is not writable");
    return MPI_SUCCESS;
}
