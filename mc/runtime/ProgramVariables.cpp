#include "mc/runtime/ProgramVariables.hpp"

#include <dlfcn.h>
#include <link.h>

#include <cctype>

namespace rankfold::mc {

std::optional<ScalarLocation> locate_variable(const ProgramImage& image, int rank,
                                              const std::string& expression, std::string& error) {
    for (char c : expression)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') {
            error = "'" + expression +
                    "': only plain variable names are supported here for now (no [] or .)";
            return std::nullopt;
        }
    void* address = dlsym(image.copy(rank).handle, expression.c_str());
    if (address == nullptr) {
        error = "no global variable '" + expression + "' in " + image.path();
        return std::nullopt;
    }
    Dl_info info{};
    void* entry = nullptr;
    if (dladdr1(address, &info, &entry, RTLD_DL_SYMENT) == 0 || entry == nullptr) {
        error = "cannot read the symbol of '" + expression + "'";
        return std::nullopt;
    }
    const auto* symbol = static_cast<const ElfW(Sym)*>(entry);
    if (ELF64_ST_TYPE(symbol->st_info) != STT_OBJECT) {
        error = "'" + expression + "' is not a variable";
        return std::nullopt;
    }
    const std::size_t size = symbol->st_size;
    if (size != 1 && size != 2 && size != 4 && size != 8) {
        error = "'" + expression + "' has " + std::to_string(size) +
                " bytes: a proposition reads a scalar of 1, 2, 4 or 8 bytes";
        return std::nullopt;
    }
    return ScalarLocation{address, size, ScalarKind::Signed};
}

} // namespace rankfold::mc
