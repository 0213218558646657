// MainWindow — the BloomLab explorer: the parameter panel in a dock on the left, and tabs for the
// explorer (live bit array + false-positive counter), the benchmark (live speedup chart),
// teaching mode, the sizing calculator and the filter comparison. Menus with shortcuts for
// files and exports; settings and window geometry persist (QSettings). Errors are shown in
// dialogs (never a crash) and remembered in lastError() for tests. The explorer's answer line is
// written by outcome_html, exportReport lives in report_export.cpp and runDemo in demo_script.cpp.
#pragma once

#include "core/any_filter.h"

#include <QMainWindow>
#include <QString>

#include <functional>

class QAction;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTabWidget;

namespace bloomlab::ui {

class BitArrayView;
class CalculatorPanel;
class CompareView;
class FalsePositivePanel;
class FilterSession;
class ParameterPanel;
class SpeedupChartView;
class TeachingPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    enum class Tab { Explorer, Benchmark, Teaching, Calculator, Compare };

    struct Options {
        bool useSettings = true;   ///< restore/save QSettings (tests and the demo turn it off)
        bool showDialogs = true;   ///< errors as message boxes (always also in lastError())
    };

    explicit MainWindow(QWidget* parent = nullptr);
    MainWindow(Options options, QWidget* parent = nullptr);
    ~MainWindow() override;

    /// File operations without dialogs; each returns false and reports an error on failure.
    bool openFilterFile(const QString& path);
    /// A Parquet file (parquet_chooser.cpp): the chooser of its row groups x columns, then the
    /// chosen chunk's bloom filter in the explorer. openFilterFile calls it for Parquet files.
    bool openParquetFile(const QString& path);
    bool openParquetChunk(const QString& path, std::size_t rowGroup, std::size_t column);
    /// The same with the chunk as typed: "ROWGROUP:COLUMN" (e.g. "0:name", the column's dotted path).
    bool openParquetChunk(const QString& path, const QString& chunk);
    bool saveFilterFile(const QString& path);
    bool insertKeysFile(const QString& path);
    bool exportBenchmarkCsv(const QString& path);
    bool exportChart(Tab tab, const QString& path);
    bool exportReport(const QString& path);

    /// Explorer key bar actions.
    void insertKey(const QString& key);
    void queryKey(const QString& key);

    void setCurrentTab(Tab tab);
    static bool parseTab(const QString& name, Tab& tab);

    /// The scripted session of `bloomlab --demo`: inserts words, queries, tests absent keys,
    /// fills past n, a teaching walk-through, a comparison and a short sweep (cheap backend, few
    /// queries). Calls `done` when everything has finished (or after `timeoutMs`).
    void runDemo(std::function<void()> done, int timeoutMs = 90000, FilterType explorerType = FilterType::Classic);

    QString lastError() const { return m_lastError; }

    FilterSession* session() const noexcept { return m_session; }
    ParameterPanel* parameterPanel() const noexcept { return m_parameters; }
    BitArrayView* bitView() const noexcept { return m_bitView; }
    FalsePositivePanel* falsePositivePanel() const noexcept { return m_fpPanel; }
    SpeedupChartView* speedupView() const noexcept { return m_speedup; }
    TeachingPanel* teachingPanel() const noexcept { return m_teaching; }
    CalculatorPanel* calculatorPanel() const noexcept { return m_calculator; }
    CompareView* compareView() const noexcept { return m_compare; }
    QTabWidget* tabs() const noexcept { return m_tabs; }
    QLabel* outcomeLabel() const noexcept { return m_outcome; }

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildUi();
    void buildMenus();
    void connectSignals();
    void restoreSettings();
    void saveSettings() const;
    void showError(const QString& title, const QString& message);
    void showStatus(const QString& message, int timeoutMs = 6000);
    void updateOutcome();
    void updateBusy(bool busy);
    void updateTitle();
    /// After the session took a filter from `path`: title, parameters and the explorer tab.
    void showOpenedFile(const QString& path);
    QWidget* chartWidget(Tab tab) const;
    QString chooseSavePath(const QString& caption, const QString& suggestedName, const QString& filter);
    QString chooseOpenPath(const QString& caption, const QString& filter);

    Options m_options;
    QString m_lastError;
    QString m_currentFile;
    QString m_lastDirectory;

    FilterSession* m_session = nullptr;
    ParameterPanel* m_parameters = nullptr;
    QTabWidget* m_tabs = nullptr;
    BitArrayView* m_bitView = nullptr;
    FalsePositivePanel* m_fpPanel = nullptr;
    SpeedupChartView* m_speedup = nullptr;
    TeachingPanel* m_teaching = nullptr;
    CalculatorPanel* m_calculator = nullptr;
    CompareView* m_compare = nullptr;
    QLineEdit* m_keyEdit = nullptr;
    QPushButton* m_insertButton = nullptr;
    QPushButton* m_queryButton = nullptr;
    QLabel* m_outcome = nullptr;
    QLabel* m_hover = nullptr;
    QLabel* m_busyLabel = nullptr;
    QProgressBar* m_busyProgress = nullptr;
    QList<QAction*> m_filterActions;  // disabled while a background job owns the filter
};

} // namespace bloomlab::ui
