// Who is running: application code of some rank (its allocations go to that rank's arena) or
// checker code (allocations go to the ordinary heap). Every entry from the application into the
// checker (an MPI call, an intercepted libc call) opens a RuntimeSection.
//
// Part of the rank runtime (mc/runtime: the malloc family in HeapInterpose.cpp reads it), but
// kept here because the simulated MPI below mc/ opens sections and runs callbacks too.
#pragma once

namespace rankfold::snapshot {

class RankArena;

// The arena of the rank whose application code is running now; nullptr in checker code.
extern RankArena* g_app_arena;

class RuntimeSection {
public:
    RuntimeSection() : saved_(g_app_arena) { g_app_arena = nullptr; }
    ~RuntimeSection() { g_app_arena = saved_; }
    RuntimeSection(const RuntimeSection&) = delete;
    RuntimeSection& operator=(const RuntimeSection&) = delete;
    // The arena of the application code that entered this section.
    RankArena* app_arena() const { return saved_; }

private:
    RankArena* saved_;
};

// Application code called back from inside a runtime section (an attribute copy function, a
// user-defined operator): while it runs, its allocations go to the arena the section left.
class CallbackScope {
public:
    explicit CallbackScope(const RuntimeSection& section) : saved_(g_app_arena) {
        g_app_arena = section.app_arena();
    }
    ~CallbackScope() { g_app_arena = saved_; }
    CallbackScope(const CallbackScope&) = delete;
    CallbackScope& operator=(const CallbackScope&) = delete;

private:
    RankArena* saved_;
};

} // namespace rankfold::snapshot
