// Window attributes (MPI 3.1 §6.7.3, §11.2.6): the predefined ones MPI_Win_get_attr answers
// from the window (base, size, displacement unit, flavor, memory model) and the program's own,
// with keys from MPI_Win_create_keyval and delete functions run when an attribute is replaced,
// deleted, or its window freed.
#include "simulated-mpi/src/Api.hpp"
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/AttributeCallbacks.hpp"
#include "simulated-mpi/src/Window.hpp"
#include "simulated-mpi/src/WindowAttributes.hpp"

#include <fmt/format.h>

#include <algorithm>

using namespace rankfold::mpi;

namespace {

WindowMember* member_of(MpiWorld& world, int rank, MPI_Win win) {
    const auto v = world.windows().view(rank, win);
    return v ? &world.windows().at(v->index).members[static_cast<std::size_t>(v->my_rank)]
             : nullptr;
}

int invalid_window(const LocalCall& call, MPI_Win win) {
    return call.error(MPI_COMM_WORLD, MPI_ERR_WIN, Misuse::InvalidHandle,
                      fmt::format("invalid window {:#x}", win));
}

int invalid_keyval(const LocalCall& call, MPI_Win win, int keyval) {
    return call.error(win, MPI_ERR_KEYVAL, Misuse::InvalidHandle,
                      fmt::format("invalid window attribute key {:#x}", keyval));
}

// A key the program made with MPI_Win_create_keyval, or nullptr.
const Keyval* window_key(const LocalCall& call, int keyval) {
    const Keyval* k = call.world.rank_state(call.rank).keyvals.find(keyval);
    return k != nullptr && k->for_windows ? k : nullptr;
}

// Runs the delete function of attribute `keyval` = `value` of `win`.
int run_delete(MpiWorld& world, int rank, const rankfold::snapshot::RuntimeSection& section,
               const char* name, std::uintptr_t site, MPI_Win win, int keyval, MPI_Aint value) {
    const Keyval* k = world.rank_state(rank).keyvals.find(keyval);
    if (k == nullptr || k->del == nullptr) return MPI_SUCCESS;
    auto* del = reinterpret_cast<MPI_Win_delete_attr_function*>(k->del);
    void* extra = reinterpret_cast<void*>(k->extra_state);
    int result = MPI_SUCCESS;
    {
        rankfold::snapshot::CallbackScope app(section);
        result = del(win, keyval, reinterpret_cast<void*>(value), extra);
    }
    if (result != MPI_SUCCESS)
        return rank_gate().local_error(
            name, win, result, Misuse::InvalidArgument,
            fmt::format("the delete function of key {:#x} returned {}", keyval, result), site);
    return MPI_SUCCESS;
}

} // namespace

namespace rankfold::mpi {

int delete_window_attributes(const char* name, std::uintptr_t site,
                             const snapshot::RuntimeSection& section, MPI_Win win) {
    MpiWorld& world = rank_gate().world();
    const int rank = rank_gate().current_rank();
    WindowMember* m = member_of(world, rank, win);
    if (m == nullptr || m->user_attributes.empty()) return MPI_SUCCESS;
    const auto attributes = m->user_attributes;
    for (const auto& [keyval, value] : attributes)
        if (const int err = run_delete(world, rank, section, name, site, win, keyval, value);
            err != MPI_SUCCESS)
            return err;
    if (WindowMember* again = member_of(world, rank, win)) again->user_attributes.clear();
    const LocalCall call{name, site, &section};
    for (const auto& [keyval, value] : attributes) reclaim_if_unused(call, keyval);
    return MPI_SUCCESS;
}

} // namespace rankfold::mpi

