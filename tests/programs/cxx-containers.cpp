/* C++ containers: ranks exchange std::string and std::vector contents and use new/delete.
 * Rank 0 sends each rank a greeting; the receiver sizes a std::string with Probe and Get_count
 * and answers with a std::vector<int> as long as the greeting; rank 0 checks each reply. Lines
 * are written in one piece: under mpiexec each << may be forwarded alone and split a line.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <cassert>
#include <iostream>
#include <memory>
#include <mpi.h>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

struct Tally {
    int rank;
    std::vector<int> seen;
    explicit Tally(int r) : rank(r) {}
    int total() const { return std::accumulate(seen.begin(), seen.end(), 0); }
};

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        std::vector<std::string> greetings;
        for (int r = 1; r < size; r++) greetings.push_back("hello rank " + std::to_string(r));
        for (int r = 1; r < size; r++) {
            const std::string& g = greetings[r - 1];
            MPI_Send(g.data(), (int)g.size(), MPI_CHAR, r, 1, MPI_COMM_WORLD);
        }
        Tally* tally = new Tally(0);
        for (int r = 1; r < size; r++) {
            std::vector<int> reply(greetings[r - 1].size());
            MPI_Recv(reply.data(), (int)reply.size(), MPI_INT, r, 2, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            for (size_t k = 0; k < reply.size(); k++) assert(reply[k] == r * (int)k);
            tally->seen.push_back(std::accumulate(reply.begin(), reply.end(), 0));
        }
        std::cout << "rank 0: replies total " + std::to_string(tally->total()) + "\n";
        delete tally;
    } else {
        MPI_Status st;
        int n;
        MPI_Probe(0, 1, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_CHAR, &n);
        std::string greeting(n, '\0');
        MPI_Recv(&greeting[0], n, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(greeting == "hello rank " + std::to_string(rank));
        auto reply = std::make_unique<std::vector<int>>(greeting.size());
        for (size_t k = 0; k < reply->size(); k++) (*reply)[k] = rank * (int)k;
        MPI_Send(reply->data(), (int)reply->size(), MPI_INT, 0, 2, MPI_COMM_WORLD);
        std::ostringstream line; // one write per line: MPICH forwards each write separately
        line << "rank " << rank << ": got \"" << greeting << "\"\n";
        std::cout << line.str() << std::flush;
    }
    MPI_Finalize();
    return 0;
}
