// A place in the program's source, as the debug info names it: what every report, violation
// and trace points at.
#pragma once

#include <string>

namespace rankfold {

struct CodeLocation {
    std::string file; // as in the debug info
    int line = 0;
    std::string function;
    std::string short_text() const; // "ring.c:12"
    friend bool operator==(const CodeLocation&, const CodeLocation&) = default;
};

} // namespace rankfold
