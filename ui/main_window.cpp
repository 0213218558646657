#include "ui/main_window.h"

#include "core/parse_units.h"
#include "ui/bit_array_view.h"
#include "ui/calculator_panel.h"
#include "ui/chart_export.h"
#include "ui/compare_view.h"
#include "ui/false_positive_panel.h"
#include "ui/filter_probe.h"
#include "ui/filter_session.h"
#include "ui/glossary.h"
#include "ui/key_edit.h"
#include "ui/language_menu.h"
#include "ui/outcome_html.h"
#include "ui/parameter_panel.h"
#include "ui/redis_filter_window.h"
#include "ui/parquet_chooser.h"
#include "ui/sample_keys.h"
#include "ui/speedup_chart_view.h"
#include "ui/teaching_panel.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QChartView>
#include <QCloseEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMap>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextLayout>
#include <QTextOption>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>
#include <memory>

namespace bloomlab::ui {

MainWindow::MainWindow(QWidget* parent) : MainWindow(Options{}, parent) {}

MainWindow::MainWindow(Options options, QWidget* parent) : QMainWindow(parent), m_options(options) {
    initResources();
    setWindowIcon(QIcon(QStringLiteral(":/icons/bloomlab.svg")));
    m_session = new FilterSession(this);
    buildUi();
    buildMenus();
    connectSignals();
    if (m_options.useSettings)
        restoreSettings();
    else
        resize(1280, 800);
    m_session->setSpec(m_parameters->spec());
    m_speedup->setFilterSpec(m_parameters->spec());
    m_speedup->setHotRatio(m_parameters->hotRatio());
    m_speedup->setBackend(m_parameters->backend());
    updateOutcome();
    updateTitle();
}

MainWindow::~MainWindow() = default;

// ---- construction -------------------------------------------------------------------------

void MainWindow::buildUi() {
    // Parameters: a dock on the left, scrollable so nothing is clipped on small screens.
    m_parameters = new ParameterPanel(this);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_parameters);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumWidth(m_parameters->minimumSizeHint().width() + 16);
    auto* dock = new QDockWidget(tr("Parameters"), this);
    dock->setObjectName(QStringLiteral("parametersDock"));
    dock->setWidget(scroll);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::LeftDockWidgetArea, dock);
    resizeDocks({dock}, {330}, Qt::Horizontal);

    // ---- explorer tab ----
    auto* explorer = new QWidget(this);
    m_keyEdit = newKeyEdit(explorer, QStringLiteral("keyEdit"), tr("key to insert or query, e.g. https://example.com"));
    m_insertButton = new QPushButton(tr("&Insert"), explorer);
    m_insertButton->setToolTip(tr("Insert the key into the filter (Enter). Its k positions are highlighted."));
    m_queryButton = new QPushButton(tr("&Query"), explorer);
    m_queryButton->setToolTip(tr("Ask the filter about the key (Ctrl+Enter): \"definitely not\" or \"maybe\"."));
    m_queryButton->setShortcut(QKeySequence(tr("Ctrl+Return")));
    m_outcome = new QLabel(explorer);
    m_outcome->setObjectName(QStringLiteral("outcomeLabel"));
    m_outcome->setWordWrap(true);
    m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_outcome->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    // Two lines, always: a long answer is cut with "…" (the whole of it in the tooltip) instead
    // of pushing the bit array down.
    m_outcome->setFixedHeight(2 * m_outcome->fontMetrics().lineSpacing() + 4);
    m_outcome->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_outcome->installEventFilter(this);
    auto* keyBar = new QHBoxLayout();
    keyBar->addWidget(new QLabel(tr("Key"), explorer));
    keyBar->addWidget(m_keyEdit, 1);
    keyBar->addWidget(m_insertButton);
    keyBar->addWidget(m_queryButton);

    m_bitView = new BitArrayView(explorer);
    m_bitView->setObjectName(QStringLiteral("bitView"));
    m_hover = new QLabel(explorer);
    m_hover->setObjectName(QStringLiteral("hoverLabel"));
    m_hover->setText(hoverHint());
    m_hover->setStyleSheet(QStringLiteral("color: palette(mid);"));
    // A long hover text must not widen the window: it wraps within two lines of fixed height
    // (so the bit array does not jump while the mouse moves).
    m_hover->setWordWrap(true);
    m_hover->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_hover->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_hover->setFixedHeight(2 * m_hover->fontMetrics().lineSpacing() + 2);

    auto* top = new QWidget(explorer);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addLayout(keyBar);
    topLayout->addWidget(m_outcome);
    topLayout->addWidget(m_bitView, 1);
    topLayout->addWidget(m_hover);

    m_fpPanel = new FalsePositivePanel(m_session, explorer);
    m_fpPanel->setObjectName(QStringLiteral("fpPanel"));
    // Never narrower than its contents (the splitter would squeeze them over each other); in a
    // low window whose language needs a second line for some values, it scrolls.
    m_fpPanel->setMinimumWidth(std::max(340, m_fpPanel->minimumSizeHint().width()));
    auto* fpScroll = new QScrollArea(explorer);
    fpScroll->setObjectName(QStringLiteral("fpScroll"));
    fpScroll->setWidget(m_fpPanel);  // sized by fitFalsePositivePanel
    fpScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    fpScroll->setFrameShape(QFrame::NoFrame);
    fpScroll->setMinimumWidth(m_fpPanel->minimumWidth() + fpScroll->verticalScrollBar()->sizeHint().width());
    m_fpPanel->installEventFilter(this);
    fpScroll->viewport()->installEventFilter(this);
    auto* split = new QSplitter(Qt::Horizontal, explorer);
    split->setObjectName(QStringLiteral("explorerSplitter"));
    split->addWidget(top);
    split->addWidget(fpScroll);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({600, 400});
    split->setChildrenCollapsible(false);
    auto* explorerLayout = new QVBoxLayout(explorer);
    explorerLayout->setContentsMargins(4, 4, 4, 4);
    explorerLayout->addWidget(split);

    m_speedup = new SpeedupChartView(this);
    m_speedup->setObjectName(QStringLiteral("speedupView"));
    m_teaching = new TeachingPanel(this);
    m_teaching->setObjectName(QStringLiteral("teachingPanel"));
    m_calculator = new CalculatorPanel(this);
    m_calculator->setObjectName(QStringLiteral("calculatorPanel"));
    m_compare = new CompareView(this);
    m_compare->setObjectName(QStringLiteral("compareView"));

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("mainTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(explorer, tr("&Explorer"));
    m_tabs->addTab(m_speedup, tr("&Benchmark"));
    m_tabs->addTab(m_teaching, tr("&Teaching"));
    m_tabs->addTab(m_calculator, tr("&Calculator"));
    m_tabs->addTab(m_compare, tr("C&ompare"));
    m_tabs->setTabToolTip(0, tr("The live filter: its bits, and the false-positive counter (Ctrl+1)."));
    m_tabs->setTabToolTip(1, tr("Speedup of a filter in front of a slow store, against the hot ratio (Ctrl+2)."));
    m_tabs->setTabToolTip(2, tr("Step-by-step: add, query, false positives, cuckoo kicks, why no delete (Ctrl+3)."));
    m_tabs->setTabToolTip(3, tr("Fix any of n, p, m, k and solve the rest (Ctrl+4)."));
    m_tabs->setTabToolTip(4, tr("Every filter type at the same memory budget (Ctrl+5)."));
    setCentralWidget(m_tabs);

    m_busyLabel = new QLabel(this);
    m_busyProgress = new QProgressBar(this);
    m_busyProgress->setRange(0, 100);
    m_busyProgress->setMaximumWidth(200);
    m_busyProgress->setMaximumHeight(16);
    m_busyProgress->setVisible(false);
    statusBar()->addPermanentWidget(m_busyLabel);
    statusBar()->addPermanentWidget(m_busyProgress);
}

