#include "snapshot/AppContext.hpp"

namespace rankfold::snapshot {

RankArena* g_app_arena = nullptr;

} // namespace rankfold::snapshot
