// Parquet files in the GUI: File > Open takes a Parquet file (told by its magic, whatever its
// name), the chooser lists its row groups x columns with fill, estimates and verdicts (chunks
// without a filter disabled), and the chosen chunk's filter opens in the explorer with its bits,
// the counts the theory curve needs and the FPR measured on absent keys; a damaged file is an
// error dialog that leaves the current filter alone. The Calculator states what Parquet writers
// allocate for n and p.
#include <QtTest/QtTest>
// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/blocked_bloom_filter.h"
#include "core/parquet_file.h"
#include "ui/bit_array_view.h"
#include "ui/calculator_panel.h"
#include "ui/filter_session.h"
#include "ui/main_window.h"
#include "ui/parquet_chooser.h"
#endif

#include <QFile>
#include <QTableWidget>
#include <QTemporaryDir>

#include <algorithm>

namespace ui = bloomlab::ui;
using ui::MainWindow;
using ui::ParquetChooser;

namespace {

const QString kData = QStringLiteral(BLOOMLAB_SOURCE_DIR "/tests/data/parquet/");

ParquetChooser* openChooser(MainWindow& window) {
    QCoreApplication::processEvents();
    const auto choosers = window.findChildren<ParquetChooser*>();
    return choosers.isEmpty() ? nullptr : choosers.back();
}

} // namespace

class TestUiParquet : public QObject {
    Q_OBJECT

private slots:
    void chooserListsEveryChunk() {
        ParquetChooser chooser(kData + QStringLiteral("duckdb_types.parquet"));
        QTableWidget* table = chooser.table();
        QCOMPARE(table->rowCount(), 18);  // 3 row groups x 6 columns
        for (int row = 0; row < table->rowCount(); ++row) {
            QVERIFY(table->item(row, 0)->flags() & Qt::ItemIsEnabled);
            const double fill = table->item(row, 6)->text().toDouble();
            QVERIFY2(fill > 0.2 && fill < 0.7, qPrintable(table->item(row, 6)->text()));
            QVERIFY2(table->item(row, 10)->text().startsWith(QStringLiteral("sized right for 1%")),
                     qPrintable(table->item(row, 10)->text()));
        }
        QCOMPARE(table->item(7, 1)->text(), QStringLiteral("n"));
        QCOMPARE(table->item(7, 0)->text(), QStringLiteral("1"));
        // The first chunk is preselected; selecting another works.
        QCOMPARE(chooser.selectedChunk(), (std::optional<std::pair<std::size_t, std::size_t>>{{0, 0}}));
        QVERIFY(chooser.selectChunk(2, 3));
        QCOMPARE(chooser.selectedChunk(), (std::optional<std::pair<std::size_t, std::size_t>>{{2, 3}}));
    }

    void chunksWithoutAFilterAreDisabled() {
        // One BYTE_ARRAY column "c", one row group, no bloom filter.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plain.bin"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromHex("504152311502192c4806736368656d61150200150c380163001602191c191c26081c150c29180163260200"
                                    "00260200002c00000050415231"));
        f.close();
        QVERIFY(ParquetChooser::isParquetFile(path));  // by content, not by name
        ParquetChooser chooser(path);
        QCOMPARE(chooser.table()->rowCount(), 1);
        QVERIFY(!(chooser.table()->item(0, 0)->flags() & Qt::ItemIsEnabled));
        QVERIFY(!chooser.selectChunk(0, 0));
        QVERIFY(!chooser.selectedChunk());
    }

    void choosingAChunkOpensItsFilter() {
        const QString path = kData + QStringLiteral("duckdb_wide_filter.parquet");
        MainWindow window({false, false});
        QVERIFY(window.openFilterFile(path));
        ParquetChooser* chooser = openChooser(window);
        QVERIFY(chooser);
        QCOMPARE(chooser->table()->rowCount(), 4);
        QVERIFY(chooser->selectChunk(1, 0));  // row group 1, column s
        chooser->accept();
        QCoreApplication::processEvents();

        const bloomlab::ParquetFile file = bloomlab::ParquetFile::open((kData + QStringLiteral("duckdb_wide_filter.parquet")).toStdString());
        const bloomlab::BlockedBloomFilter expected = file.readBloomFilter(1, 0);
        const auto* opened = window.session()->filter()->as<bloomlab::BlockedBloomFilter>();
        QVERIFY(opened);
        QVERIFY(std::ranges::equal(opened->words(), expected.words()));
        QCOMPARE(window.bitView()->filter(), window.session()->filter());
        // The counts the theory curve needs: the file's distinct count and the capacity for 1%.
        QCOMPARE(opened->itemCount(), std::uint64_t{452});
        QCOMPARE(window.session()->spec().capacity, opened->capacity());
        QVERIFY(opened->capacity() > 300 && opened->capacity() < 452);
        QVERIFY(!window.session()->keysKnown());
        // Absent keys were tested at once: about the FPR the fill gives (1.8%).
        QCOMPARE(window.session()->absentTested(), std::uint64_t{20000});
        const double measured = static_cast<double>(window.session()->falsePositives()) / 20000.0;
        QVERIFY2(measured > 0.01 && measured < 0.03, qPrintable(QString::number(measured)));
        QVERIFY(window.windowTitle().contains(QStringLiteral("duckdb_wide_filter.parquet")));
        // File > Save never writes a .blf over the Parquet file: it asks for a new path (none is
        // given without dialogs), and the Parquet file keeps its bytes.
        QFile parquet(path);
        QVERIFY(parquet.open(QIODevice::ReadOnly));
        const QByteArray before = parquet.readAll();
        parquet.close();
        QVERIFY(!window.saveFilter());
        QVERIFY(parquet.open(QIODevice::ReadOnly));
        QCOMPARE(parquet.readAll(), before);
    }

    void damagedParquetIsAnErrorAndKeepsTheFilter() {
        QTemporaryDir dir;
        QFile in(kData + QStringLiteral("duckdb_types.parquet"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray whole = in.readAll();
        const QString path = dir.filePath(QStringLiteral("cut.parquet"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(whole.left(whole.size() - 100));
        out.close();
        MainWindow window({false, false});
        window.session()->insertKey("kept");
        const auto* before = window.session()->filter();
        QVERIFY(!window.openFilterFile(path));
        QVERIFY2(window.lastError().contains(QStringLiteral("cut.parquet")), qPrintable(window.lastError()));
        QVERIFY(!openChooser(window));
        QCOMPARE(window.session()->filter(), before);
        QVERIFY(window.session()->filter()->mightContain("kept"));
    }

    void calculatorStatesWriterSizing() {
        ui::CalculatorPanel panel;
        panel.setField(ui::CalculatorPanel::N, QStringLiteral("120"));
        panel.setField(ui::CalculatorPanel::P, QStringLiteral("0.01"));
        const QString summary = panel.summaryText();
        QVERIFY2(summary.contains(QStringLiteral("parquet.bloom.filter.expected.ndv = 120, parquet.bloom.filter.fpp = 0.01 → 256 bytes")),
                 qPrintable(summary));
        panel.setField(ui::CalculatorPanel::N, QStringLiteral("1e6"));
        QVERIFY2(panel.summaryText().contains(QStringLiteral("parquet.bloom.filter.max.bytes")), qPrintable(panel.summaryText()));
    }
};

QTEST_MAIN(TestUiParquet)
#include "tst_ui_parquet.moc"
