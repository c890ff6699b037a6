// Attribute caching on communicators (MPI 3.1 §6.7): keys with copy and delete callbacks, and
// the predefined attributes of MPI_COMM_WORLD (MPI_TAG_UB, MPI_HOST, MPI_IO, MPI_UNIVERSE_SIZE,
// MPI_APPNUM, MPI_LASTUSEDCODE, MPI_WTIME_IS_GLOBAL).
#include "simulated-mpi/src/Api.hpp"
#include "simulated-mpi/src/AttributeCallbacks.hpp"

#include <fmt/format.h>

#include <algorithm>

using namespace rankfold::mpi;

namespace {

// The predefined attributes' values; MPI hands out pointers to them.
const int kTagUb = RF_TAG_UB;
const int kHost = MPI_PROC_NULL;
const int kIo = MPI_ANY_SOURCE; // every rank can do I/O
const int kWtimeIsGlobal = 1;   // simulated clocks start alike

const int kAppnum = 0; // one program, started once

const int* predefined_value(int keyval, int world_size, int last_used_code) {
    // The universe is the processes started: Rankfold cannot spawn more.
    static int universe_size = 0;
    universe_size = world_size;
    // The calling rank's largest code (MPI_Add_error_code makes more), read when asked.
    static int last_used = 0;
    last_used = last_used_code;
    if (keyval == MPI_UNIVERSE_SIZE) return &universe_size;
    if (keyval == MPI_APPNUM) return &kAppnum;
    if (keyval == MPI_LASTUSEDCODE) return &last_used;
    if (keyval == MPI_TAG_UB) return &kTagUb;
    if (keyval == MPI_HOST) return &kHost;
    if (keyval == MPI_IO) return &kIo;
    if (keyval == MPI_WTIME_IS_GLOBAL) return &kWtimeIsGlobal;
    return nullptr;
}

int invalid_comm(const LocalCall& call, MPI_Comm comm) {
    return call.error(MPI_COMM_WORLD, MPI_ERR_COMM, Misuse::InvalidHandle,
                      fmt::format("invalid communicator {:#x}", comm));
}

int invalid_keyval(const LocalCall& call, MPI_Comm comm, int keyval) {
    return call.error(comm, MPI_ERR_KEYVAL, Misuse::InvalidHandle,
                      fmt::format("invalid attribute key {:#x}", keyval));
}

} // namespace

RF_EXPORT int MPI_Comm_dup_fn(MPI_Comm, int, void*, void* attribute_val_in, void* attribute_val_out,
                              int* flag) {
    *static_cast<void**>(attribute_val_out) = attribute_val_in;
    *flag = 1;
    return MPI_SUCCESS;
}

namespace {
int comm_create_keyval_impl(const LocalCall& call, MPI_Comm_copy_attr_function* comm_copy_attr_fn,
                            MPI_Comm_delete_attr_function* comm_delete_attr_fn, int* comm_keyval,
                            void* extra_state) {
    *comm_keyval = call.world.rank_state(call.rank).keyvals.add(
        {comm_copy_attr_fn, comm_delete_attr_fn, reinterpret_cast<std::uintptr_t>(extra_state),
         call.site});
    return MPI_SUCCESS;
}
} // namespace

RF_EXPORT int MPI_Comm_create_keyval(MPI_Comm_copy_attr_function* comm_copy_attr_fn,
                                     MPI_Comm_delete_attr_function* comm_delete_attr_fn,
                                     int* comm_keyval, void* extra_state) {
    RF_LOCAL_ENTRY("MPI_Comm_create_keyval", comm_copy_attr_fn, comm_delete_attr_fn, comm_keyval,
                   extra_state);
    return comm_create_keyval_impl(call, comm_copy_attr_fn, comm_delete_attr_fn, comm_keyval,
                                   extra_state);
}

// The MPI-1 names MPI 3.0 removed, which real codes still use (MPICH keeps them), here and below.
RF_EXPORT int MPI_Keyval_create(MPI_Copy_function* copy_fn, MPI_Delete_function* delete_fn,
                                int* keyval, void* extra_state) {
    RF_LOCAL_ENTRY("MPI_Keyval_create", copy_fn, delete_fn, keyval, extra_state);
    return comm_create_keyval_impl(call, copy_fn, delete_fn, keyval, extra_state);
}

namespace {
int comm_free_keyval_impl(const LocalCall& call, int* keyval) {
    if (!call.world.rank_state(call.rank).keyvals.free(*keyval))
        return invalid_keyval(call, MPI_COMM_WORLD, *keyval);
    reclaim_if_unused(call, *keyval);
    *keyval = MPI_KEYVAL_INVALID;
    return MPI_SUCCESS;
}
} // namespace

RF_EXPORT int MPI_Comm_free_keyval(int* keyval) {
    RF_LOCAL_ENTRY("MPI_Comm_free_keyval", keyval);
    return comm_free_keyval_impl(call, keyval);
}

RF_EXPORT int MPI_Keyval_free(int* keyval) {
    RF_LOCAL_ENTRY("MPI_Keyval_free", keyval);
    return comm_free_keyval_impl(call, keyval);
}

