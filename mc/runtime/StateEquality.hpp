// How two states' memory is compared (--state-equality). Exact: every byte of the program's
// memory (the checker's frames below a waiting rank's innermost program frame excepted).
// Semantic: a waiting rank's program frames by their live variables and live callee-saved
// registers (SemanticFrames.hpp), so that dead slots, padding and dead register values do
// not tell states apart; everything else as in Exact.
#pragma once

namespace rankfold::mc {

enum class StateEquality { Exact, Semantic };

} // namespace rankfold::mc
