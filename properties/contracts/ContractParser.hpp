// Reads contract files: C declarations, some annotated with CONTRACT(...), as CoVer's headers
// write them:
//
//   int lib_use(int h) CONTRACT( PRE { call!(lib_init) } POST { call!(lib_done, 0:0) } );
//
// Grammar of the annotation (CoVer's, see the digest; `CONTRACTXFAIL`/`CONTRACTXSUCC` are read
// as `CONTRACT`):
//   contract  := 'CONTRACT' '(' { 'PRE' '{' list '}' | 'POST' '{' list '}' | 'TAGS' '{' tags '}' }
//   ')' list      := chain { ',' chain } chain     := formula { ('|' | '^') formula }        one
//   operator per chain formula   := ( operation | '(' formula ('|' | '^') formula { same op formula
//   } ')' )
//                [ 'MSG' STRING ]
//   operation := call | access | 'no!' '(' (call | access) ')' 'until!' '(' call ')'
//   call      := ('call!' | 'call_tag!') '(' NAME { ',' map } ')'
//   map       := (NUMBER | '$') ':' ['*' | '&'] NUMBER      '$' only in call_tag!
//   access    := ('read!' | 'write!') '(' ['*' | '&'] NUMBER ')'
//   tags      := NAME ['(' NUMBER ')'] { ',' NAME ['(' NUMBER ')'] }
// Declarations without CONTRACT, comments and preprocessor lines are skipped. Parameter
// indices are 0-based and at most 63; each scope may appear once.
#pragma once

#include "properties/contracts/ContractAst.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rankfold::properties::contracts {

// The annotated declarations of `text`, or nullopt with `error` set to
// "FILE:LINE:COLUMN: expected ..., found ..." (1-based, the column counts bytes). Never throws;
// nesting deeper than 200 is an error.
std::optional<std::vector<Declaration>>
parse_contracts(std::string_view text, const std::string& file, std::string& error);

} // namespace rankfold::properties::contracts