RF_EXPORT int MPI_Win_create_keyval(MPI_Win_copy_attr_function* win_copy_attr_fn,
                                    MPI_Win_delete_attr_function* win_delete_attr_fn,
                                    int* win_keyval, void* extra_state) {
    RF_LOCAL_ENTRY("MPI_Win_create_keyval", win_copy_attr_fn, win_delete_attr_fn, win_keyval,
                   extra_state);
    Keyval k;
    // Kept as the communicator function types the table holds; called as what they are.
    k.copy = reinterpret_cast<MPI_Comm_copy_attr_function*>(win_copy_attr_fn);
    k.del = reinterpret_cast<MPI_Comm_delete_attr_function*>(win_delete_attr_fn);
    k.extra_state = reinterpret_cast<std::uintptr_t>(extra_state);
    k.site = site;
    k.for_windows = true;
    const int keyval = call.world.rank_state(call.rank).keyvals.add(k);
    if (!write_out(win_keyval, keyval))
        return call.error(MPI_COMM_WORLD, MPI_ERR_ARG, Misuse::InvalidArgument,
                          "win_keyval is not writable");
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Win_free_keyval(int* win_keyval) {
    RF_LOCAL_ENTRY("MPI_Win_free_keyval", win_keyval);
    int keyval = MPI_KEYVAL_INVALID;
    read_app(win_keyval, keyval);
    if (window_key(call, keyval) == nullptr ||
        !call.world.rank_state(call.rank).keyvals.free(keyval))
        return invalid_keyval(call, MPI_WIN_NULL, keyval);
    reclaim_if_unused(call, keyval);
    write_out(win_keyval, static_cast<int>(MPI_KEYVAL_INVALID));
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Win_set_attr(MPI_Win win, int win_keyval, void* attribute_val) {
    RF_LOCAL_ENTRY("MPI_Win_set_attr", win, win_keyval, attribute_val);
    WindowMember* m = member_of(call.world, call.rank, win);
    if (m == nullptr) return invalid_window(call, win);
    const Keyval* k = window_key(call, win_keyval);
    if (k == nullptr || k->freed) return invalid_keyval(call, win, win_keyval);
    const auto value = reinterpret_cast<MPI_Aint>(attribute_val);
    auto& attributes = m->user_attributes;
    auto it = std::lower_bound(attributes.begin(), attributes.end(), win_keyval,
                               [](const auto& a, int key) { return a.first < key; });
    if (it == attributes.end() || it->first != win_keyval) {
        attributes.insert(it, {win_keyval, value});
        return MPI_SUCCESS;
    }
    // Replacing a value runs its delete function first (which may itself use attributes).
    if (const int err = run_delete(call.world, call.rank, *call.section, call.name, site, win,
                                   win_keyval, it->second);
        err != MPI_SUCCESS)
        return err;
    if (WindowMember* again = member_of(call.world, call.rank, win))
        for (auto& a : again->user_attributes)
            if (a.first == win_keyval) a.second = value;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Win_delete_attr(MPI_Win win, int win_keyval) {
    RF_LOCAL_ENTRY("MPI_Win_delete_attr", win, win_keyval);
    WindowMember* m = member_of(call.world, call.rank, win);
    if (m == nullptr) return invalid_window(call, win);
    if (window_key(call, win_keyval) == nullptr) return invalid_keyval(call, win, win_keyval);
    auto it = std::find_if(m->user_attributes.begin(), m->user_attributes.end(),
                           [&](const auto& a) { return a.first == win_keyval; });
    if (it == m->user_attributes.end())
        return call.error(win, MPI_ERR_KEYVAL, Misuse::InvalidArgument,
                          fmt::format("the window has no attribute with key {:#x}", win_keyval));
    const MPI_Aint value = it->second;
    if (const int err = run_delete(call.world, call.rank, *call.section, call.name, site, win,
                                   win_keyval, value);
        err != MPI_SUCCESS)
        return err;
    if (WindowMember* again = member_of(call.world, call.rank, win))
        std::erase_if(again->user_attributes, [&](const auto& a) { return a.first == win_keyval; });
    reclaim_if_unused(call, win_keyval);
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Win_get_attr(MPI_Win win, int keyval, void* attribute_val, int* flag) {
    RF_LOCAL_ENTRY("MPI_Win_get_attr", win, keyval, attribute_val, flag);
    const WindowMember* m = member_of(call.world, call.rank, win);
    if (m == nullptr) return invalid_window(call, win);
    auto* block = static_cast<WindowAttributeBlock*>(m->attributes);
    void* value = nullptr;
    switch (keyval) {
    case MPI_WIN_BASE:
        value = reinterpret_cast<void*>(m->base); // the base itself, not a pointer to it
        break;
    case MPI_WIN_SIZE:
        value = &block->size;
        break;
    case MPI_WIN_DISP_UNIT:
        value = &block->disp_unit;
        break;
    case MPI_WIN_CREATE_FLAVOR:
        value = &block->flavor;
        break;
    case MPI_WIN_MODEL:
        value = &block->model;
        break;
    default: {
        if (window_key(call, keyval) == nullptr) return invalid_keyval(call, win, keyval);
        auto it = std::find_if(m->user_attributes.begin(), m->user_attributes.end(),
                               [&](const auto& a) { return a.first == keyval; });
        if (it == m->user_attributes.end()) {
            write_out(flag, 0);
            return MPI_SUCCESS;
        }
        value = reinterpret_cast<void*>(it->second);
    }
    }
    write_out(static_cast<void**>(attribute_val), value);
    write_out(flag, 1);
    return MPI_SUCCESS;
}
