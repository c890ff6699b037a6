/* Linked into every program rankfold-cc builds. It tells the launcher that the file really is
 * a Rankfold module (and of which ABI), opens the rank's heap for the program's static
 * constructors, which run at load time, and keeps the program's exit handlers.
 *
 * Exit handlers (atexit, and the destructors of C++ statics, both registered through
 * __cxa_atexit, which rankfold-cc redirects here) are kept in a list in this module copy's own
 * data and the rank's heap, not in the C library: that way they are part of the rank's state,
 * and a rank restored to an earlier snapshot runs exactly the handlers it had registered then.
 */
#include <stdlib.h>

void rankfold_module_constructors_begin(void);

__attribute__((visibility("default"))) const int rankfold_module_abi = 2;

struct rankfold_exit_handler {
    struct rankfold_exit_handler* next;
    void (*function)(void*);
    void* argument;
};

static struct rankfold_exit_handler* exit_handlers;

// NOLINTNEXTLINE(bugprone-reserved-identifier): the name the linker's --wrap asks for
int __wrap___cxa_atexit(void (*function)(void*), void* argument, void* dso_handle) {
    (void)dso_handle;
    struct rankfold_exit_handler* h = malloc(sizeof *h);
    if (h == NULL) return -1;
    h->function = function;
    h->argument = argument;
    h->next = exit_handlers;
    exit_handlers = h;
    return 0;
}

/* Runs the handlers in reverse order of registration, as exit() does; a handler may register
 * more. */
__attribute__((visibility("default"))) void rankfold_module_run_exit_handlers(void) {
    while (exit_handlers != NULL) {
        struct rankfold_exit_handler* h = exit_handlers;
        exit_handlers = h->next;
        h->function(h->argument);
        free(h);
    }
}

/* Priority 101 runs before every constructor of default priority in this module. */
__attribute__((constructor(101))) static void rankfold_module_begin(void) {
    rankfold_module_constructors_begin();
}

/* The bounds of the globals marked RANKFOLD_IGNORE (<rankfold.h>), which the linker gathers in
 * the section "rankfold_ignored" and bounds with __start_/__stop_ symbols (defined only when
 * referenced, as here; weak: null when no global is marked). The checker reads them per copy. */
/* The linker names them: NOLINTNEXTLINE(bugprone-reserved-identifier) */
extern char __start_rankfold_ignored[] __attribute__((weak, visibility("hidden")));
/* NOLINTNEXTLINE(bugprone-reserved-identifier) */
extern char __stop_rankfold_ignored[] __attribute__((weak, visibility("hidden")));
__attribute__((visibility("default"))) const void* rankfold_module_ignored_bounds(int end) {
    return end ? (const void*)__stop_rankfold_ignored : (const void*)__start_rankfold_ignored;
}
