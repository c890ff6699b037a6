#include "mc/runtime/ProgramImage.hpp"

#include "snapshot/AppContext.hpp"

#include <dlfcn.h>
#include <elf.h>
#include <fmt/format.h>
#include <link.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

// The marker object rankfold-cc links into every program (mc/runtime/module_marker.c).
constexpr int kModuleAbi = 2;

namespace rankfold::mc {

namespace {

// Rejects what cannot be a rankfold-cc module before dlopen gives a cryptic message.
void check_elf(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error(fmt::format("cannot open {}: {}", path, std::strerror(errno)));
    Elf64_Ehdr header{};
    in.read(reinterpret_cast<char*>(&header), sizeof header);
    if (!in || std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0)
        throw std::runtime_error(fmt::format("{} is not an executable program", path));
    bool interpreter = false; // a PIE executable is ET_DYN too, but names a program loader
    // std::size_t: e_phnum * e_phentsize can overflow an int in a malformed file.
    for (std::size_t i = 0; i < header.e_phnum && in; ++i) {
        Elf64_Phdr ph{};
        in.seekg(static_cast<std::streamoff>(header.e_phoff + i * header.e_phentsize));
        in.read(reinterpret_cast<char*>(&ph), sizeof ph);
        interpreter = interpreter || ph.p_type == PT_INTERP;
    }
    if (header.e_type != ET_DYN || interpreter)
        throw std::runtime_error(fmt::format(
            "{} was not built with rankfold-cc (it is an ordinary executable); rebuild it with "
            "rankfold-cc or rankfold-cxx",
            path));
}

struct PhdrQuery {
    std::uintptr_t base;
    ModuleCopy* out;
};

int collect_segments(dl_phdr_info* info, std::size_t, void* data) {
    auto* q = static_cast<PhdrQuery*>(data);
    if (info->dlpi_addr != q->base || info->dlpi_name == nullptr || q->out->path != info->dlpi_name)
        return 0;
    constexpr std::uintptr_t kPage = 4096;
    auto floor = [](std::uintptr_t a) { return a & ~(kPage - 1); };
    auto ceil = [](std::uintptr_t a) { return (a + kPage - 1) & ~(kPage - 1); };
    // The loader makes the RELRO part read-only after relocation (rounding its end down); it
    // never changes again, so it is not part of the rank's state.
    std::uintptr_t relro_b = 0, relro_e = 0;
    for (int i = 0; i < info->dlpi_phnum; ++i) {
        const ElfW(Phdr)& ph = info->dlpi_phdr[i];
        if (ph.p_type != PT_GNU_RELRO) continue;
        relro_b = floor(info->dlpi_addr + ph.p_vaddr);
        relro_e = floor(info->dlpi_addr + ph.p_vaddr + ph.p_memsz);
    }
    std::uintptr_t lo = UINTPTR_MAX, hi = 0;
    for (int i = 0; i < info->dlpi_phnum; ++i) {
        const ElfW(Phdr)& ph = info->dlpi_phdr[i];
        if (ph.p_type != PT_LOAD) continue;
        const std::uintptr_t b = info->dlpi_addr + ph.p_vaddr;
        const std::uintptr_t e = b + ph.p_memsz;
        lo = std::min(lo, b);
        hi = std::max(hi, e);
        if (!(ph.p_flags & PF_W)) continue;
        std::uintptr_t wb = floor(b);
        const std::uintptr_t we = ceil(e);
        if (relro_b <= wb && relro_e > wb) wb = std::min(relro_e, we);
        if (wb < we) q->out->writable.push_back({wb, we});
    }
    q->out->begin = lo;
    q->out->end = hi;
    return 1;
}

} // namespace

// Set while a copy is being loaded, so the program's static constructors allocate in the
// rank's heap (see rankfold_module_constructors_begin).
static snapshot::RankArena* g_loading_arena = nullptr;

ProgramImage::ProgramImage(const std::string& path, int copies, const std::string& scratch_dir,
                           const std::vector<snapshot::RankArena*>& arenas)
    : path_(path) {
    check_elf(path);
    const std::string absolute = std::filesystem::absolute(path).lexically_normal().string();
    const std::string name = std::filesystem::path(path).filename().string();
    copies_.resize(static_cast<std::size_t>(copies));
    for (int r = 0; r < copies; ++r) {
        ModuleCopy& c = copies_[r];
        c.path = r == 0 ? absolute : fmt::format("{}/rank{}-{}", scratch_dir, r, name);
        if (r > 0) std::filesystem::copy_file(absolute, c.path);
        g_loading_arena = arenas.at(r);
        c.handle = dlopen(c.path.c_str(), RTLD_NOW | RTLD_LOCAL);
        g_loading_arena = nullptr;
        snapshot::g_app_arena = nullptr;
        if (c.handle == nullptr)
            throw std::runtime_error(fmt::format("cannot load {}: {}", path, dlerror()));
        const auto* abi = static_cast<const int*>(dlsym(c.handle, "rankfold_module_abi"));
        if (abi == nullptr)
            throw std::runtime_error(fmt::format(
                "{} was not built with rankfold-cc; rebuild it with rankfold-cc or rankfold-cxx",
                path));
        if (*abi != kModuleAbi)
            throw std::runtime_error(fmt::format(
                "{} was built by another version of rankfold-cc (module ABI {}, this checker "
                "needs {}); rebuild it",
                path, *abi, kModuleAbi));
        c.main = reinterpret_cast<MainFunction>(dlsym(c.handle, "main"));
        if (c.main == nullptr)
            throw std::runtime_error(fmt::format("{} has no main() function", path));
        c.run_exit_handlers =
            reinterpret_cast<void (*)()>(dlsym(c.handle, "rankfold_module_run_exit_handlers"));
        link_map* lm = nullptr;
        dlinfo(c.handle, RTLD_DI_LINKMAP, &lm);
        c.base = lm->l_addr;
        c.path = lm->l_name;
        PhdrQuery q{c.base, &c};
        dl_iterate_phdr(&collect_segments, &q);
    }
}

int ProgramImage::copy_containing(std::uintptr_t pc) const {
    for (int r = 0; r < copies(); ++r)
        if (pc >= copies_[r].begin && pc < copies_[r].end) return r;
    return -1;
}

std::optional<CodeLocation> ProgramImage::locate(std::uintptr_t pc, bool return_address) const {
    const int r = copy_containing(pc);
    if (r < 0) return std::nullopt;
    if (!locator_ && !locator_failed_) {
        std::string error;
        locator_ = dwarf::SourceLocator::open(copies_[0].path, &error);
        locator_failed_ = !locator_;
    }
    if (!locator_) return std::nullopt;
    auto loc = locator_->locate(pc - copies_[r].base - (return_address ? 1 : 0));
    if (!loc) return std::nullopt;
    return CodeLocation{loc->file, loc->line, loc->function};
}

} // namespace rankfold::mc

// Called by the first constructor of every module (priority 101, see module_marker.c): from
// here until dlopen returns, allocations belong to the rank being loaded.
extern "C" __attribute__((visibility("default"))) void rankfold_module_constructors_begin() {
    rankfold::snapshot::g_app_arena = rankfold::mc::g_loading_arena;
}
