// bloomlab-cli on Parquet files: `info`, `query` and `import` accept a Parquet file where they
// take a filter (or blob) file, told apart by its magic (PAR1 / PARE), not by its name. The
// filter commands call these when isParquetInput says their file argument is one.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab::cli {

/// True when the first positional argument of `args` (skipping the options and, for the options
/// in `valueOptions`, their values) names a file that starts with a Parquet magic.
bool isParquetInput(const std::vector<std::string>& args, std::initializer_list<std::string_view> valueOptions);

/// `info FILE.parquet [--json] [--fpr P]`: one row per row group x column.
int runParquetInfo(std::vector<std::string> args);
/// `query FILE.parquet --column NAME [--row-group N] --keys F [--count]`.
int runParquetQuery(std::vector<std::string> args);
/// `import FILE.parquet --column NAME --row-group N --out FILTER`.
int runParquetImport(std::vector<std::string> args);

/// Parquet writer sizing for n distinct values at FPR p (the `size` command's last line).
void printParquetWriterSizing(double n, double p);

} // namespace bloomlab::cli
