#include "simulated-mpi/interface/ErrorStrings.hpp"

#include <mpi.h>

namespace rankfold::mpi {
namespace {
struct ErrorText {
    int code;
    const char* name;
    const char* text;
};
constexpr ErrorText kErrors[] = {
    {MPI_SUCCESS, "MPI_SUCCESS", "No MPI error"},
    {MPI_ERR_BUFFER, "MPI_ERR_BUFFER", "Invalid buffer pointer"},
    {MPI_ERR_COUNT, "MPI_ERR_COUNT", "Invalid count argument"},
    {MPI_ERR_TYPE, "MPI_ERR_TYPE", "Invalid datatype argument"},
    {MPI_ERR_TAG, "MPI_ERR_TAG", "Invalid tag argument"},
    {MPI_ERR_COMM, "MPI_ERR_COMM", "Invalid communicator"},
    {MPI_ERR_RANK, "MPI_ERR_RANK", "Invalid rank"},
    {MPI_ERR_ROOT, "MPI_ERR_ROOT", "Invalid root"},
    {MPI_ERR_GROUP, "MPI_ERR_GROUP", "Invalid group"},
    {MPI_ERR_OP, "MPI_ERR_OP", "Invalid operation"},
    {MPI_ERR_TOPOLOGY, "MPI_ERR_TOPOLOGY", "Invalid topology"},
    {MPI_ERR_DIMS, "MPI_ERR_DIMS", "Invalid dimension argument"},
    {MPI_ERR_ARG, "MPI_ERR_ARG", "Invalid argument"},
    {MPI_ERR_UNKNOWN, "MPI_ERR_UNKNOWN", "Unknown error"},
    {MPI_ERR_TRUNCATE, "MPI_ERR_TRUNCATE", "Message truncated"},
    {MPI_ERR_OTHER, "MPI_ERR_OTHER", "Other MPI error"},
    {MPI_ERR_INTERN, "MPI_ERR_INTERN", "Internal MPI error"},
    {MPI_ERR_IN_STATUS, "MPI_ERR_IN_STATUS", "Error code is in status"},
    {MPI_ERR_PENDING, "MPI_ERR_PENDING", "Pending request"},
    {MPI_ERR_REQUEST, "MPI_ERR_REQUEST", "Invalid request (handle)"},
    {MPI_ERR_WIN, "MPI_ERR_WIN", "Invalid window"},
    {MPI_ERR_BASE, "MPI_ERR_BASE", "Invalid base address"},
    {MPI_ERR_LOCKTYPE, "MPI_ERR_LOCKTYPE", "Invalid lock type"},
    {MPI_ERR_RMA_CONFLICT, "MPI_ERR_RMA_CONFLICT", "Conflicting accesses to a window"},
    {MPI_ERR_RMA_SYNC, "MPI_ERR_RMA_SYNC", "Wrong synchronization of RMA calls"},
    {MPI_ERR_SIZE, "MPI_ERR_SIZE", "Invalid size argument"},
    {MPI_ERR_DISP, "MPI_ERR_DISP", "Invalid displacement argument"},
    {MPI_ERR_ASSERT, "MPI_ERR_ASSERT", "Invalid assertion argument"},
    {MPI_ERR_RMA_RANGE, "MPI_ERR_RMA_RANGE", "Target memory is not part of the window"},
    {MPI_ERR_RMA_ATTACH, "MPI_ERR_RMA_ATTACH", "Memory cannot be attached or detached"},
    {MPI_ERR_RMA_FLAVOR, "MPI_ERR_RMA_FLAVOR", "Wrong window flavor for the call"},
    {MPI_ERR_INFO, "MPI_ERR_INFO", "Invalid info object"},
    {MPI_ERR_INFO_KEY, "MPI_ERR_INFO_KEY", "Info key empty or longer than MPI_MAX_INFO_KEY"},
    {MPI_ERR_INFO_VALUE, "MPI_ERR_INFO_VALUE", "Info value empty or longer than MPI_MAX_INFO_VAL"},
    {MPI_ERR_INFO_NOKEY, "MPI_ERR_INFO_NOKEY", "Key not in the info object"},
};
} // namespace

const char* error_string(int code) {
    for (const ErrorText& e : kErrors)
        if (e.code == code) return e.text;
    return "Unknown error code";
}

const char* error_name(int code) {
    for (const ErrorText& e : kErrors)
        if (e.code == code) return e.name;
    return "MPI_ERR_UNKNOWN";
}

} // namespace rankfold::mpi
