// The contracts every run checks unless told otherwise (--contracts-predefined): CoVer's classes
// of MPI contracts that need only call events, written here from what they mean, in the contract
// language itself (so the parser reads them like a user's file).
//
// Most classes are what a usage check of the simulated MPI already reports; those contracts say
// which check (`covered_by`) and are not monitored a second time, so each finding is reported
// once. The OpenSHMEM classes are in PredefinedShmemContracts.cpp.
#pragma once

#include "properties/contracts/ContractSet.hpp"

#include <string>
#include <vector>

namespace rankfold::properties::contracts {

enum class PredefinedSets { None, Mpi, Shmem, All };

// One class of predefined contracts.
struct PredefinedClass {
    std::string name;       // "double-request-use"
    std::string library;    // "mpi" or "shmem"
    std::string covered_by; // "usage/request-leak", or "" when the contract monitor checks it
    std::string text;       // the declarations, in contract-file syntax
};

const std::vector<PredefinedClass>& predefined_classes();
// The OpenSHMEM part of predefined_classes().
std::vector<PredefinedClass> shmem_classes();

// Adds the chosen sets to `set`; false (and `error`) only if a predefined text does not parse,
// which the unit tests rule out.
bool add_predefined(ContractSet& set, PredefinedSets which, std::string& error);

} // namespace rankfold::properties::contracts
