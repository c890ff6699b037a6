// C++ containers on the rank heaps, for the snapshot self-test: std::map, std::string (whose
// out-of-line members live in libstdc++.so and allocate there) and std::vector change between
// messages; the final output depends on every node and character.
#include <mpi.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

static std::map<int, std::string> names; // a global whose nodes live on the rank's heap

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0, size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    std::vector<std::string> log;
    std::string text = "rank-" + std::to_string(rank);
    for (int round = 0; round < 5; ++round) {
        names[round * size + rank] = text + std::string(static_cast<std::size_t>(round * 7), '+');
        if (round % 2 == 1) names.erase(names.begin());
        text += static_cast<char>('a' + round);
        log.push_back(text);
        int value = static_cast<int>(text.size()), other = 0;
        const int peer = rank ^ 1;
        if (peer < size) {
            MPI_Sendrecv(&value, 1, MPI_INT, peer, round, &other, 1, MPI_INT, peer, round,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            text += std::to_string(other);
        }
    }
    std::size_t total = 0;
    for (const auto& [key, name] : names) total += static_cast<std::size_t>(key) * name.size();
    for (const auto& line : log) total = total * 7 + line.size();
    std::printf("rank %d: %zu names, text %s, total %zu\n", rank, names.size(), text.c_str(),
                total);
    MPI_Finalize();
    return 0;
}
