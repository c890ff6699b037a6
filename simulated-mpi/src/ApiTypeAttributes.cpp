// Attribute caching on datatypes (MPI 3.1 §6.7.4): keys with copy and delete callbacks, and
// the attributes set on predefined and derived types. Local calls; the callbacks are in
// TypeAttributes.cpp.
#include "simulated-mpi/src/Api.hpp"
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/TypeAttributes.hpp"

#include <fmt/format.h>

#include <algorithm>

using namespace rankfold::mpi;

namespace {

int invalid_type(const LocalCall& call, MPI_Datatype type) {
    return call.error(MPI_COMM_WORLD, MPI_ERR_TYPE, Misuse::InvalidHandle,
                      fmt::format("invalid datatype {:#x} (freed, or never created)", type));
}

int invalid_keyval(const LocalCall& call, int keyval, const char* why) {
    return call.error(MPI_COMM_WORLD, MPI_ERR_KEYVAL, Misuse::InvalidHandle,
                      fmt::format("invalid attribute key {:#x} ({})", keyval, why));
}

// The key if it is one MPI_Type_create_keyval made (freed or not), else nullptr.
const Keyval* find_type_keyval(const LocalCall& call, int keyval) {
    const Keyval* k = call.world.rank_state(call.rank).keyvals.find(keyval);
    return k != nullptr && k->for_types ? k : nullptr;
}

int callback_failed(const LocalCall& call, const char* which, int keyval, int code) {
    return call.error(MPI_COMM_WORLD, code, Misuse::InvalidArgument,
                      fmt::format("the {} function of key {:#x} returned {}", which, keyval, code));
}

} // namespace

RF_EXPORT int MPI_Type_create_keyval(MPI_Type_copy_attr_function* type_copy_attr_fn,
                                     MPI_Type_delete_attr_function* type_delete_attr_fn,
                                     int* type_keyval, void* extra_state) {
    RF_LOCAL_ENTRY("MPI_Type_create_keyval", type_copy_attr_fn, type_delete_attr_fn, type_keyval,
                   extra_state);
    Keyval k;
    // Kept as the communicator function types the table holds; called as what they are.
    k.copy = reinterpret_cast<MPI_Comm_copy_attr_function*>(type_copy_attr_fn);
    k.del = reinterpret_cast<MPI_Comm_delete_attr_function*>(type_delete_attr_fn);
    k.extra_state = reinterpret_cast<std::uintptr_t>(extra_state);
    k.site = site;
    k.for_types = true;
    const int keyval = call.world.rank_state(call.rank).keyvals.add(k);
    if (!write_out(type_keyval, keyval))
        return call.error(MPI_COMM_WORLD, MPI_ERR_ARG, Misuse::InvalidArgument,
                          "type_keyval is not writable");
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Type_free_keyval(int* type_keyval) {
    RF_LOCAL_ENTRY("MPI_Type_free_keyval", type_keyval);
    int keyval = MPI_KEYVAL_INVALID;
    read_app(type_keyval, keyval);
    const Keyval* k = find_type_keyval(call, keyval);
    if (k == nullptr || k->freed)
        return invalid_keyval(call, keyval, "freed, or not made by MPI_Type_create_keyval");
    call.world.rank_state(call.rank).keyvals.free(keyval);
    reclaim_type_keyval_if_unused(call.world, call.rank, keyval);
    write_out(type_keyval, static_cast<int>(MPI_KEYVAL_INVALID));
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Type_set_attr(MPI_Datatype datatype, int type_keyval, void* attribute_val) {
    RF_LOCAL_ENTRY("MPI_Type_set_attr", datatype, type_keyval, attribute_val);
    if (!call.world.rank_state(call.rank).datatypes.find(datatype))
        return invalid_type(call, datatype);
    const Keyval* k = find_type_keyval(call, type_keyval);
    if (k == nullptr || k->freed)
        return invalid_keyval(call, type_keyval, "freed, or not made by MPI_Type_create_keyval");
    auto matches = [&](const TypeAttribute& a) {
        return a.type == datatype && a.keyval == type_keyval;
    };
    const auto& attributes = call.world.rank_state(call.rank).datatypes.attributes();
    if (auto it = std::find_if(attributes.begin(), attributes.end(), matches);
        it != attributes.end()) {
        // Replacing a value runs its delete function first.
        if (const int err = delete_type_attribute(call.world, call.rank, *call.section, datatype,
                                                  type_keyval, it->value);
            err != MPI_SUCCESS)
            return callback_failed(call, "delete", type_keyval, err);
        for (TypeAttribute& a : call.world.rank_state(call.rank).datatypes.attributes())
            if (matches(a)) a.value = reinterpret_cast<MPI_Aint>(attribute_val);
        return MPI_SUCCESS;
    }
    call.world.rank_state(call.rank).datatypes.attributes().push_back(
        {datatype, type_keyval, reinterpret_cast<MPI_Aint>(attribute_val)});
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Type_get_attr(MPI_Datatype datatype, int type_keyval, void* attribute_val,
                                int* flag) {
    RF_LOCAL_ENTRY("MPI_Type_get_attr", datatype, type_keyval, attribute_val, flag);
    if (!call.world.rank_state(call.rank).datatypes.find(datatype))
        return invalid_type(call, datatype);
    if (find_type_keyval(call, type_keyval) == nullptr)
        return invalid_keyval(call, type_keyval, "not made by MPI_Type_create_keyval");
    *flag = 0;
    for (const TypeAttribute& a : call.world.rank_state(call.rank).datatypes.attributes())
        if (a.type == datatype && a.keyval == type_keyval) {
            *static_cast<void**>(attribute_val) = reinterpret_cast<void*>(a.value);
            *flag = 1;
        }
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Type_delete_attr(MPI_Datatype datatype, int type_keyval) {
    RF_LOCAL_ENTRY("MPI_Type_delete_attr", datatype, type_keyval);
    if (!call.world.rank_state(call.rank).datatypes.find(datatype))
        return invalid_type(call, datatype);
    auto matches = [&](const TypeAttribute& a) {
        return a.type == datatype && a.keyval == type_keyval;
    };
    const auto& attributes = call.world.rank_state(call.rank).datatypes.attributes();
    const auto it = std::find_if(attributes.begin(), attributes.end(), matches);
    if (it == attributes.end())
        return invalid_keyval(call, type_keyval, "the datatype carries no attribute of it");
    if (const int err = delete_type_attribute(call.world, call.rank, *call.section, datatype,
                                              type_keyval, it->value);
        err != MPI_SUCCESS)
        return callback_failed(call, "delete", type_keyval, err);
    std::erase_if(call.world.rank_state(call.rank).datatypes.attributes(), matches);
    reclaim_type_keyval_if_unused(call.world, call.rank, type_keyval);
    return MPI_SUCCESS;
}
