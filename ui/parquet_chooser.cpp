// ParquetChooser and the explorer's way into a Parquet file (MainWindow::openParquetFile,
// MainWindow::openParquetChunk): see parquet_chooser.h.
#include "ui/parquet_chooser.h"

#include "core/any_filter.h"
#include "core/atomic_file.h"
#include "core/parquet_bloom_analysis.h"
#include "ui/filter_probe.h"
#include "ui/filter_session.h"
#include "ui/main_window.h"
#include "ui/output_file.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <array>
#include <cmath>
#include <filesystem>
#include <span>

namespace bloomlab::ui {

namespace {

constexpr int kRowGroupRole = Qt::UserRole;
constexpr int kColumnRole = Qt::UserRole + 1;

/// Absent keys the explorer tests right away on an opened Parquet filter (its keys are unknown,
/// so the measured FPR is the first thing to see).
constexpr std::uint64_t kAbsentKeysOnOpen = 20000;

} // namespace

ParquetChooser::ParquetChooser(const QString& path, QWidget* parent)
    : QDialog(parent), m_path(path), m_file(ParquetFile::open(toPath(path))) {
    setObjectName(QStringLiteral("parquetChooser"));
    setWindowTitle(tr("Open a bloom filter of %1").arg(QFileInfo(path).fileName()));

    const QStringList headers = {tr("Row group"), tr("Column"),  tr("Type"),          tr("Values"),
                                 tr("Filter"),    tr("Blocks"),  tr("Fill"),          tr("Est. distinct"),
                                 tr("FPR now"),   tr("Distinct"), tr("Verdict (1%)")};
    std::size_t chunks = 0;
    for (const auto& group : m_file.rowGroups()) chunks += group.columns.size();
    m_table = new QTableWidget(static_cast<int>(chunks), static_cast<int>(headers.size()), this);
    m_table->setObjectName(QStringLiteral("parquetChunks"));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);

    int row = 0;
    std::size_t withFilter = 0;
    for (const auto& group : m_file.rowGroups()) {
        for (const auto& chunk : group.columns) {
            QStringList cells = {QString::number(chunk.rowGroup),
                                 QString::fromStdString(m_file.columns()[chunk.column].dottedPath()),
                                 QString::fromUtf8(parquetTypeName(chunk.type).data()),
                                 QString::number(chunk.numValues)};
            const QString distinct = chunk.distinctCount ? QString::number(*chunk.distinctCount) : tr("—");
            QString tip;
            bool usable = false;
            if (!chunk.hasBloomFilter()) {
                cells << tr("none") << tr("—") << tr("—") << tr("—") << tr("—") << distinct
                      << tr("no bloom filter: a reader cannot skip this chunk by value");
            } else {
                try {
                    const ParquetBloomAnalysis a = analyzeParquetBloomFilter(
                        m_file.readBloomFilter(chunk.rowGroup, chunk.column), chunk.distinctCount, kTargetFpr);
                    cells << tr("%1 bytes").arg(a.bytes) << QString::number(a.blocks)
                          << QString::number(a.fillRatio, 'f', 3)
                          << (std::isfinite(a.estimatedDistinct) ? formatCount(std::round(a.estimatedDistinct)) : tr("all bits set"))
                          << formatProbability(a.fprNow) << distinct << QString::fromStdString(a.verdictText);
                    usable = true;
                    ++withFilter;
                } catch (const std::exception& e) {
                    cells << tr("damaged") << tr("—") << tr("—") << tr("—") << tr("—") << distinct
                          << QString::fromStdString(e.what());
                    tip = QString::fromStdString(e.what());
                }
            }
            for (int c = 0; c < cells.size(); ++c) {
                auto* item = new QTableWidgetItem(cells[c]);
                item->setData(kRowGroupRole, static_cast<qulonglong>(chunk.rowGroup));
                item->setData(kColumnRole, static_cast<qulonglong>(chunk.column));
                if (!usable) item->setFlags(item->flags() & ~(Qt::ItemIsEnabled | Qt::ItemIsSelectable));
                if (!tip.isEmpty()) item->setToolTip(tip);
                if (c == 3 || (c >= 5 && c <= 9)) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                m_table->setItem(row, c, item);
            }
            ++row;
        }
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);

    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setText(tr("%1 — written by %2: %3 rows in %4 row groups, %5 columns; %6 of %7 column chunks have a "
                          "bloom filter. Choose one to open it in the explorer.")
                           .arg(QFileInfo(path).fileName(),
                                m_file.createdBy().empty() ? tr("an unnamed writer") : QString::fromStdString(m_file.createdBy()))
                           .arg(m_file.numRows())
                           .arg(m_file.rowGroups().size())
                           .arg(m_file.columns().size())
                           .arg(withFilter)
                           .arg(chunks));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    QPushButton* open = buttons->button(QDialogButtonBox::Open);
    open->setEnabled(false);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, [this, open] { open->setEnabled(selectedChunk().has_value()); });
    connect(m_table, &QTableWidget::cellDoubleClicked, this, [this] {
        if (selectedChunk()) accept();
    });

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(1040, 460);

    // The first chunk with a filter is preselected.
    for (const auto& group : m_file.rowGroups())
        for (const auto& chunk : group.columns)
            if (selectChunk(chunk.rowGroup, chunk.column)) return;
}

