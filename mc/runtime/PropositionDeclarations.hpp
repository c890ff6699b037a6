// The propositions programs declare with rankfold_prop() (<rankfold.h>): name, rank and the
// variable's address and size. Kept by the checker, outside the program's state: a program
// declares the same propositions on every path, so what the first path declared holds for all.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rankfold::mc {

struct DeclaredProposition {
    std::string name;
    int rank = 0;
    const void* address = nullptr;
    std::size_t size = 0;
};

class PropositionDeclarations {
public:
    static PropositionDeclarations& instance();
    // From a rank's call. A second declaration of a name by another rank or with another
    // variable is recorded as a conflict (reported when the search starts), not applied.
    void declare(const std::string& name, int rank, const void* address, std::size_t size);
    const std::vector<DeclaredProposition>& all() const { return declared_; }
    const std::vector<std::string>& conflicts() const { return conflicts_; }
    // Grows with every new declaration: observers rebind when it changes.
    std::uint64_t generation() const { return declared_.size(); }

private:
    std::vector<DeclaredProposition> declared_;
    std::vector<std::string> conflicts_;
};

} // namespace rankfold::mc
