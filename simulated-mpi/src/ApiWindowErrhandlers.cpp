// Error handlers on windows (MPI 3.1 §8.3.3): making one, attaching it to a window, reading it
// back, and calling it. Window handlers share the rank's ErrhandlerTable with communicator
// handlers (one handle space, one MPI_Errhandler_free); the table keeps the function's address,
// which is called back with the window's handle. Local calls.
#include "simulated-mpi/src/Api.hpp"

#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/Window.hpp"

#include <fmt/format.h>

using namespace rankfold::mpi;

namespace {

WindowMember* member_of(const LocalCall& call, MPI_Win win) {
    const auto v = call.world.windows().view(call.rank, win);
    return v ? &call.world.windows().at(v->index).members[static_cast<std::size_t>(v->my_rank)]
             : nullptr;
}

int invalid_window(const LocalCall& call, MPI_Win win) {
    return call.error(MPI_COMM_WORLD, MPI_ERR_WIN, Misuse::InvalidHandle,
                      fmt::format("invalid window {:#x}", win));
}

bool predefined(MPI_Errhandler handler) {
    return handler == MPI_ERRORS_ARE_FATAL || handler == MPI_ERRORS_RETURN;
}

} // namespace

RF_EXPORT int MPI_Win_create_errhandler(MPI_Win_errhandler_function* win_errhandler_fn,
                                        MPI_Errhandler* errhandler) {
    RF_LOCAL_ENTRY("MPI_Win_create_errhandler", win_errhandler_fn, errhandler);
    if (win_errhandler_fn == nullptr)
        return call.error(MPI_COMM_WORLD, MPI_ERR_ARG, Misuse::InvalidArgument,
                          "the error handler function is NULL");
    // The table stores a function address; MPI_Win_call_errhandler casts it back.
    // NOLINTNEXTLINE(cppcoreguidelines-pro-type-reinterpret-cast): one table for both kinds
    auto* stored = reinterpret_cast<MPI_Comm_errhandler_function*>(win_errhandler_fn);
    const MPI_Errhandler made = call.world.rank_state(call.rank).errhandlers.add(stored);
    if (!write_out(errhandler, made))
        return call.error(MPI_COMM_WORLD, MPI_ERR_ARG, Misuse::InvalidArgument,
                          "errhandler is not writable");
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Win_set_errhandler(MPI_Win win, MPI_Errhandler errhandler) {
    RF_LOCAL_ENTRY("MPI_Win_set_errhandler", win, errhandler);
    WindowMember* m = member_of(call, win);
    if (m == nullptr) return invalid_window(call, win);
    if (!call.world.rank_state(call.rank).errhandlers.usable(errhandler))
        return call.error(
            win, MPI_ERR_ARG, Misuse::InvalidHandle,
            fmt::format("invalid error handler {:#x} (freed, or never made)", errhandler));
    m->errhandler = errhandler;
    // The fence and free travel on the window's communicator: their errors go where the
    // window's would. A handler the program made takes a window, not a communicator: the
    // communicator keeps its own then.
    if (predefined(errhandler))
        if (CommHandle* h = call.world.comms().handle(call.rank, m->comm))
            h->errhandler = errhandler;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Win_get_errhandler(MPI_Win win, MPI_Errhandler* errhandler) {
    RF_LOCAL_ENTRY("MPI_Win_get_errhandler", win, errhandler);
    const WindowMember* m = member_of(call, win);
    if (m == nullptr) return invalid_window(call, win);
    if (!write_out(errhandler, m->errhandler))
        return call.error(win, MPI_ERR_ARG, Misuse::InvalidArgument, "errhandler is not writable");
    return MPI_SUCCESS;
}

// Runs the handler `win` carries: a handler the program made is called on the rank with the
// window and the code; MPI_ERRORS_RETURN does nothing; MPI_ERRORS_ARE_FATAL aborts.
RF_EXPORT int MPI_Win_call_errhandler(MPI_Win win, int errorcode) {
    RF_LOCAL_ENTRY("MPI_Win_call_errhandler", win, errorcode);
    const WindowMember* m = member_of(call, win);
    if (m == nullptr) return invalid_window(call, win);
    if (m->errhandler == MPI_ERRORS_ARE_FATAL) rank_gate().abort_run(errorcode, site);
    const ErrhandlerTable& handlers = call.world.rank_state(call.rank).errhandlers;
    if (MPI_Comm_errhandler_function* stored = handlers.function(m->errhandler)) {
        // NOLINTNEXTLINE(cppcoreguidelines-pro-type-reinterpret-cast): made as a window handler
        auto* fn = reinterpret_cast<MPI_Win_errhandler_function*>(stored);
        MPI_Win argument = win;
        int code = errorcode;
        rankfold::snapshot::CallbackScope app(*call.section);
        fn(&argument, &code);
    }
    return MPI_SUCCESS;
}