void MainWindow::buildMenus() {
    auto addAction = [this](QMenu* menu, const QString& text, const QKeySequence& key, auto slot) {
        QAction* action = menu->addAction(text);
        if (!key.isEmpty())
            action->setShortcut(key);
        connect(action, &QAction::triggered, this, slot);
        return action;
    };

    QMenu* file = menuBar()->addMenu(tr("&File"));
    m_filterActions << addAction(file, tr("&Open Filter…"), QKeySequence::Open, [this] {
        if (!confirmUnsavedChanges())
            return;
        const QString path = chooseOpenPath(tr("Open filter"), tr("Filters and Parquet files (*.blf *.bloom *.parquet);;All files (*)"));
        if (!path.isEmpty())
            openFilterFile(path);
    });
    addAction(file, tr("Open &Redis Filter…"), QKeySequence(), [this] { RedisFilterWindow::openWithDialogs(this); });
    m_filterActions << addAction(file, tr("&Copy Filter to Redis…"), QKeySequence(), [this] { copyFilterToRedis(); });
    m_recentMenu = file->addMenu(tr("Recent &Files"));
    m_recentMenu->setObjectName(QStringLiteral("recentFilesMenu"));
    m_filterActions << m_recentMenu->menuAction();
    rebuildRecentMenu();
    m_filterActions << addAction(file, tr("&Save Filter"), QKeySequence::Save, [this] { saveFilter(); });
    m_filterActions << addAction(file, tr("Save Filter &As…"), QKeySequence(tr("Ctrl+Shift+S")), [this] {
        const QString path = chooseSavePath(tr("Save filter"), QStringLiteral("filter.blf"),
                                            tr("BloomLab filters (*.blf);;All files (*)"));
        if (!path.isEmpty())
            saveFilterFile(path);
    });
    file->addSeparator();
    m_filterActions << addAction(file, tr("&Insert Keys from File…"), QKeySequence(tr("Ctrl+I")), [this] {
        const QString path = chooseOpenPath(tr("Insert keys (one per line)"), tr("Text files (*.txt *.csv *.tsv *.lst);;All files (*)"));
        if (!path.isEmpty())
            insertKeysFile(path);
    });
    file->addSeparator();
    addAction(file, tr("Export Benchmark &CSV…"), QKeySequence(tr("Ctrl+E")), [this] {
        const QString path = chooseSavePath(tr("Export benchmark CSV"), QStringLiteral("bloomlab-sweep.csv"), tr("CSV (*.csv)"));
        if (!path.isEmpty())
            exportBenchmarkCsv(path);
    });
    QMenu* charts = file->addMenu(tr("Export C&hart"));
    const std::pair<Tab, QString> chartItems[] = {
        {Tab::Benchmark, tr("&Speedup Chart…")},
        {Tab::Explorer, tr("&False-Positive Chart…")},
        {Tab::Teaching, tr("&Teaching Bit View…")},
        {Tab::Calculator, tr("&Calculator Chart…")},
        {Tab::Compare, tr("C&omparison Chart…")},
    };
    for (const auto& [tab, label] : chartItems) {
        const Tab which = tab;
        addAction(charts, label, QKeySequence(), [this, which] {
            const QString path = chooseSavePath(tr("Export chart"), QStringLiteral("bloomlab-chart.png"),
                                                tr("PNG image (*.png);;SVG drawing (*.svg)"));
            if (!path.isEmpty())
                exportChart(which, path);
        });
    }
    charts->addSeparator();
    addAction(charts, tr("Chart of the &Current Tab…"), QKeySequence(tr("Ctrl+Shift+E")), [this] {
        const QString path = chooseSavePath(tr("Export chart"), QStringLiteral("bloomlab-chart.png"),
                                            tr("PNG image (*.png);;SVG drawing (*.svg)"));
        if (!path.isEmpty())
            exportChart(static_cast<Tab>(m_tabs->currentIndex()), path);
    });
    addAction(charts, tr("&Bit Array View…"), QKeySequence(), [this] {
        const QString path = chooseSavePath(tr("Export bit array"), QStringLiteral("bloomlab-bits.png"),
                                            tr("PNG image (*.png);;SVG drawing (*.svg)"));
        if (!path.isEmpty()) {
            const QString error = exportWidget(m_bitView, path);
            if (!error.isEmpty())
                showError(tr("Export failed"), error);
            else
                showStatus(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
        }
    });
    addAction(file, tr("Export &Report…"), QKeySequence(tr("Ctrl+R")), [this] {
        const QString path = chooseSavePath(tr("Export report"), QStringLiteral("bloomlab-report.md"), tr("Markdown (*.md)"));
        if (!path.isEmpty())
            exportReport(path);
    });
    file->addSeparator();
    addAction(file, tr("&Quit"), QKeySequence::Quit, [this] { close(); });

    QMenu* filter = menuBar()->addMenu(tr("F&ilter"));
    addAction(filter, tr("Focus &Key Field"), QKeySequence(tr("Ctrl+K")), [this] {
        setCurrentTab(Tab::Explorer);
        m_keyEdit->setFocus();
        m_keyEdit->selectAll();
    });
    m_filterActions << addAction(filter, tr("&Test Absent Keys"), QKeySequence(tr("Ctrl+T")), [this] {
        setCurrentTab(Tab::Explorer);
        m_fpPanel->testAbsent();
    });
    m_filterActions << addAction(filter, tr("&Fill to 2n and Measure"), QKeySequence(tr("Ctrl+Shift+F")), [this] {
        setCurrentTab(Tab::Explorer);
        m_fpPanel->fillToTwiceN();
    });
    m_filterActions << addAction(filter, tr("&Clear Filter"), QKeySequence(tr("Ctrl+Shift+Backspace")),
                                 [this] { clearFilterAsking(); });
    filter->addSeparator();
    addAction(filter, tr("C&ancel Background Job"), QKeySequence(Qt::Key_Escape), [this] {
        m_session->cancelJob();
        m_speedup->cancel();
        m_compare->cancel();
    });

    QMenu* bench = menuBar()->addMenu(tr("&Benchmark"));
    addAction(bench, tr("&Run Sweep"), QKeySequence(Qt::Key_F5), [this] {
        setCurrentTab(Tab::Benchmark);
        m_speedup->run();
    });
    addAction(bench, tr("&Cancel Sweep"), QKeySequence(Qt::SHIFT | Qt::Key_F5), [this] { m_speedup->cancel(); });
    addAction(bench, tr("Run &Comparison"), QKeySequence(Qt::Key_F6), [this] {
        setCurrentTab(Tab::Compare);
        m_compare->run();
    });

    QMenu* view = menuBar()->addMenu(tr("&View"));
    const QString tabNames[] = {tr("&Explorer"), tr("&Benchmark"), tr("&Teaching"), tr("&Calculator"), tr("C&ompare")};
    for (int i = 0; i < 5; ++i) {
        addAction(view, tabNames[i], QKeySequence(QStringLiteral("Ctrl+%1").arg(i + 1)), [this, i] { m_tabs->setCurrentIndex(i); });
    }
    view->addSeparator();
    addAction(view, tr("&Fit Bit Array"), QKeySequence(tr("Ctrl+0")), [this] { m_bitView->resetZoom(); });
    if (auto* dock = findChild<QDockWidget*>(QStringLiteral("parametersDock"))) {
        QAction* toggle = dock->toggleViewAction();
        toggle->setText(tr("&Parameters Panel"));
        toggle->setShortcut(QKeySequence(tr("Ctrl+P")));
        view->addAction(toggle);
    }
    view->addSeparator();
    view->addMenu(new LanguageMenu(m_options.useSettings, m_options.showDialogs, this));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QDockWidget* glossaryDock = glossary::newGlossaryDock(this);
    addDockWidget(Qt::RightDockWidgetArea, glossaryDock);
    glossaryDock->hide();
    addAction(help, tr("&Glossary"), QKeySequence::HelpContents, [glossaryDock] { glossary::showGlossaryDock(glossaryDock); });
    addAction(help, tr("&Keyboard Shortcuts"), QKeySequence(), [this] {
        // A plain dialog, not a message box: a message box caps its width and wraps the table.
        auto* box = new QDialog(this);
        box->setObjectName(QStringLiteral("shortcutsDialog"));
        box->setWindowTitle(tr("Keyboard shortcuts"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        auto* text = new QLabel(shortcutsHtml(), box);
        text->setTextFormat(Qt::RichText);
        auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, box);
        connect(buttons, &QDialogButtonBox::rejected, box, &QDialog::close);
        auto* layout = new QVBoxLayout(box);
        layout->addWidget(text);
        layout->addWidget(buttons);
        box->open();
    });
    addAction(help, tr("&About BloomLab"), QKeySequence(), [this] {
        QMessageBox::about(this, tr("About BloomLab"),
                           tr("<h3>BloomLab %1</h3><p>An explorer for approximate-membership filters: classic, "
                              "blocked, counting, scalable Bloom and cuckoo filters. Tune n and p, watch the bits, "
                              "count false positives, benchmark the speedup in front of a slow store, and walk "
                              "through the algorithms step by step.</p>")
                               .arg(QStringLiteral(BLOOMLAB_VERSION_STRING)));
    });
}

void MainWindow::connectSignals() {
    // Parameters -> session (coalesced rebuild) and benchmark (restart if running).
    connect(m_parameters, &ParameterPanel::specChanged, this, [this](const FilterSpec& spec) {
        m_parameters->setSessionMessage(QString());
        m_rebuildPending = true;
        m_session->requestSpec(spec);
        m_speedup->setFilterSpec(spec);
    });
    connect(m_parameters, &ParameterPanel::hotRatioChanged, m_speedup, &SpeedupChartView::setHotRatio);
    connect(m_parameters, &ParameterPanel::backendChanged, m_speedup, &SpeedupChartView::setBackend);
    // Growth steps of the explorer's filter (a tier added, a rebuild): told under the policy chooser.
    connect(m_session, &FilterSession::growthEvent, m_parameters, &ParameterPanel::showGrowthEvent);
    connect(m_session, &FilterSession::filterReset, m_parameters, [this] {
        if (m_session->growthLog().isEmpty())
            m_parameters->clearGrowthEvents();
    });

    // Session -> views.
    connect(m_session, &FilterSession::filterReset, this, [this] {
        m_bitView->setFilter(m_session->filter());
        m_bitView->setPlaceholderText(m_session->busy() ? tr("Working on the filter in the background…")
                                                        : tr("No filter"));
        updateOutcome();
        const FilterSpec shown = m_session->spec(), asked = m_parameters->spec();
        if (m_session->filter() && !m_session->busy() && shown.type == asked.type && shown.capacity == asked.capacity &&
            shown.fpr == asked.fpr)
            m_parameters->setSessionMessage(QString());  // the Derived values are the filter's again
        if (m_rebuildPending && m_session->filter() && !m_session->busy()) {
            // New parameters made a new filter: it is no longer the file's, and it needs saving
            // when the remembered keys went into it.
            m_rebuildPending = false;
            setCurrentFile(QString());
            setFilterModified(m_session->filter()->stats().items > 0);
        }
    });
    connect(m_session, &FilterSession::filterChanged, m_bitView, &BitArrayView::refresh);
    connect(m_session, &FilterSession::cellsChanged, m_bitView, &BitArrayView::refreshCells);
    connect(m_session, &FilterSession::filterChanged, this, [this] { setFilterModified(true); });
    connect(m_session, &FilterSession::cellsChanged, this, [this] { setFilterModified(true); });
    connect(m_session, &FilterSession::lastOutcomeChanged, this, &MainWindow::updateOutcome);
    connect(m_session, &FilterSession::errorOccurred, this, [this](const QString& message) {
        m_parameters->setSessionMessage(message);
        showStatus(message, 10000);
        m_lastError = message;
        m_rebuildPending = false;
    });
    connect(m_session, &FilterSession::busyChanged, this, &MainWindow::updateBusy);
    connect(m_session, &FilterSession::jobProgress, this, [this](int percent, const QString& stage) {
        m_busyProgress->setValue(percent);
        m_busyLabel->setText(stage);
        m_busyProgress->setToolTip(stage);
    });
    connect(m_session, &FilterSession::jobFinished, this, [this](const QString& summary) {
        showStatus(summary, 10000);
        setFilterModified(true);  // keys from a file, or the fill: the filter has new items
    });

    connect(m_bitView, &BitArrayView::hoverTextChanged, this, [this](const QString& text) {
        m_hover->setText(text.isEmpty() ? hoverHint() : text);
    });

    connect(m_insertButton, &QPushButton::clicked, this, [this] { insertKey(m_keyEdit->text()); });
    connect(m_keyEdit, &QLineEdit::returnPressed, this, [this] { insertKey(m_keyEdit->text()); });
    connect(m_queryButton, &QPushButton::clicked, this, [this] { queryKey(m_keyEdit->text()); });

    connect(m_speedup, &SpeedupChartView::statusMessage, this, [this](const QString& m) { showStatus(m); });
    connect(m_teaching, &TeachingPanel::statusMessage, this, [this](const QString& m) { showStatus(m); });
    connect(m_compare, &CompareView::statusMessage, this, [this](const QString& m) { showStatus(m); });
    connect(m_calculator, &CalculatorPanel::applyRequested, this, [this](double n, double p) {
        const QString clamped = m_parameters->setNAndP(n, p);  // says so under p when clamped
        const FilterSpec spec = m_parameters->spec();
        m_parameters->setSessionMessage(QString());
        m_rebuildPending = true;
        const bool built = m_session->setSpec(spec);
        m_speedup->setFilterSpec(spec);
        setCurrentTab(Tab::Explorer);
        if (built)
            showStatus(tr("Explorer set to n = %1, p = %2").arg(formatCount(static_cast<double>(spec.capacity)), formatProbability(spec.fpr)) +
                   (clamped.isEmpty() ? QString() : QStringLiteral(" — ") + clamped), 10000);
    });
}

// ---- settings ------------------------------------------------------------------------------

void MainWindow::restoreSettings() {
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        resize(1280, 800);
    // On a smaller screen than the default (or than the one the geometry was saved on) the window
    // fits the screen: a 1024 x 640 laptop must see all of it.
    if (const QScreen* shown = screen()) {
        const QRect available = shown->availableGeometry();
        if (width() > available.width() || height() > available.height())
            resize(size().boundedTo(available.size()));
        if (!available.contains(geometry()))
            move(std::clamp(x(), available.left(), std::max(available.left(), available.right() - width() + 1)),
                 std::clamp(y(), available.top(), std::max(available.top(), available.bottom() - height() + 1)));
    }
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    FilterSpec spec = m_parameters->spec();
    if (const auto type = parseFilterType(settings.value(QStringLiteral("filter/type"), filterTypeKeyword(spec.type)).toString().toStdString()))
        spec.type = *type;
    const double n = settings.value(QStringLiteral("filter/n"), static_cast<double>(spec.capacity)).toDouble();
    const double p = settings.value(QStringLiteral("filter/p"), spec.fpr).toDouble();
    if (n >= ParameterPanel::kMinN && n <= ParameterPanel::kMaxN)
        spec.capacity = static_cast<std::uint64_t>(n);
    if (p >= ParameterPanel::kMinP && p <= ParameterPanel::kMaxP)
        spec.fpr = p;
    m_parameters->setSpec(spec);
    m_parameters->setHotRatio(settings.value(QStringLiteral("bench/hotRatio"), 0.3).toDouble());
    m_parameters->setBackendText(settings.value(QStringLiteral("bench/backend"), QStringLiteral("scan")).toString());
    m_speedup->setQueries(settings.value(QStringLiteral("bench/queries"), 2000).toInt());
    m_speedup->setRepeats(settings.value(QStringLiteral("bench/repeats"), 3).toInt());
    m_tabs->setCurrentIndex(settings.value(QStringLiteral("window/tab"), 0).toInt());
    m_lastDirectory = settings.value(QStringLiteral("files/lastDirectory"), QDir::homePath()).toString();
    m_recentFiles = settings.value(QStringLiteral("files/recent")).toStringList().mid(0, kMaxRecentFiles);
    rebuildRecentMenu();
}

void MainWindow::saveSettings() const {
    if (!m_options.useSettings)
        return;
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/tab"), m_tabs->currentIndex());
    const FilterSpec spec = m_parameters->spec();
    settings.setValue(QStringLiteral("filter/type"), filterTypeKeyword(spec.type));
    settings.setValue(QStringLiteral("filter/n"), static_cast<double>(spec.capacity));
    settings.setValue(QStringLiteral("filter/p"), spec.fpr);
    settings.setValue(QStringLiteral("bench/hotRatio"), m_parameters->hotRatio());
    settings.setValue(QStringLiteral("bench/backend"), m_parameters->backendText());
    settings.setValue(QStringLiteral("bench/queries"), static_cast<int>(m_speedup->sweepConfig().base.queries));
    settings.setValue(QStringLiteral("bench/repeats"), static_cast<int>(m_speedup->sweepConfig().base.repeats));
    settings.setValue(QStringLiteral("files/lastDirectory"), m_lastDirectory);
    settings.setValue(QStringLiteral("files/recent"), m_recentFiles);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!confirmUnsavedChanges()) {
        event->ignore();
        return;
    }
    saveSettings();
    m_session->cancelJob();
    m_speedup->cancel();
    m_compare->cancel();
    event->accept();
}

// ---- messages and dialogs ------------------------------------------------------------------

void MainWindow::showError(const QString& title, const QString& message) {
    m_lastError = message;
    showStatus(message, 10000);
    if (!m_options.showDialogs)
        return;
    auto* box = new QMessageBox(QMessageBox::Critical, title, message, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("errorDialog"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();  // window-modal, does not block the event loop
}

void MainWindow::showStatus(const QString& message, int timeoutMs) { statusBar()->showMessage(message, timeoutMs); }

QString MainWindow::chooseSavePath(const QString& caption, const QString& suggestedName, const QString& filter) {
    if (!m_options.showDialogs)
        return {};  // a window without dialogs (tests, --demo) never blocks on a file chooser
    const QString path = QFileDialog::getSaveFileName(this, caption, QDir(m_lastDirectory).filePath(suggestedName), filter);
    if (!path.isEmpty())
        m_lastDirectory = QFileInfo(path).absolutePath();
    return path;
}

QString MainWindow::chooseOpenPath(const QString& caption, const QString& filter) {
    if (!m_options.showDialogs)
        return {};
    const QString path = QFileDialog::getOpenFileName(this, caption, m_lastDirectory, filter);
    if (!path.isEmpty())
        m_lastDirectory = QFileInfo(path).absolutePath();
    return path;
}

// ---- keyboard shortcuts --------------------------------------------------------------------

namespace {

QString plainMenuText(QString text) {
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    text.replace(QStringLiteral("&&"), QStringLiteral("&"));
    text.remove(QStringLiteral("…"));
    return text.trimmed();
}

QString keysText(const QList<QKeySequence>& keys) {
    QStringList parts;
    for (const QKeySequence& key : keys)
        if (!key.isEmpty())
            parts << key.toString(QKeySequence::NativeText);
    return parts.join(QStringLiteral(" / "));
}

} // namespace

QList<MainWindow::ShortcutEntry> MainWindow::shortcutEntries() const {
    QList<ShortcutEntry> entries;
    // The menus, read from their actions: a new menu item with a key shows up here by itself.
    std::function<void(const QMenu*, const QString&)> walk = [&](const QMenu* menu, const QString& where) {
        for (QAction* action : menu->actions()) {
            if (action->isSeparator())
                continue;
            if (action->menu()) {
                walk(action->menu(), where + QStringLiteral(" › ") + plainMenuText(action->text()));
                continue;
            }
            const QString keys = keysText(action->shortcuts());
            if (!keys.isEmpty())
                entries.append({where, plainMenuText(action->text()), keys});
        }
    };
    for (QAction* top : menuBar()->actions())
        if (top->menu())
            walk(top->menu(), plainMenuText(top->text()));
    // Buttons with their own keys (not just the underlined letter), named after their tab.
    for (const QAbstractButton* button : findChildren<QAbstractButton*>()) {
        const QKeySequence key = button->shortcut();
        if (key.isEmpty() || key == QKeySequence::mnemonic(button->text()))
            continue;
        QString where = tr("Window");
        for (const QWidget* w = button; w; w = w->parentWidget()) {
            const int index = m_tabs->indexOf(const_cast<QWidget*>(w));
            if (index >= 0) {
                where = plainMenuText(m_tabs->tabText(index));
                break;
            }
        }
        entries.append({where, plainMenuText(button->text()), keysText({key})});
    }
    // Keys the views handle themselves.
    const QString explorer = plainMenuText(m_tabs->tabText(static_cast<int>(Tab::Explorer)));
    entries.append({explorer, tr("Insert the key in the key field"), QKeySequence(Qt::Key_Return).toString(QKeySequence::NativeText)});
    entries.append({tr("Bit array"), tr("Zoom in / out around the cursor"), tr("Wheel, + / −")});
    entries.append({tr("Bit array"), tr("Pan"), tr("Drag, Up / Down, Page Up / Page Down")});
    entries.append({tr("Bit array"), tr("Fit the whole array"), QKeySequence(Qt::Key_Home).toString(QKeySequence::NativeText)});
    entries.append({tr("Menus and buttons"), tr("The item with that underlined letter"), tr("Alt + underlined letter")});
    return entries;
}

QString MainWindow::shortcutsHtml() const {
    // Grouped by where the keys work (in the order the groups first appear), the groups in two
    // columns so the dialog fits a 640-pixel screen.
    QStringList groups;
    QMap<QString, QString> rowsOf;
    QMap<QString, int> countOf;
    for (const ShortcutEntry& e : shortcutEntries()) {
        if (!groups.contains(e.where))
            groups << e.where;
        rowsOf[e.where] += QStringLiteral("<tr><td style='padding-right:12px'><b>%1</b></td><td>%2</td></tr>")
                               .arg(e.keys.toHtmlEscaped(), e.what.toHtmlEscaped());
        ++countOf[e.where];
    }
    int total = 0;
    for (const QString& g : groups)
        total += countOf[g] + 1;
    QString columns[2];
    int filled = 0;
    for (const QString& g : groups) {
        const int column = filled * 2 < total ? 0 : 1;
        columns[column] += QStringLiteral("<tr><td colspan='2' style='padding-top:6px'><i>%1</i></td></tr>").arg(g.toHtmlEscaped()) + rowsOf[g];
        filled += countOf[g] + 1;
    }
    return QStringLiteral("<table><tr><td valign='top'><table cellspacing='1'>%1</table></td><td width='28'></td>"
                          "<td valign='top'><table cellspacing='1'>%2</table></td></tr></table>")
        .arg(columns[0], columns[1]);
}

QString MainWindow::hoverHint() const {
    return tr("Hover: index and value · wheel: zoom · drag: pan · Home: fit");
}

void MainWindow::setCurrentTab(Tab tab) { m_tabs->setCurrentIndex(static_cast<int>(tab)); }

bool MainWindow::parseTab(const QString& name, Tab& tab) {
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("explorer") || n == QLatin1String("bits"))
        tab = Tab::Explorer;
    else if (n == QLatin1String("benchmark") || n == QLatin1String("speedup") || n == QLatin1String("sweep"))
        tab = Tab::Benchmark;
    else if (n == QLatin1String("teaching") || n == QLatin1String("teach"))
        tab = Tab::Teaching;
    else if (n == QLatin1String("calculator") || n == QLatin1String("calc"))
        tab = Tab::Calculator;
    else if (n == QLatin1String("compare") || n == QLatin1String("comparison"))
        tab = Tab::Compare;
    else
        return false;
    return true;
}

void MainWindow::updateTitle() {
    // Qt writes the title from the file name and the modified mark ("saved.blf*"); the platform
    // adds the application's name ("— BloomLab"), so it is not repeated here.
    if (m_currentFile.isEmpty()) {
        setWindowFilePath(QString());
        setWindowTitle(tr("Untitled") + QStringLiteral("[*]"));
    } else {
        setWindowTitle(QString());
        setWindowFilePath(m_currentFile);
    }
}

void MainWindow::setFilterModified(bool modified) { setWindowModified(modified); }

void MainWindow::setCurrentFile(const QString& path) {
    m_currentFile = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
    updateTitle();
}

void MainWindow::updateBusy(bool busy) {
    for (QAction* action : m_filterActions)
        action->setEnabled(!busy);
    m_insertButton->setEnabled(!busy);
    m_queryButton->setEnabled(!busy);
    m_keyEdit->setEnabled(!busy);
    m_busyProgress->setVisible(busy);
    m_busyProgress->setValue(0);
    m_busyProgress->setFormat(QStringLiteral("%p%"));
    if (!busy)
        m_busyLabel->clear();
}

// ---- explorer key bar ------------------------------------------------------------------------

void MainWindow::insertKey(const QString& key) {
    if (key.isEmpty()) {
        m_outcome->setText(tr("<span style='color:#c62828'>Type a key first (any text; the empty key is a key "
                              "too, but not from this field).</span>"));
        return;
    }
    const KeyOutcome out = m_session->insertKey(toKey(key));
    if (!out.accepted)
        showStatus(tr("The filter refused %1: it is full.").arg(keyPlain(key)));
    m_keyEdit->selectAll();
}

void MainWindow::queryKey(const QString& key) {
    if (key.isEmpty()) {
        m_outcome->setText(tr("<span style='color:#c62828'>Type a key first.</span>"));
        return;
    }
    m_session->queryKey(toKey(key));
    m_keyEdit->selectAll();
}

void MainWindow::updateOutcome() {
    const auto& last = m_session->lastOutcome();
    m_bitView->setMarks(last ? last->marks : std::vector<CellMark>{});
    m_bitView->setKickChain(last ? last->kicks : std::vector<CuckooKick>{});
    m_outcomeHtml = last ? outcomeHtml(*last, *m_session) : noOutcomeHtml();
    fitOutcome();
}

void MainWindow::fitOutcome() {
    // Lay the answer out at the label's width; past the second line it is cut and ends in "…".
    const int width = std::max(80, m_outcome->contentsRect().width());
    QTextDocument doc;
    doc.setDefaultFont(m_outcome->font());
    doc.setDocumentMargin(0);
    doc.setHtml(m_outcomeHtml);
    QTextOption wrap = doc.defaultTextOption();
    wrap.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);  // a long URL counts its lines too
    doc.setDefaultTextOption(wrap);
    doc.setTextWidth(width);
    doc.size();  // lays the document out: the blocks have their lines from here on
    int lines = 0;
    int cutAt = -1;
    for (QTextBlock block = doc.begin(); block.isValid() && cutAt < 0; block = block.next()) {
        const QTextLayout* layout = block.layout();
        for (int i = 0; layout && i < layout->lineCount(); ++i) {
            if (++lines == 2 && (i + 1 < layout->lineCount() || block.next().isValid())) {
                const QTextLine line = layout->lineAt(i);
                cutAt = block.position() + line.textStart() + line.textLength();
                break;
            }
        }
    }
    // A key with white space at an end: the tooltip says what the shaded signs stand for.
    const auto& last = m_session->lastOutcome();
    m_outcome->setToolTip(cutAt >= 0 ? m_outcomeHtml : last ? outcomeToolTip(*last) : QString());
    if (cutAt < 0) {
        m_outcome->setText(m_outcomeHtml);
        return;
    }
    QTextCursor cursor(&doc);
    cursor.setPosition(std::max(0, cutAt - 3));
    cursor.movePosition(QTextCursor::End, QTextCursor::KeepAnchor);
    cursor.insertText(QStringLiteral("…"));
    m_outcome->setText(doc.toHtml());
}

void MainWindow::fitFalsePositivePanel() {
    // The panel fills the width and height of its scroll area, and grows taller (and scrolls)
    // when that squeezes a wrapped text (a value on two lines, the note) into fewer lines than it
    // needs: a language with longer words in a 640-pixel-high window. A resizable scroll area
    // would size it by its preferred height instead, and scroll in every language.
    QWidget* viewport = m_fpPanel->parentWidget();
    if (!viewport || m_fittingFpPanel)
        return;
    m_fittingFpPanel = true;
    int height = std::max(viewport->height(), m_fpPanel->minimumSizeHint().height());
    for (int attempt = 0; attempt < 4; ++attempt) {  // a taller panel can wrap nothing new: 2 suffice
        m_fpPanel->resize(viewport->width(), height);
        int missing = 0;
        for (const QLabel* label : m_fpPanel->findChildren<QLabel*>(Qt::FindDirectChildrenOnly)) {
            // A text of one line squeezed by a pixel or two still reads; one of several lines
            // loses a line.
            const int needed = label->wordWrap() && label->isVisible() ? label->heightForWidth(label->width()) : -1;
            if (needed > label->minimumSizeHint().height())
                missing += std::max(0, needed - label->height());
        }
        if (missing == 0)
            break;
        height += missing;
    }
    m_fittingFpPanel = false;
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_outcome && event->type() == QEvent::Resize)
        fitOutcome();
    if (m_fpPanel && ((watched == m_fpPanel && event->type() == QEvent::LayoutRequest) ||
                      (watched == m_fpPanel->parentWidget() && event->type() == QEvent::Resize)))
        fitFalsePositivePanel();
    return QMainWindow::eventFilter(watched, event);
}

