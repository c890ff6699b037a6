#include "dwarf-introspect/CodeLocation.hpp"

#include <fmt/format.h>

#include <filesystem>

namespace rankfold {

std::string CodeLocation::short_text() const {
    return fmt::format("{}:{}", std::filesystem::path(file).filename().string(), line);
}

} // namespace rankfold
