/* Linked into every program rankfold-cc builds. It tells the launcher that the file really is
 * a Rankfold module (and of which ABI), gives it this module's __dso_handle so a rank's atexit
 * handlers can be run when that rank ends, and opens the rank's heap for the program's static
 * constructors, which run at load time.
 */
extern void* __dso_handle;
void rankfold_module_constructors_begin(void);

__attribute__((visibility("default"))) const int rankfold_module_abi = 1;
__attribute__((visibility("default"))) void* const rankfold_module_dso_handle = &__dso_handle;

/* Priority 101 runs before every constructor of default priority in this module. */
__attribute__((constructor(101))) static void rankfold_module_begin(void) {
    rankfold_module_constructors_begin();
}
