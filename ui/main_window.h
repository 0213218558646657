// MainWindow — the BloomLab explorer: the parameter panel in a dock on the left, and tabs for the
// explorer (live bit array + false-positive counter), the benchmark (live speedup chart),
// teaching mode, the sizing calculator and the filter comparison. Menus with shortcuts for
// files and exports; settings and window geometry persist (QSettings). Errors are shown in
// dialogs (never a crash) and remembered in lastError() for tests. The explorer's answer line is
// written by outcome_html, exportReport lives in report_export.cpp and runDemo in demo_script.cpp.
#pragma once

#include "core/any_filter.h"

#include <QList>
#include <QMainWindow>
#include <QStringList>
#include <QString>

#include <functional>

class QAction;
class QLabel;
class QLineEdit;
class QMenu;
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
class RedisFilterWindow;
class SpeedupChartView;
class TeachingPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    enum class Tab { Explorer, Benchmark, Teaching, Calculator, Compare };
    /// The answer to "the filter has unsaved changes: save them first?".
    enum class UnsavedChoice { Save, Discard, Cancel };
    /// The answer to "this key file ends its lines with CR LF: strip the CR?".
    enum class LineEndChoice { Strip, Keep, Cancel };
    /// One line of Help > Keyboard Shortcuts: where the key works, what it does, the key.
    struct ShortcutEntry {
        QString where;
        QString what;
        QString keys;
    };
    static constexpr int kMaxRecentFiles = 8;

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
    /// Asks first when the file has CR LF line ends (askCarriageReturns).
    bool insertKeysFile(const QString& path);
    /// File > Copy Filter to Redis…: the address asked in a dialog, then a Redis filter window
    /// whose first job copies this filter (classic or blocked) to the server; nullptr when the
    /// dialog is cancelled, the address is malformed or a job is working on the filter.
    RedisFilterWindow* copyFilterToRedis();
    /// Saves to the file the filter came from (or asks for a name when it has none).
    bool saveFilter();

    /// Whether the filter differs from the file it came from (or, untitled, holds any item):
    /// the window title shows the modified mark ([*]).
    bool filterModified() const { return isWindowModified(); }
    QString currentFile() const { return m_currentFile; }
    /// Before the filter is replaced (open, clear, quit): true when it may go, having asked
    /// askUnsavedChanges() when it has unsaved changes (and saved it when the answer was Save).
    bool confirmUnsavedChanges();
    /// File > Open and Filter > Clear as the menus run them: ask first, then act.
    bool openFilterFileAsking(const QString& path);
    bool clearFilterAsking();

    /// File > Recent Files: newest first, at most kMaxRecentFiles (kept in QSettings when the
    /// window uses settings). Opening one that no longer exists removes it with a message.
    QStringList recentFiles() const { return m_recentFiles; }
    QMenu* recentFilesMenu() const noexcept { return m_recentMenu; }
    bool openRecentFile(const QString& path);

    /// Every shortcut of the window: the menu actions' keys (read from the actions themselves),
    /// then the keys of the views (bit array, key field, teaching steps).
    QList<ShortcutEntry> shortcutEntries() const;
    QString shortcutsHtml() const;
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
    /// The full answer line (the label shows at most two lines of it, the rest in its tooltip).
    QString outcomeText() const { return m_outcomeHtml; }

protected:
    /// Asks with a Save / Discard / Cancel message box; without dialogs (Options::showDialogs
    /// false) the answer is Discard. Tests override it to answer.
    virtual UnsavedChoice askUnsavedChanges();
    /// Before keys are inserted from a file with CR LF line ends (`crlfLines` of them in its
    /// first MiB): a Strip / Keep / Cancel message box. Kept, each key ends in '\r' (as the CLI
    /// reads it) and no typed key matches it. Without dialogs the answer is Keep. Tests
    /// override it to answer.
    virtual LineEndChoice askCarriageReturns(const QString& path, std::uint64_t crlfLines);
    /// Before Export Report replaces files next to the report (its charts, the sweep's CSV:
    /// `names` in `directory`; the file dialog asked about the report itself): a Replace /
    /// Cancel message box. Without dialogs the answer is Replace. Tests override it to answer.
    virtual bool askReplaceFiles(const QString& directory, const QStringList& names);
    bool eventFilter(QObject* watched, QEvent* event) override;

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
    void setFilterModified(bool modified);
    void setCurrentFile(const QString& path);
    void addRecentFile(const QString& path);
    void removeRecentFile(const QString& path);
    void saveRecentFiles() const;
    void rebuildRecentMenu();
    void fitOutcome();
    /// Sizes the false-positive panel in its scroll area (see there).
    void fitFalsePositivePanel();
    QString hoverHint() const;
    /// After the session took a filter from `path`: title, parameters and the explorer tab.
    void showOpenedFile(const QString& path);
    QWidget* chartWidget(Tab tab) const;
    QString chooseSavePath(const QString& caption, const QString& suggestedName, const QString& filter);
    QString chooseOpenPath(const QString& caption, const QString& filter);

    Options m_options;
    QString m_lastError;
    QString m_currentFile;
    QString m_lastDirectory;
    QStringList m_recentFiles;
    QMenu* m_recentMenu = nullptr;
    QString m_outcomeHtml;
    bool m_rebuildPending = false;  // the parameters changed: the next filter is a new one

    FilterSession* m_session = nullptr;
    ParameterPanel* m_parameters = nullptr;
    QTabWidget* m_tabs = nullptr;
    BitArrayView* m_bitView = nullptr;
    FalsePositivePanel* m_fpPanel = nullptr;
    bool m_fittingFpPanel = false;  ///< fitFalsePositivePanel is resizing it
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
