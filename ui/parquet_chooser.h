// ParquetChooser — which bloom filter of a Parquet file to open: a table of row groups x
// columns with what `bloomlab-cli info` shows (has a filter?, bytes, blocks, fill, distinct
// values estimated from the fill, FPR now, the writer's distinct count, the verdict for 1%).
// Chunks without a filter are listed disabled. The chosen chunk's filter opens in the explorer
// (MainWindow::openParquetFile / openParquetChunk, implemented in parquet_chooser.cpp).
#pragma once

#include "core/blocked_bloom_filter.h"
#include "core/parquet_file.h"

#include <QDialog>
#include <QString>

#include <cstddef>
#include <optional>
#include <utility>

class QLabel;
class QTableWidget;

namespace bloomlab::ui {

class ParquetChooser : public QDialog {
    Q_OBJECT

public:
    /// Target FPR of the verdicts and of the capacity given to the opened filter.
    static constexpr double kTargetFpr = 0.01;

    /// Reads the file's footer and every chunk's filter. Throws ParquetFormatError for a file
    /// that is not readable Parquet (encrypted, truncated, damaged).
    explicit ParquetChooser(const QString& path, QWidget* parent = nullptr);

    /// True when the file starts with a Parquet magic (PAR1 / PARE): told by content, not name.
    static bool isParquetFile(const QString& path);

    QTableWidget* table() const noexcept { return m_table; }
    const QString& path() const noexcept { return m_path; }
    const ParquetFile& file() const noexcept { return m_file; }

    /// (row group, column) of the selected row; nothing when no chunk with a filter is selected.
    std::optional<std::pair<std::size_t, std::size_t>> selectedChunk() const;
    /// Selects the row of this chunk; false when it has no readable filter.
    bool selectChunk(std::size_t rowGroup, std::size_t column);

    /// A chunk's filter as the explorer opens it (withParquetCounts: items, capacity, target).
    /// Throws ParquetFormatError / std::out_of_range.
    static BlockedBloomFilter explorerFilter(const ParquetFile& file, std::size_t rowGroup, std::size_t column);

private:
    QString m_path;
    ParquetFile m_file;
    QTableWidget* m_table = nullptr;
    QLabel* m_summary = nullptr;
};

} // namespace bloomlab::ui