bool ParquetChooser::isParquetFile(const QString& path) {
    // Sniffed without blocking (QFile would hang on a FIFO); anything but a regular file is not a
    // Parquet file, and the filter loader refuses it with its own message.
    std::array<std::uint8_t, 4> head{};
    try {
        RegularFileReader in(toPath(path), "open");
        if (in.read(head) != head.size()) return false;
    } catch (const std::exception&) {
        return false;
    }
    return ParquetFile::looksLikeParquet(head);
}

std::optional<std::pair<std::size_t, std::size_t>> ParquetChooser::selectedChunk() const {
    const QList<QTableWidgetItem*> items = m_table->selectedItems();
    if (items.isEmpty() || !(items.front()->flags() & Qt::ItemIsEnabled)) return std::nullopt;
    return std::pair{static_cast<std::size_t>(items.front()->data(kRowGroupRole).toULongLong()),
                     static_cast<std::size_t>(items.front()->data(kColumnRole).toULongLong())};
}

bool ParquetChooser::selectChunk(std::size_t rowGroup, std::size_t column) {
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const QTableWidgetItem* item = m_table->item(row, 0);
        if (item->data(kRowGroupRole).toULongLong() != rowGroup || item->data(kColumnRole).toULongLong() != column) continue;
        if (!(item->flags() & Qt::ItemIsEnabled)) return false;
        m_table->selectRow(row);
        return true;
    }
    return false;
}

BlockedBloomFilter ParquetChooser::explorerFilter(const ParquetFile& file, std::size_t rowGroup, std::size_t column) {
    const BlockedBloomFilter read = file.readBloomFilter(rowGroup, column);
    return withParquetCounts(read, analyzeParquetBloomFilter(read, file.chunk(rowGroup, column).distinctCount, kTargetFpr));
}

// ---- MainWindow's way into a Parquet file ----------------------------------------------------

bool MainWindow::openParquetFile(const QString& path) {
    ParquetChooser* chooser = nullptr;
    try {
        chooser = new ParquetChooser(path, this);
    } catch (const std::exception& e) {
        showError(tr("Cannot open Parquet file"),
                  tr("Cannot open %1:\n%2").arg(QDir::toNativeSeparators(path), QString::fromStdString(e.what())));
        return false;
    }
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    connect(chooser, &QDialog::accepted, this, [this, chooser] {
        if (const auto chunk = chooser->selectedChunk()) openParquetChunk(chooser->path(), chunk->first, chunk->second);
    });
    chooser->open();  // window-modal, does not block the event loop
    return true;
}

bool MainWindow::openParquetChunk(const QString& path, const QString& chunk) {
    const qsizetype colon = chunk.indexOf(QLatin1Char(':'));
    bool ok = colon > 0;
    const std::size_t rowGroup = ok ? chunk.left(colon).toULongLong(&ok) : 0;
    if (!ok) {
        showError(tr("Cannot open Parquet filter"), tr("'%1' is not ROWGROUP:COLUMN (e.g. 0:name)").arg(chunk));
        return false;
    }
    std::optional<std::size_t> column;
    try {
        column = ParquetFile::open(toPath(path)).findColumn(chunk.mid(colon + 1).toStdString());
    } catch (const std::exception& e) {
        showError(tr("Cannot open Parquet file"),
                  tr("Cannot open %1:\n%2").arg(QDir::toNativeSeparators(path), QString::fromStdString(e.what())));
        return false;
    }
    if (!column) {
        showError(tr("Cannot open Parquet filter"),
                  tr("%1 has no column '%2'").arg(QDir::toNativeSeparators(path), chunk.mid(colon + 1)));
        return false;
    }
    return openParquetChunk(path, rowGroup, *column);
}

bool MainWindow::openParquetChunk(const QString& path, std::size_t rowGroup, std::size_t column) {
    std::string columnName;
    try {
        const ParquetFile file = ParquetFile::open(toPath(path));
        columnName = file.columns().at(column).dottedPath();
        m_session->adoptFilter(AnyFilter(ParquetChooser::explorerFilter(file, rowGroup, column)), false);
    } catch (const std::exception& e) {
        showError(tr("Cannot open Parquet filter"),
                  tr("Cannot open the bloom filter of row group %1, column %2 of %3:\n%4")
                      .arg(rowGroup)
                      .arg(column)
                      .arg(QDir::toNativeSeparators(path), QString::fromStdString(e.what())));
        return false;
    }
    showOpenedFile(path);  // File > Save asks for a new path: see MainWindow::saveFilter
    m_session->testAbsentKeys(kAbsentKeysOnOpen);
    showStatus(tr("Opened %1, row group %2, column %3: %4 blocks, about %5 distinct values")
                   .arg(QFileInfo(path).fileName())
                   .arg(rowGroup)
                   .arg(QString::fromStdString(columnName))
                   .arg(m_session->filter()->sizeInBits() / 256)
                   .arg(formatCount(static_cast<double>(m_session->filter()->stats().items))));
    return true;
}

} // namespace bloomlab::ui
