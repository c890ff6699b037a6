#include "simulated-mpi/src/DimsCreate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cstddef>

namespace rankfold::mpi {
namespace {

std::vector<int> divisors(int n) {
    std::vector<int> low, high;
    for (int d = 1; static_cast<long long>(d) * d <= n; ++d) {
        if (n % d != 0) continue;
        low.push_back(d);
        if (d != n / d) high.push_back(n / d);
    }
    low.insert(low.end(), high.rbegin(), high.rend());
    return low;
}

// d^k > n, without overflow.
bool power_exceeds(int d, int k, int n) {
    long long p = 1;
    for (int i = 0; i < k; ++i) {
        p *= d;
        if (p > n) return true;
    }
    return false;
}

// Depth-first over non-decreasing factor lists (smallest factor first), keeping the best by
// MPICH's order: smaller spread, then the lexicographically larger list.
class BalancedSearch {
public:
    BalancedSearch(int n, int k) : divs_(divisors(n)) { visit(n, k, 1); }
    std::vector<int> best() const { return {best_.rbegin(), best_.rend()}; }

private:
    void visit(int remaining, int slots, int min_factor) {
        if (slots == 1) {
            if (remaining < min_factor) return;
            cur_.push_back(remaining);
            consider();
            cur_.pop_back();
            return;
        }
        for (int d : divs_) {
            if (d < min_factor || remaining % d != 0) continue;
            // The factors after d are at least d: their product bounds d, and d bounds the spread.
            if (power_exceeds(d, slots, remaining)) break;
            if (!best_.empty() && !cur_.empty() && d - cur_.front() > spread_) break;
            cur_.push_back(d);
            visit(remaining / d, slots - 1, d);
            cur_.pop_back();
        }
    }

    void consider() {
        const int spread = cur_.back() - cur_.front();
        if (best_.empty() || spread < spread_ || (spread == spread_ && cur_ > best_)) {
            best_ = cur_;
            spread_ = spread;
        }
    }

    std::vector<int> divs_;
    std::vector<int> cur_, best_;
    int spread_ = 0;
};

} // namespace

MpiResult<std::vector<int>> dims_create(int nnodes, int ndims, std::vector<int> dims) {
    if (nnodes < 0)
        return MpiError{MPI_ERR_ARG, fmt::format("nnodes is {}, must be non-negative", nnodes)};
    if (ndims < 0)
        return MpiError{MPI_ERR_ARG, fmt::format("ndims is {}, must be non-negative", ndims)};
    if (dims.size() != static_cast<std::size_t>(ndims))
        return MpiError{MPI_ERR_INTERN,
                        fmt::format("{} dims entries for ndims {}", dims.size(), ndims)};

    long long fixed = 1; // saturates past INT_MAX: no positive int nnodes is a multiple then
    int free = 0;
    for (std::size_t i = 0; i < dims.size(); ++i) {
        if (dims[i] < 0)
            return MpiError{MPI_ERR_DIMS,
                            fmt::format("dims[{}] is {}, must be non-negative", i, dims[i])};
        if (dims[i] == 0)
            ++free;
        else
            fixed = std::min<long long>(fixed * dims[i], static_cast<long long>(INT_MAX) + 1);
    }
    if (nnodes % fixed != 0)
        return MpiError{MPI_ERR_DIMS, fmt::format("nnodes {} is not a multiple of {}, the product "
                                                  "of the non-zero dims",
                                                  nnodes, fixed)};
    if (free == 0) return dims;
    if (nnodes == 0)
        return MpiError{MPI_ERR_ARG, "nnodes is 0: no grid to divide among the zero dims"};

    const std::vector<int> factors = BalancedSearch(static_cast<int>(nnodes / fixed), free).best();
    auto next = factors.begin();
    for (int& d : dims)
        if (d == 0) d = *next++;
    return dims;
}

} // namespace rankfold::mpi
