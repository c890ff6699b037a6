// The user's program, built by rankfold-cc as a loadable module, loaded once per rank: each
// copy has its own .data/.bss (privatized globals, static locals included) at its own address,
// so switching ranks costs nothing. Copy 0 is the file itself (so gdb shows the real path);
// the others are copies in a private temporary folder, since the loader maps one file once.
#pragma once

#include "dwarf-introspect/CodeLocation.hpp"

#include "dwarf-introspect/SourceLocator.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rankfold::snapshot {
class RankArena;
}

namespace rankfold::mc {

using MainFunction = int (*)(int, char**, char**);

struct ModuleCopy {
    void* handle = nullptr;
    MainFunction main = nullptr;
    void (*run_exit_handlers)() = nullptr; // this copy's atexit handlers and static destructors
    std::uintptr_t base = 0;               // load bias
    std::uintptr_t begin = 0, end = 0;
    struct Segment {
        std::uintptr_t begin, end;
    };
    std::vector<Segment> writable; // .data, .bss and the like
    std::string path;
};

using rankfold::CodeLocation;

class ProgramImage {
public:
    // Loads `copies` copies of `path`; temporary copies go to `scratch_dir`. Throws
    // std::runtime_error with a message meant for the user.
    // `arenas[r]` receives the allocations of copy r's static constructors.
    ProgramImage(const std::string& path, int copies, const std::string& scratch_dir,
                 const std::vector<snapshot::RankArena*>& arenas);

    const ModuleCopy& copy(int rank) const { return copies_[rank]; }
    int copies() const { return static_cast<int>(copies_.size()); }
    const std::string& path() const { return path_; }

    // The copy that contains `pc`, or -1.
    int copy_containing(std::uintptr_t pc) const;
    // Source location of an address in the program; `return_address` moves back into the call.
    std::optional<CodeLocation> locate(std::uintptr_t pc, bool return_address) const;
    // Where a call returning to `site` was made (none for site 0: no frame to name).
    std::optional<CodeLocation> locate_call(std::uintptr_t site) const {
        return site == 0 ? std::nullopt : locate(site, true);
    }

private:
    std::string path_;
    std::vector<ModuleCopy> copies_;
    mutable std::unique_ptr<dwarf::SourceLocator> locator_; // read on first use
    mutable bool locator_failed_ = false;
};

} // namespace rankfold::mc
