// Copies to or from application memory that may be invalid (a bad buffer passed to MPI). A fault
// during the copy is turned into a `false` result instead of a crash of the checker, so the rank
// that passed the pointer can be blamed precisely.
#pragma once

#include <cstddef>

namespace rankfold::snapshot {

// memcpy that returns false (copying an unspecified prefix) if either range faults.
bool guarded_copy(void* dst, const void* src, std::size_t bytes);

// The same for one application range and one checker range; memory the ranks' stacks and heaps
// are known to occupy is copied without the guard (most buffers live there).
bool copy_from_app(void* dst, const void* app_src, std::size_t bytes);
bool copy_to_app(void* app_dst, const void* src, std::size_t bytes);

// For the process's fault handler: when a guarded copy is in progress, abandons it and does not
// return. The handler must be installed with SA_NODEFER, because the jump skips sigreturn and
// the signal would otherwise stay blocked.
void abandon_guarded_copy_if_active();

} // namespace rankfold::snapshot