namespace {
int comm_set_attr_impl(const LocalCall& call, MPI_Comm comm, int comm_keyval, void* attribute_val) {
    const int keyval = comm_keyval;
    void* const value = attribute_val;
    if (call.world.comms().handle(call.rank, comm) == nullptr) return invalid_comm(call, comm);
    const Keyval* k = call.world.rank_state(call.rank).keyvals.find(keyval);
    if (k == nullptr || k->freed || k->for_windows || k->for_types)
        return invalid_keyval(call, comm, keyval);
    auto& attributes = call.world.comms().handle(call.rank, comm)->attributes;
    auto it = std::find_if(attributes.begin(), attributes.end(),
                           [&](const auto& a) { return a.first == keyval; });
    if (it != attributes.end() && it->first == keyval) {
        // Replacing a value runs its delete function first (which may itself use attributes).
        const MPI_Aint old = it->second;
        if (const int err = delete_attribute(call, comm, keyval, old); err != MPI_SUCCESS)
            return err;
        for (auto& a : call.world.comms().handle(call.rank, comm)->attributes)
            if (a.first == keyval) a.second = reinterpret_cast<MPI_Aint>(value);
        return MPI_SUCCESS;
    }
    // In the order of setting: MPI_Finalize deletes MPI_COMM_SELF's in the reverse order.
    attributes.emplace_back(keyval, reinterpret_cast<MPI_Aint>(value));
    return MPI_SUCCESS;
}
} // namespace

RF_EXPORT int MPI_Comm_set_attr(MPI_Comm comm, int comm_keyval, void* attribute_val) {
    RF_LOCAL_ENTRY("MPI_Comm_set_attr", comm, comm_keyval, attribute_val);
    return comm_set_attr_impl(call, comm, comm_keyval, attribute_val);
}

RF_EXPORT int MPI_Attr_put(MPI_Comm comm, int comm_keyval, void* attribute_val) {
    RF_LOCAL_ENTRY("MPI_Attr_put", comm, comm_keyval, attribute_val);
    return comm_set_attr_impl(call, comm, comm_keyval, attribute_val);
}

namespace {
int comm_get_attr_impl(const LocalCall& call, MPI_Comm comm, int comm_keyval, void* attribute_val,
                       int* flag) {
    const int keyval = comm_keyval;
    void* const value = attribute_val;
    const CommHandle* h = call.world.comms().handle(call.rank, comm);
    if (h == nullptr) return invalid_comm(call, comm);
    if (const int* v = predefined_value(keyval, call.world.size(),
                                        call.world.rank_state(call.rank).error_codes.last_used())) {
        *flag = comm == MPI_COMM_WORLD;
        if (*flag) *static_cast<const int**>(value) = v;
        return MPI_SUCCESS;
    }
    if (call.world.rank_state(call.rank).keyvals.find(keyval) == nullptr)
        return invalid_keyval(call, comm, keyval);
    *flag = 0;
    for (const auto& [k, v] : h->attributes)
        if (k == keyval) {
            *static_cast<void**>(value) = reinterpret_cast<void*>(v);
            *flag = 1;
        }
    return MPI_SUCCESS;
}
} // namespace

RF_EXPORT int MPI_Comm_get_attr(MPI_Comm comm, int comm_keyval, void* attribute_val, int* flag) {
    RF_LOCAL_ENTRY("MPI_Comm_get_attr", comm, comm_keyval, attribute_val, flag);
    return comm_get_attr_impl(call, comm, comm_keyval, attribute_val, flag);
}

RF_EXPORT int MPI_Attr_get(MPI_Comm comm, int comm_keyval, void* attribute_val, int* flag) {
    RF_LOCAL_ENTRY("MPI_Attr_get", comm, comm_keyval, attribute_val, flag);
    return comm_get_attr_impl(call, comm, comm_keyval, attribute_val, flag);
}

namespace {
int comm_delete_attr_impl(const LocalCall& call, MPI_Comm comm, int keyval) {
    const CommHandle* h = call.world.comms().handle(call.rank, comm);
    if (h == nullptr) return invalid_comm(call, comm);
    auto it = std::find_if(h->attributes.begin(), h->attributes.end(),
                           [&](const auto& a) { return a.first == keyval; });
    if (it == h->attributes.end()) return invalid_keyval(call, comm, keyval);
    if (const int err = delete_attribute(call, comm, keyval, it->second); err != MPI_SUCCESS)
        return err;
    auto& attributes = call.world.comms().handle(call.rank, comm)->attributes;
    std::erase_if(attributes, [&](const auto& a) { return a.first == keyval; });
    reclaim_if_unused(call, keyval);
    return MPI_SUCCESS;
}
} // namespace

RF_EXPORT int MPI_Comm_delete_attr(MPI_Comm comm, int keyval) {
    RF_LOCAL_ENTRY("MPI_Comm_delete_attr", comm, keyval);
    return comm_delete_attr_impl(call, comm, keyval);
}

RF_EXPORT int MPI_Attr_delete(MPI_Comm comm, int keyval) {
    RF_LOCAL_ENTRY("MPI_Attr_delete", comm, keyval);
    return comm_delete_attr_impl(call, comm, keyval);
}
