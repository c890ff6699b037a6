#include "mc/cli/ContractSetup.hpp"

#include "properties/contracts/ContractMonitor.hpp"
#include "properties/contracts/ContractParser.hpp"
#include "properties/contracts/PredefinedContracts.hpp"
#include "snapshot/GuardedCopy.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

namespace rankfold::mc {

namespace contracts = properties::contracts;

namespace {

contracts::PredefinedSets predefined(const std::string& name) {
    if (name == "none") return contracts::PredefinedSets::None;
    if (name == "mpi") return contracts::PredefinedSets::Mpi;
    if (name == "shmem") return contracts::PredefinedSets::Shmem;
    return contracts::PredefinedSets::All;
}

} // namespace

std::optional<contracts::ContractSet> load_contracts(const RunOptions& o, std::FILE* report) {
    contracts::ContractSet set;
    std::string error;
    if (!contracts::add_predefined(set, predefined(o.contracts_predefined), error)) {
        fmt::print(report, "rankfold-run: {}\n", error);
        return std::nullopt;
    }
    for (const std::string& path : o.contract_files) {
        std::ifstream in(path, std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        if (!in) {
            fmt::print(report, "rankfold-run: cannot read the contract file {}\n", path);
            return std::nullopt;
        }
        const auto declarations = contracts::parse_contracts(text.str(), path, error);
        if (!declarations) {
            fmt::print(report, "rankfold-run: {}\n", error);
            return std::nullopt;
        }
        set.add(*declarations);
    }
    for (const std::string& note : set.unchecked_parts(o.races))
        fmt::print(report, "rankfold-run: note: {}\n", note);
    return set;
}

void add_contract_monitor(properties::MonitorSet& monitors, const contracts::ContractSet& set,
                          const ProgramImage& image, bool accesses) {
    if (set.empty()) return;
    // `*k` and `&k` read the application's memory when a call is matched, as CoVer does.
    contracts::MemoryReader read = [](std::uint64_t address, std::size_t bytes,
                                      std::uint64_t& value) {
        value = 0; // little-endian: a shorter pointee fills the low bytes
        return snapshot::copy_from_app(&value, reinterpret_cast<const void*>(address), bytes);
    };
    monitors.add<contracts::ContractMonitor>(
        set, std::move(read), [&image](std::uintptr_t site) { return image.locate_call(site); },
        accesses);
}

} // namespace rankfold::mc
