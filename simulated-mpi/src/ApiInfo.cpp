// Info objects (MPI 3.1 §9, MPI 4.0 MPI_Info_get_string): local, per rank. Keys and values are
// checked against MPI_MAX_INFO_KEY and MPI_MAX_INFO_VAL as MPI requires; hints given to other
// calls are accepted and ignored (MPI lets an implementation ignore every hint).
#include "simulated-mpi/src/Api.hpp"
#include "simulated-mpi/src/WorldCore.hpp"
#include "snapshot/GuardedCopy.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

using namespace rankfold::mpi;

namespace {

int invalid_info(const LocalCall& call, MPI_Info info) {
    const bool env = info == MPI_INFO_ENV;
    return call.error(MPI_COMM_WORLD, MPI_ERR_INFO, Misuse::InvalidHandle,
                      env ? std::string("MPI_INFO_ENV cannot be changed or freed")
                          : fmt::format("invalid info object {:#x}", info));
}

// MPI_SUCCESS if `key` is a key MPI accepts (1 to MPI_MAX_INFO_KEY characters).
int check_key(const LocalCall& call, const char* key) {
    if (key == nullptr)
        return call.error(MPI_COMM_WORLD, MPI_ERR_INFO_KEY, Misuse::InvalidArgument,
                          "the key is a null pointer");
    const std::size_t n = strnlen(key, MPI_MAX_INFO_KEY + 1);
    if (n == 0 || n > MPI_MAX_INFO_KEY)
        return call.error(MPI_COMM_WORLD, MPI_ERR_INFO_KEY, Misuse::InvalidArgument,
                          fmt::format("the key is {} characters long (1 to MPI_MAX_INFO_KEY = {})",
                                      n > MPI_MAX_INFO_KEY ? "over 255" : "0", MPI_MAX_INFO_KEY));
    return MPI_SUCCESS;
}

const std::string* lookup(const InfoEntries& entries, const char* key) {
    for (const auto& [k, v] : entries)
        if (k == key) return &v;
    return nullptr;
}

InfoTable& infos(const LocalCall& call) {
    return call.world.rank_state(call.rank).infos;
}

} // namespace

