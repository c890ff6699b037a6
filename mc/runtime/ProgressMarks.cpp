#include "mc/runtime/ProgressMarks.hpp"

// The entry point <rankfold.h> declares; runs on the calling rank's fiber. Not a choice and
// not part of the state: it only counts.
extern "C" __attribute__((visibility("default"))) void rankfold_progress() {
    rankfold::mc::ProgressMarks::pass();
}
