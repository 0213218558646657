// bloomlab-cli and growth policies: `insert` into a filter file honours the policy saved in the
// file (cli_filters.cpp, next to build, which sets it).
#pragma once

#include <string>

namespace bloomlab::cli {

/// `insert FILE --keys KEYS` for a filter file: inserts, applies the file's growth policy (tier:
/// tables are added as the filter needs them; rebuild: a tripped threshold is reported and the
/// rebuild refused, since a filter file holds no key list), saves atomically, prints the summary.
/// Returns the exit status (0, or 3 when inserts failed or a rebuild was needed).
int insertIntoFilterFile(const std::string& target, const std::string& keysPath);

} // namespace bloomlab::cli