// ---- files ---------------------------------------------------------------------------------

bool MainWindow::openFilterFile(const QString& path) {
    if (ParquetChooser::isParquetFile(path))
        return openParquetFile(path);
    m_rebuildPending = false;  // the file's filter replaces whatever the parameters asked for
    try {
        m_session->loadFromFile(path);
    } catch (const std::exception& e) {
        showError(tr("Cannot open filter"), tr("Cannot open %1:\n%2").arg(QDir::toNativeSeparators(path), QString::fromStdString(e.what())));
        return false;
    }
    showOpenedFile(path);
    const FilterStats stats = m_session->filter()->stats();
    showStatus(tr("Opened %1: %2 filter with %3 items").arg(QFileInfo(path).fileName(), filterTypeKeyword(m_session->filter()->type()),
                                                         formatCount(static_cast<double>(stats.items))));
    return true;
}

void MainWindow::showOpenedFile(const QString& path) {
    m_parameters->setSpec(m_session->spec());
    m_parameters->setSessionMessage(QString());
    m_speedup->setFilterSpec(m_session->spec());
    setCurrentFile(path);
    setFilterModified(false);
    addRecentFile(path);
    setCurrentTab(Tab::Explorer);
}

bool MainWindow::saveFilterFile(const QString& path) {
    try {
        m_session->saveToFile(path);
    } catch (const std::exception& e) {
        showError(tr("Cannot save filter"), tr("Cannot save %1:\n%2").arg(QDir::toNativeSeparators(path), QString::fromStdString(e.what())));
        return false;
    }
    setCurrentFile(path);
    setFilterModified(false);
    addRecentFile(path);
    showStatus(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool MainWindow::saveFilter() {
    QString path = m_currentFile;
    // A filter opened from a Parquet file is saved as a new .blf: never over the Parquet file.
    if (path.isEmpty() || ParquetChooser::isParquetFile(path))
        path = chooseSavePath(tr("Save filter"), QStringLiteral("filter.blf"), tr("BloomLab filters (*.blf);;All files (*)"));
    return !path.isEmpty() && saveFilterFile(path);
}

MainWindow::UnsavedChoice MainWindow::askUnsavedChanges() {
    if (!m_options.showDialogs)
        return UnsavedChoice::Discard;
    const QString name = m_currentFile.isEmpty() ? tr("The filter") : QFileInfo(m_currentFile).fileName();
    QMessageBox box(QMessageBox::Warning, tr("Unsaved changes"),
                    tr("%1 has changes that are not saved. Save them first?").arg(name),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("unsavedDialog"));
    box.setDefaultButton(QMessageBox::Save);
    switch (box.exec()) {
    case QMessageBox::Save: return UnsavedChoice::Save;
    case QMessageBox::Discard: return UnsavedChoice::Discard;
    default: return UnsavedChoice::Cancel;
    }
}

MainWindow::LineEndChoice MainWindow::askCarriageReturns(const QString& path, std::uint64_t crlfLines) {
    if (!m_options.showDialogs)
        return LineEndChoice::Keep;
    QMessageBox box(QMessageBox::Warning, tr("Windows line ends"),
                    tr("%1 ends its lines with CR LF (Windows line ends: %2). Kept, every key ends in an "
                       "invisible \\r and no key typed in the key field matches it. Strip the \\r from the end of "
                       "each line?")
                        .arg(QFileInfo(path).fileName(),
                             QFileInfo(path).size() <= (qint64{1} << 20)
                                 ? (crlfLines == 1 ? tr("1 line") : tr("%1 lines").arg(formatCount(static_cast<double>(crlfLines))))
                                 : tr("%1 lines in its first MiB").arg(formatCount(static_cast<double>(crlfLines)))),
                    QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("lineEndDialog"));
    QPushButton* strip = box.addButton(tr("&Strip"), QMessageBox::AcceptRole);
    QPushButton* keep = box.addButton(tr("&Keep"), QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(strip);
    box.exec();
    if (box.clickedButton() == strip)
        return LineEndChoice::Strip;
    if (box.clickedButton() == keep)
        return LineEndChoice::Keep;
    return LineEndChoice::Cancel;
}

bool MainWindow::askReplaceFiles(const QString& directory, const QStringList& names) {
    if (!m_options.showDialogs)
        return true;
    QMessageBox box(QMessageBox::Warning, tr("Replace files?"),
                    tr("The report also writes these files in %1, which exist already:\n\n%2\n\nReplace them?")
                        .arg(QDir::toNativeSeparators(directory), names.join(QLatin1Char('\n'))),
                    QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("replaceFilesDialog"));
    QPushButton* replace = box.addButton(tr("&Replace"), QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == replace;
}

bool MainWindow::confirmUnsavedChanges() {
    if (!filterModified())
        return true;
    switch (askUnsavedChanges()) {
    case UnsavedChoice::Save: return saveFilter();
    case UnsavedChoice::Discard: return true;
    case UnsavedChoice::Cancel: return false;
    }
    return false;
}

bool MainWindow::openFilterFileAsking(const QString& path) { return confirmUnsavedChanges() && openFilterFile(path); }

bool MainWindow::clearFilterAsking() {
    if (m_session->busy() || !m_session->filter() || !confirmUnsavedChanges())
        return false;
    const bool hadItems = m_session->filter()->stats().items > 0;
    m_session->clear();
    // An emptied untitled filter has nothing to save; an emptied file's filter differs from the file.
    setFilterModified(hadItems && !m_currentFile.isEmpty());
    showStatus(tr("Filter cleared."));
    return true;
}

// ---- recent files --------------------------------------------------------------------------

void MainWindow::addRecentFile(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_recentFiles.removeAll(absolute);
    m_recentFiles.prepend(absolute);
    while (m_recentFiles.size() > kMaxRecentFiles)
        m_recentFiles.removeLast();
    rebuildRecentMenu();
    saveRecentFiles();
}

void MainWindow::saveRecentFiles() const {
    if (m_options.useSettings)
        QSettings().setValue(QStringLiteral("files/recent"), m_recentFiles);
}

void MainWindow::removeRecentFile(const QString& path) {
    m_recentFiles.removeAll(path);
    rebuildRecentMenu();
    saveRecentFiles();
}

bool MainWindow::openRecentFile(const QString& path) {
    if (!QFileInfo(path).isFile()) {
        removeRecentFile(path);
        showError(tr("Recent file missing"),
                  tr("%1 no longer exists; it was removed from the recent files.").arg(QDir::toNativeSeparators(path)));
        return false;
    }
    return openFilterFileAsking(path);
}

void MainWindow::rebuildRecentMenu() {
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    for (int i = 0; i < m_recentFiles.size(); ++i) {
        const QString path = m_recentFiles[i];
        QAction* action = m_recentMenu->addAction(
            tr("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName().replace(QLatin1Char('&'), QStringLiteral("&&"))));
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] { openRecentFile(path); });
    }
    if (m_recentFiles.isEmpty())
        m_recentMenu->addAction(tr("(no recent files)"))->setEnabled(false);
    m_recentMenu->addSeparator();
    QAction* clear = m_recentMenu->addAction(tr("&Clear Recent Files"));
    clear->setEnabled(!m_recentFiles.isEmpty());
    connect(clear, &QAction::triggered, this, [this] {
        m_recentFiles.clear();
        rebuildRecentMenu();
        saveRecentFiles();
    });
}

RedisFilterWindow* MainWindow::copyFilterToRedis() {
    // The filter's actions are disabled while a job works on it, so the copy sees a still filter.
    if (m_session->busy() || !m_session->filter())
        return nullptr;
    return RedisFilterWindow::copyWithDialogs(this, std::make_shared<const AnyFilter>(*m_session->filter()));
}

bool MainWindow::insertKeysFile(const QString& path) {
    if (const QString problem = keyFileProblem(path); !problem.isEmpty()) {
        showError(tr("Cannot insert keys"), problem);
        return false;
    }
    bool stripCarriageReturn = false;
    if (const std::uint64_t crlf = FilterSession::crlfLineCount(path)) {
        switch (askCarriageReturns(path, crlf)) {
        case LineEndChoice::Strip: stripCarriageReturn = true; break;
        case LineEndChoice::Keep: break;
        case LineEndChoice::Cancel: return false;
        }
    }
    if (!m_session->insertKeysFromFile(path, stripCarriageReturn)) {
        showError(tr("Cannot insert keys"), tr("Another job is still working on the filter; cancel it first (Esc)."));
        return false;
    }
    setCurrentTab(Tab::Explorer);
    return true;
}

bool MainWindow::exportBenchmarkCsv(const QString& path) {
    const QString error = m_speedup->exportCsv(path);
    if (!error.isEmpty()) {
        showError(tr("Cannot export CSV"), error);
        return false;
    }
    showStatus(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

QWidget* MainWindow::chartWidget(Tab tab) const {
    switch (tab) {
    case Tab::Explorer: return m_fpPanel->chartView();
    case Tab::Benchmark: return m_speedup->chartView();
    case Tab::Teaching: return m_teaching->bitView();
    case Tab::Calculator: return m_calculator->chartView();
    case Tab::Compare: return m_compare->chartView();
    }
    return nullptr;
}

bool MainWindow::exportChart(Tab tab, const QString& path) {
    QWidget* widget = chartWidget(tab);
    if (widget && !widget->isVisible()) {
        // A hidden tab has no valid geometry yet: lay it out at the current tab's size first.
        widget->window()->ensurePolished();
        if (widget->size().width() < 100)
            widget->resize(900, 520);
    }
    const QString error = exportWidget(widget, path);
    if (!error.isEmpty()) {
        showError(tr("Cannot export chart"), error);
        return false;
    }
    showStatus(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

} // namespace bloomlab::ui