RF_EXPORT int MPI_Info_create(MPI_Info* info) {
    RF_LOCAL_ENTRY("MPI_Info_create", info);
    *info = infos(call).add({});
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Info_set(MPI_Info info, const char* key, const char* value) {
    RF_LOCAL_ENTRY("MPI_Info_set", info, key, value);
    if (infos(call).find_own(info) == nullptr) return invalid_info(call, info);
    if (const int err = check_key(call, key); err != MPI_SUCCESS) return err;
    const std::size_t n = value == nullptr ? 0 : strnlen(value, MPI_MAX_INFO_VAL + 1);
    if (value == nullptr || n == 0 || n > MPI_MAX_INFO_VAL)
        return call.error(MPI_COMM_WORLD, MPI_ERR_INFO_VALUE, Misuse::InvalidArgument,
                          fmt::format("the value of '{}' is {} (1 to MPI_MAX_INFO_VAL = {} "
                                      "characters)",
                                      key,
                                      value == nullptr ? "a null pointer"
                                      : n == 0         ? "empty"
                                                       : "over 1024 characters long",
                                      MPI_MAX_INFO_VAL));
    InfoEntries& entries = *infos(call).find_own(info);
    auto it =
        std::find_if(entries.begin(), entries.end(), [&](const auto& e) { return e.first == key; });
    if (it != entries.end())
        it->second = value;
    else
        entries.emplace_back(key, value);
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Info_delete(MPI_Info info, const char* key) {
    RF_LOCAL_ENTRY("MPI_Info_delete", info, key);
    if (infos(call).find_own(info) == nullptr) return invalid_info(call, info);
    if (const int err = check_key(call, key); err != MPI_SUCCESS) return err;
    InfoEntries& entries = *infos(call).find_own(info);
    if (std::erase_if(entries, [&](const auto& e) { return e.first == key; }) == 0)
        return call.error(MPI_COMM_WORLD, MPI_ERR_INFO_NOKEY, Misuse::InvalidArgument,
                          fmt::format("the info object has no key '{}'", key));
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Info_get(MPI_Info info, const char* key, int valuelen, char* value, int* flag) {
    RF_LOCAL_ENTRY("MPI_Info_get", info, key, valuelen, value, flag);
    const InfoEntries* entries = infos(call).find(info);
    if (entries == nullptr) return invalid_info(call, info);
    if (const int err = check_key(call, key); err != MPI_SUCCESS) return err;
    if (valuelen < 0)
        return call.error(MPI_COMM_WORLD, MPI_ERR_ARG, Misuse::InvalidArgument,
                          fmt::format("valuelen is {} (negative)", valuelen));
    const std::string* v = lookup(*entries, key);
    *flag = v != nullptr;
    if (v != nullptr) {
        // At most valuelen characters, and the terminating null (value holds valuelen + 1).
        const std::size_t n = std::min(v->size(), static_cast<std::size_t>(valuelen));
        std::memcpy(value, v->data(), n);
        value[n] = '\0';
    }
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Info_get_valuelen(MPI_Info info, const char* key, int* valuelen, int* flag) {
    RF_LOCAL_ENTRY("MPI_Info_get_valuelen", info, key, valuelen, flag);
    const InfoEntries* entries = infos(call).find(info);
    if (entries == nullptr) return invalid_info(call, info);
    if (const int err = check_key(call, key); err != MPI_SUCCESS) return err;
    const std::string* v = lookup(*entries, key);
    *flag = v != nullptr;
    if (v != nullptr) *valuelen = static_cast<int>(v->size());
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Info_get_string(MPI_Info info, const char* key, int* buflen, char* value,
                                  int* flag) {
    RF_LOCAL_ENTRY("MPI_Info_get_string", info, key, buflen, value, flag);
    const InfoEntries* entries = infos(call).find(info);
    if (entries == nullptr) return invalid_info(call, info);
    if (const int err = check_key(call, key); err != MPI_SUCCESS) return err;
    const std::string* v = lookup(*entries, key);
    *flag = v != nullptr;
    if (v == nullptr) return MPI_SUCCESS;
    // buflen 0 asks for the size only; otherwise at most buflen - 1 characters and the null.
    if (*buflen > 0) {
        const std::size_t n = std::min(v->size(), static_cast<std::size_t>(*buflen - 1));
        std::memcpy(value, v->data(), n);
        value[n] = '\0';
    }
    *buflen = static_cast<int>(v->size()) + 1;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Info_get_nkeys(MPI_Info info, int* nkeys) {
    RF_LOCAL_ENTRY("MPI_Info_get_nkeys", info, nkeys);
    const InfoEntries* entries = infos(call).find(info);
    if (entries == nullptr) return invalid_info(call, info);
    *nkeys = static_cast<int>(entries->size());
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Info_get_nthkey(MPI_Info info, int n, char* key) {
    RF_LOCAL_ENTRY("MPI_Info_get_nthkey", info, n, key);
    const InfoEntries* entries = infos(call).find(info);
    if (entries == nullptr) return invalid_info(call, info);
    if (n < 0 || static_cast<std::size_t>(n) >= entries->size())
        return call.error(
            MPI_COMM_WORLD, MPI_ERR_ARG, Misuse::InvalidArgument,
            fmt::format("key number {} of an info object with {} keys", n, entries->size()));
    const std::string& k = (*entries)[static_cast<std::size_t>(n)].first;
    std::memcpy(key, k.c_str(), k.size() + 1);
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Info_dup(MPI_Info info, MPI_Info* newinfo) {
    RF_LOCAL_ENTRY("MPI_Info_dup", info, newinfo);
    const InfoEntries* entries = infos(call).find(info);
    if (entries == nullptr) return invalid_info(call, info);
    InfoEntries copy = *entries; // before add(), which may move the table's slots
    *newinfo = infos(call).add(std::move(copy));
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Info_free(MPI_Info* info) {
    RF_LOCAL_ENTRY("MPI_Info_free", info);
    if (!infos(call).free(*info)) return invalid_info(call, *info);
    *info = MPI_INFO_NULL;
    return MPI_SUCCESS;
}

// A communicator's hints (MPI 4.0 §7.4.4): Rankfold uses none, so MPI_Comm_set_info only checks
// its arguments and MPI_Comm_get_info returns a new, empty info object (the hints in use).
namespace {

int check_comm(const LocalCall& call, MPI_Comm comm) {
    if (call.world.comm_size(call.rank, comm)) return MPI_SUCCESS;
    return call.error(MPI_COMM_WORLD, MPI_ERR_COMM, Misuse::InvalidHandle, invalid_comm_text(comm));
}

} // namespace

RF_EXPORT int MPI_Comm_set_info(MPI_Comm comm, MPI_Info info) {
    RF_LOCAL_ENTRY("MPI_Comm_set_info", comm, info);
    if (const int rc = check_comm(call, comm); rc != MPI_SUCCESS) return rc;
    if (infos(call).find(info) == nullptr) return invalid_info(call, info);
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Comm_get_info(MPI_Comm comm, MPI_Info* info_used) {
    RF_LOCAL_ENTRY("MPI_Comm_get_info", comm, info_used);
    if (const int rc = check_comm(call, comm); rc != MPI_SUCCESS) return rc;
    MPI_Info used = infos(call).add({});
    if (rankfold::snapshot::copy_to_app(info_used, &used, sizeof used)) return MPI_SUCCESS;
    infos(call).free(used);
    return call.error(comm, MPI_ERR_ARG, Misuse::InvalidArgument, "info_used is not writable");
}
