// bloomlab-cli and growth policies: `insert` into a filter file honours the policy saved in the
// file (cli_filters.cpp, next to build, which sets it).
#pragma once

#include <optional>
#include <string>

namespace bloomlab::cli {

/// `insert FILE --keys KEYS [--rebuild-keys ALL]` for a filter file: inserts, applies the file's
/// growth policy (tier: tables are added as the filter needs them; rebuild: when a threshold
/// trips, the filter is rebuilt larger from ALL + KEYS — ALL must list every key of the filter,
/// checked before anything changes — or, without ALL, the rebuild is refused, since a filter file
/// holds no key list), saves atomically, prints the summary. Returns the exit status (0, or 3
/// when inserts failed or a rebuild was needed and refused).
int insertIntoFilterFile(const std::string& target, const std::string& keysPath,
                         const std::optional<std::string>& rebuildKeys);

} // namespace bloomlab::cli
