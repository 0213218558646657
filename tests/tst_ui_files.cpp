// Files: a saved filter opens again with the same contents; a missing, empty, garbage,
// truncated or bit-flipped file shows an error dialog and leaves the current filter untouched
// (no crash); keys are inserted from a text file on a worker thread with progress, and every
// line becomes a known inserted key. The title names the file once, with Qt's modified mark, and
// drops the name when new parameters rebuild the filter; quitting, opening and clearing ask
// first when the filter has unsaved changes (the answer given through askUnsavedChanges);
// File > Recent Files keeps the newest files first and drops one that no longer exists; the
// shortcuts dialog lists every key of the menus. A key file with CR LF line ends is asked about
// (the answer given through askCarriageReturns): stripped, its keys are the typed keys; kept,
// each ends in '\r' as the CLI reads it. The key field keeps leading and trailing spaces as part
// of the key and shows that it has them.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/any_filter.h"
#include "core/filter_io.h"
#include "ui/bit_array_view.h"
#include "ui/false_positive_panel.h"
#include "ui/filter_session.h"
#include "ui/key_edit.h"
#include "ui/log_slider_field.h"
#include "ui/main_window.h"
#include "ui/parameter_panel.h"
#include "ui/translations.h"
#endif

#include <QLineEdit>

#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QMenuBar>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QWindow>

#include <functional>

#include <sys/stat.h>
#include <unistd.h>

using bloomlab::FilterType;
using bloomlab::ui::FilterSession;
using bloomlab::ui::MainWindow;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), bytes.size());
}

int openErrorDialogs(MainWindow& window) {
    int n = 0;
    for (QMessageBox* box : window.findChildren<QMessageBox*>())
        if (box->isVisible() && box->icon() == QMessageBox::Critical)
            ++n;
    return n;
}

void closeDialogs(MainWindow& window) {
    for (QMessageBox* box : window.findChildren<QMessageBox*>())
        box->close();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
}

/// A window whose "save your changes?" question is answered by the test.
class AnsweringWindow : public MainWindow {
public:
    AnsweringWindow() : MainWindow(Options{false, false}) {}
    UnsavedChoice answer = UnsavedChoice::Cancel;
    int asked = 0;
    LineEndChoice lineEnds = LineEndChoice::Cancel;
    int askedLineEnds = 0;
    std::uint64_t crlfLinesSeen = 0;

protected:
    UnsavedChoice askUnsavedChanges() override {
        ++asked;
        return answer;
    }
    LineEndChoice askCarriageReturns(const QString&, std::uint64_t crlfLines) override {
        ++askedLineEnds;
        crlfLinesSeen = crlfLines;
        return lineEnds;
    }
};

/// The title as the window system gets it ([*] turned into "*" or dropped).
QString shownTitle(MainWindow& window) {
    window.winId();
    return window.windowHandle() ? window.windowHandle()->title() : QString();
}

void insertSome(MainWindow& window, const char* prefix, int count) {
    for (int i = 0; i < count; ++i)
        window.session()->insertKey(prefix + std::to_string(i));
}

} // namespace

class TestUiFiles : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void saveAndOpenRoundTrip_data();
    void saveAndOpenRoundTrip();
    void openedCuckooTableIsDescribedAsItself();
    void damagedFilesShowAnErrorAndKeepTheFilter_data();
    void damagedFilesShowAnErrorAndKeepTheFilter();
    void insertKeysFromTextFile();
    void missingKeyFileIsAnError();
    void titleNamesTheFileOnceWithTheModifiedMark();
    void unsavedChangesAreAskedAboutBeforeTheyAreLost();
    void recentFilesNewestFirstAndMissingOnesDropped();
    void shortcutsDialogListsEveryMenuKey();
    void answerLineKeepsTwoLines();
    void keysInsertedFollowsAFill();
    void crlfKeyFileIsAskedAbout();
    void keyFieldShowsEdgeSpaces();

private:
    QTemporaryDir m_dir;
    QString m_valid;  // a saved classic filter with 500 keys
};

void TestUiFiles::initTestCase() {
    QVERIFY(m_dir.isValid());
    // The English texts as the app shows them: the plural forms ("1 leading space", "2 leading
    // spaces") come from the English translation. The number locale stays the test's.
    const QLocale locale;
    QCOMPARE(bloomlab::ui::setUiLanguage(QStringLiteral("en")), QStringLiteral("en"));
    QLocale::setDefault(locale);
    MainWindow window({false, false});
    for (int i = 0; i < 500; ++i)
        window.session()->insertKey("saved-" + std::to_string(i));
    m_valid = m_dir.filePath(QStringLiteral("valid.blf"));
    QVERIFY2(window.saveFilterFile(m_valid), qPrintable(window.lastError()));
    QVERIFY(QFileInfo(m_valid).size() > 64);
}

void TestUiFiles::saveAndOpenRoundTrip_data() {
    QTest::addColumn<int>("type");
    QTest::newRow("classic") << int(FilterType::Classic);
    QTest::newRow("blocked") << int(FilterType::Blocked);
    QTest::newRow("counting") << int(FilterType::Counting);
    QTest::newRow("scalable") << int(FilterType::Scalable);
    QTest::newRow("cuckoo") << int(FilterType::Cuckoo);
}

void TestUiFiles::saveAndOpenRoundTrip() {
    QFETCH(int, type);
    MainWindow window({false, false});
    bloomlab::FilterSpec spec;
    spec.type = static_cast<FilterType>(type);
    spec.capacity = 2000;
    spec.fpr = 0.01;
    QVERIFY(window.session()->setSpec(spec));
    for (int i = 0; i < 1500; ++i)
        window.session()->insertKey("rt-" + std::to_string(i));
    const auto statsBefore = window.session()->filter()->stats();
    const QString path = m_dir.filePath(QStringLiteral("rt%1.blf").arg(type));
    QVERIFY(window.saveFilterFile(path));
    window.session()->clear();
    QCOMPARE(window.session()->filter()->stats().items, std::uint64_t{0});
    QVERIFY2(window.openFilterFile(path), qPrintable(window.lastError()));
    const bloomlab::AnyFilter* loaded = window.session()->filter();
    QCOMPARE(loaded->type(), spec.type);
    QCOMPARE(loaded->stats().items, statsBefore.items);
    for (int i = 0; i < 1500; ++i)
        QVERIFY(loaded->mightContain("rt-" + std::to_string(i)));
    // The panel shows the loaded filter's parameters; the keys of a loaded filter are unknown.
    QCOMPARE(window.parameterPanel()->spec().type, spec.type);
    QCOMPARE(window.parameterPanel()->spec().capacity, std::uint64_t{2000});
    QVERIFY(!window.session()->keysKnown());
    QVERIFY(window.windowTitle().contains(QFileInfo(path).fileName()));
}

// A cuckoo table's target p (the FPR of its fingerprints at the design load, 0.00183... for 12
// bits) would size a 16-bit table on its own; the Derived panel describes the table that was
// opened (its fingerprint bits and layout) until p or the type is changed.
void TestUiFiles::openedCuckooTableIsDescribedAsItself() {
    const QString path = m_dir.filePath(QStringLiteral("cuckoo12_local.blf"));
    {
        bloomlab::FilterSpec spec;
        spec.type = FilterType::Cuckoo;
        spec.capacity = 5000;
        spec.fpr = 0.01;
        spec.fingerprintBits = 12;
        spec.cuckooLayout = bloomlab::CuckooLayout::Local;
        bloomlab::AnyFilter filter = bloomlab::AnyFilter::create(spec);
        for (int i = 0; i < 1000; ++i)
            QVERIFY(filter.insert("c-" + std::to_string(i)));
        bloomlab::saveFilter(filter, path.toStdString());
    }
    MainWindow window({false, false});
    QVERIFY2(window.openFilterFile(path), qPrintable(window.lastError()));
    bloomlab::ui::ParameterPanel* panel = window.parameterPanel();
    const bloomlab::FilterSpec shown = panel->spec();
    QCOMPARE(shown.fingerprintBits, 12U);
    QCOMPARE(int(shown.cuckooLayout), int(bloomlab::CuckooLayout::Local));
    QCOMPARE(panel->derived().fingerprintBits, 12U);
    QCOMPARE(panel->derived().bits, window.session()->filter()->sizeInBits());
    QCOMPARE(panel->kLabel()->text(), QStringLiteral("2 buckets, 12-bit fingerprint"));
    // A new p sizes the table from p again.
    panel->pField()->field()->setText(QStringLiteral("1e-4"));
    QVERIFY(panel->pField()->commitText());
    QCOMPARE(panel->spec().fingerprintBits, 0U);
    QCOMPARE(panel->derived().fingerprintBits, 16U);
}

void TestUiFiles::damagedFilesShowAnErrorAndKeepTheFilter_data() {
    QTest::addColumn<QString>("kind");
    QTest::newRow("missing") << "missing";
    QTest::newRow("empty") << "empty";
    QTest::newRow("garbage") << "garbage";
    QTest::newRow("truncated header") << "truncated-header";
    QTest::newRow("truncated payload") << "truncated-payload";
    QTest::newRow("flipped payload byte") << "flip-payload";
    QTest::newRow("flipped size byte") << "flip-size";
    QTest::newRow("a directory") << "directory";
}

void TestUiFiles::damagedFilesShowAnErrorAndKeepTheFilter() {
    QFETCH(QString, kind);
    const QByteArray valid = readAll(m_valid);
    QVERIFY(!valid.isEmpty());
    QString path = m_dir.filePath(kind + QStringLiteral(".blf"));
    if (kind == QLatin1String("empty")) {
        writeAll(path, {});
    } else if (kind == QLatin1String("garbage")) {
        QByteArray junk;
        for (int i = 0; i < 4096; ++i)
            junk.append(static_cast<char>((i * 7919) & 0xFF));
        writeAll(path, junk);
    } else if (kind == QLatin1String("truncated-header")) {
        writeAll(path, valid.left(20));
    } else if (kind == QLatin1String("truncated-payload")) {
        writeAll(path, valid.left(valid.size() - 100));
    } else if (kind == QLatin1String("flip-payload")) {
        QByteArray bytes = valid;
        bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x10);
        writeAll(path, bytes);
    } else if (kind == QLatin1String("flip-size")) {
        QByteArray bytes = valid;
        bytes[30] = static_cast<char>(0x7F);  // inside the parameter block
        writeAll(path, bytes);
    } else if (kind == QLatin1String("directory")) {
        path = m_dir.path();
    }

    MainWindow window({false, true});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    for (int i = 0; i < 300; ++i)
        window.session()->insertKey("current-" + std::to_string(i));
    const auto itemsBefore = window.session()->filter()->stats().items;
    const QString titleBefore = window.windowTitle();

    QVERIFY(!window.openFilterFile(path));
    QVERIFY(!window.lastError().isEmpty());
    QVERIFY2(window.lastError().contains(QFileInfo(path).fileName()), qPrintable(window.lastError()));
    QTRY_COMPARE(openErrorDialogs(window), 1);
    // The current filter is untouched and still works.
    QVERIFY(window.session()->filter() != nullptr);
    QCOMPARE(window.session()->filter()->stats().items, itemsBefore);
    QVERIFY(window.session()->filter()->mightContain("current-7"));
    window.session()->insertKey("after the error");
    QVERIFY(window.session()->filter()->mightContain("after the error"));
    QCOMPARE(window.windowTitle(), titleBefore);
    closeDialogs(window);
}

void TestUiFiles::insertKeysFromTextFile() {
    const QString path = m_dir.filePath(QStringLiteral("keys.txt"));
    QByteArray text;
    for (int i = 0; i < 20000; ++i)
        text += "line " + QByteArray::number(i) + '\n';
    text += "last line without newline";
    writeAll(path, text);
    MainWindow window({false, false});
    bloomlab::FilterSpec spec;
    spec.capacity = 25000;
    spec.fpr = 0.01;
    QVERIFY(window.session()->setSpec(spec));
    QSignalSpy finished(window.session(), &FilterSession::jobFinished);
    QVERIFY(window.insertKeysFile(path));
    QVERIFY(window.session()->busy());
    QVERIFY(finished.wait(60000));
    QVERIFY(!window.session()->busy());
    QCOMPARE(window.session()->filter()->stats().items, std::uint64_t{20001});
    QVERIFY(finished.first().at(0).toString().contains(QStringLiteral("20,001")));
    for (int i = 0; i < 20000; i += 997) {
        const std::string key = "line " + std::to_string(i);
        QVERIFY(window.session()->filter()->mightContain(key));
        QCOMPARE(window.session()->truthOf(key), bloomlab::ui::Truth::Inserted);
    }
    QCOMPARE(window.session()->truthOf("last line without newline"), bloomlab::ui::Truth::Inserted);
    QCOMPARE(window.session()->truthOf("line 20000"), bloomlab::ui::Truth::Absent);
}

void TestUiFiles::missingKeyFileIsAnError() {
    // Every path that is not a readable regular file is refused before a job starts (a FIFO or
    // device would block the worker where Cancel cannot reach), with a message that names the
    // path, says what it is and what would work.
    const QString fifo = m_dir.filePath(QStringLiteral("keys.fifo"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString dangling = m_dir.filePath(QStringLiteral("dangling.txt"));
    QVERIFY(QFile::link(m_dir.filePath(QStringLiteral("gone.txt")), dangling));
    const QString folder = m_dir.filePath(QStringLiteral("a-folder"));
    QVERIFY(QDir().mkpath(folder));
    const struct {
        QString path;
        QString says;
    } cases[] = {
        {m_dir.filePath(QStringLiteral("no-such-file.txt")), QStringLiteral("does not exist")},
        {dangling, QStringLiteral("symbolic link to nothing")},
        {folder, QStringLiteral("is a folder, not a regular file")},
        {QStringLiteral("/dev/zero"), QStringLiteral("is a device, not a regular file")},
        {fifo, QStringLiteral("is a named pipe (FIFO), not a regular file")},
    };
    for (const auto& c : cases) {
        MainWindow window({false, false});
        QVERIFY2(!window.insertKeysFile(c.path), qPrintable(c.path));
        const QString error = window.lastError();
        QVERIFY2(error.contains(QDir::toNativeSeparators(c.path)) && error.contains(c.says) &&
                     error.contains(QStringLiteral("one key per line")),
                 qPrintable(error));
        QVERIFY(!window.session()->busy());
        QVERIFY(window.session()->filter() != nullptr);
    }
    if (::geteuid() != 0) {  // root reads every file
        const QString locked = m_dir.filePath(QStringLiteral("locked.txt"));
        QFile file(locked);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("a\n");
        file.close();
        QVERIFY(file.setPermissions(QFileDevice::WriteOwner));
        MainWindow window({false, false});
        QVERIFY(!window.insertKeysFile(locked));
        QVERIFY2(window.lastError().contains(QStringLiteral("no permission to read")), qPrintable(window.lastError()));
    }
}

void TestUiFiles::titleNamesTheFileOnceWithTheModifiedMark() {
    MainWindow window({false, false});
    QVERIFY(!window.filterModified());
    QCOMPARE(shownTitle(window), QStringLiteral("Untitled"));
    insertSome(window, "title-", 10);
    QVERIFY(window.filterModified());
    QCOMPARE(shownTitle(window), QStringLiteral("Untitled*"));

    const QString path = m_dir.filePath(QStringLiteral("titled.blf"));
    QVERIFY(window.saveFilterFile(path));
    QVERIFY(!window.filterModified());
    QCOMPARE(window.windowFilePath(), QFileInfo(path).absoluteFilePath());
    // The name once; the application's name is the platform's to add, not part of the title.
    QCOMPARE(shownTitle(window), QStringLiteral("titled.blf"));
    QVERIFY(!window.windowTitle().contains(QStringLiteral("BloomLab")));
    window.session()->insertKey("one more");
    QCOMPARE(shownTitle(window), QStringLiteral("titled.blf*"));

    QVERIFY(window.openFilterFile(m_valid));
    QVERIFY(!window.filterModified());
    QCOMPARE(shownTitle(window), QStringLiteral("valid.blf"));

    // New parameters build a new filter: it is not the file's any more.
    QSignalSpy reset(window.session(), &FilterSession::filterReset);
    bloomlab::FilterSpec spec = window.parameterPanel()->spec();
    spec.capacity = 3000;
    emit window.parameterPanel()->specChanged(spec);
    QVERIFY(reset.wait(5000));
    QVERIFY(window.windowFilePath().isEmpty());
    QVERIFY(!shownTitle(window).contains(QStringLiteral("valid.blf")));
    QVERIFY(shownTitle(window).startsWith(QStringLiteral("Untitled")));
}

void TestUiFiles::unsavedChangesAreAskedAboutBeforeTheyAreLost() {
    AnsweringWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // Nothing to lose: no question.
    QVERIFY(window.clearFilterAsking());
    QCOMPARE(window.asked, 0);

    insertSome(window, "unsaved-", 50);
    const auto items = window.session()->filter()->stats().items;
    window.answer = MainWindow::UnsavedChoice::Cancel;
    QVERIFY(!window.close());
    QVERIFY(window.isVisible());
    QVERIFY(!window.clearFilterAsking());
    QVERIFY(!window.openFilterFileAsking(m_valid));
    QCOMPARE(window.asked, 3);
    QCOMPARE(window.session()->filter()->stats().items, items);  // nothing was lost
    QVERIFY(window.session()->filter()->mightContain("unsaved-7"));

    window.answer = MainWindow::UnsavedChoice::Discard;
    QVERIFY(window.clearFilterAsking());
    QCOMPARE(window.asked, 4);
    QCOMPARE(window.session()->filter()->stats().items, std::uint64_t{0});
    QVERIFY(!window.filterModified());

    // Save: the changes go to the filter's file before it closes.
    const QString path = m_dir.filePath(QStringLiteral("asked.blf"));
    insertSome(window, "first-", 20);
    QVERIFY(window.saveFilterFile(path));
    insertSome(window, "second-", 30);
    QVERIFY(window.filterModified());
    window.answer = MainWindow::UnsavedChoice::Save;
    QVERIFY(window.close());
    QCOMPARE(window.asked, 5);
    MainWindow reopened({false, false});
    QVERIFY(reopened.openFilterFile(path));
    QCOMPARE(reopened.session()->filter()->stats().items, std::uint64_t{50});
    QVERIFY(reopened.session()->filter()->mightContain("second-29"));
}

void TestUiFiles::recentFilesNewestFirstAndMissingOnesDropped() {
    MainWindow window({false, false});
    QVERIFY(window.recentFiles().isEmpty());
    QStringList saved;
    for (int i = 0; i < MainWindow::kMaxRecentFiles + 2; ++i) {
        saved << QFileInfo(m_dir.filePath(QStringLiteral("recent%1.blf").arg(i))).absoluteFilePath();
        QVERIFY(window.saveFilterFile(saved.last()));
    }
    QCOMPARE(window.recentFiles().size(), MainWindow::kMaxRecentFiles);
    QCOMPARE(window.recentFiles().first(), saved.last());
    QVERIFY(!window.recentFiles().contains(saved.first()));  // the oldest fell off
    QVERIFY(window.openFilterFile(saved[4]));
    QCOMPARE(window.recentFiles().first(), saved[4]);  // opened again: newest again, listed once
    QCOMPARE(window.recentFiles().count(saved[4]), 1);
    // The menu lists them by name, newest first.
    QStringList menuTexts;
    for (QAction* action : window.recentFilesMenu()->actions())
        if (!action->isSeparator())
            menuTexts << action->text();
    QVERIFY2(menuTexts.first().contains(QStringLiteral("recent4.blf")), qPrintable(menuTexts.join(QLatin1Char('|'))));
    QCOMPARE(menuTexts.size(), MainWindow::kMaxRecentFiles + 1);  // + "Clear Recent Files"

    // A file that is gone: a message, and it leaves the list.
    const QString gone = saved.last();
    QVERIFY(QFile::remove(gone));
    QVERIFY(!window.openRecentFile(gone));
    QVERIFY2(window.lastError().contains(QStringLiteral("no longer exists")), qPrintable(window.lastError()));
    QVERIFY(!window.recentFiles().contains(gone));
    QCOMPARE(window.recentFiles().size(), MainWindow::kMaxRecentFiles - 1);
}

void TestUiFiles::shortcutsDialogListsEveryMenuKey() {
    MainWindow window({false, false});
    const QString html = window.shortcutsHtml();
    int withKeys = 0;
    std::function<void(QMenu*)> walk = [&](QMenu* menu) {
        for (QAction* action : menu->actions()) {
            if (action->menu()) {
                walk(action->menu());
            } else if (!action->shortcut().isEmpty()) {
                ++withKeys;
                const QString key = action->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped();
                QVERIFY2(html.contains(key), qPrintable(QStringLiteral("%1 (%2) missing").arg(action->text(), key)));
            }
        }
    };
    for (QAction* top : window.menuBar()->actions())
        if (top->menu())
            walk(top->menu());
    QVERIFY(withKeys >= 20);
    // Keys of buttons and views too.
    for (const char* key : {"Ctrl+Return", "Alt+Left", "Alt+Right", "Ctrl+1", "Ctrl+5", "F5", "F6", "Ctrl+P", "Ctrl+S", "Home"})
        QVERIFY2(html.contains(QKeySequence(QString::fromLatin1(key)).toString(QKeySequence::NativeText)), key);
}

void TestUiFiles::answerLineKeepsTwoLines() {
    MainWindow window({false, false});
    window.resize(1024, 640);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(20);
    const int bitsTop = window.bitView()->geometry().top();
    const int height = window.outcomeLabel()->height();
    // A key that is long enough for four lines of answer.
    QString key;
    for (int i = 0; i < 30; ++i)
        key += QStringLiteral("word%1 ").arg(i);
    window.insertKey(key);
    QTest::qWait(20);
    QVERIFY(window.outcomeText().contains(QStringLiteral("Inserted")));
    QCOMPARE(window.outcomeLabel()->height(), height);
    QCOMPARE(window.bitView()->geometry().top(), bitsTop);  // the bit array did not move
    QVERIFY(window.outcomeLabel()->text().contains(QStringLiteral("…")));
    QCOMPARE(window.outcomeLabel()->toolTip(), window.outcomeText());  // the whole answer is there
    // A short answer is shown as it is, without a tooltip.
    window.queryKey(QStringLiteral("b"));
    QVERIFY(window.outcomeLabel()->toolTip().isEmpty());
}

void TestUiFiles::keysInsertedFollowsAFill() {
    MainWindow window({false, false});
    bloomlab::FilterSpec spec;
    spec.capacity = 20000;
    spec.fpr = 0.01;
    QVERIFY(window.session()->setSpec(spec));
    auto* items = window.falsePositivePanel()->findChild<QLabel*>(QStringLiteral("fpItems"));
    QVERIFY(items);
    QStringList shownWhileBusy;
    connect(window.session(), &FilterSession::countersChanged, this, [&] {
        if (window.session()->busy())
            shownWhileBusy << items->text();
    });
    QSignalSpy finished(window.session(), &FilterSession::jobFinished);
    window.falsePositivePanel()->fillToTwiceN();
    QVERIFY(finished.wait(60000));
    QVERIFY2(shownWhileBusy.size() >= 8, qPrintable(shownWhileBusy.join(QLatin1Char('|'))));
    QVERIFY2(shownWhileBusy.last().contains(QStringLiteral("40,000")) || shownWhileBusy.last().contains(QStringLiteral("40000")),
             qPrintable(shownWhileBusy.last()));
    QVERIFY(shownWhileBusy.first() != shownWhileBusy.last());  // it moved during the fill
    // One progress bar: the panel has none of its own.
    QVERIFY(window.falsePositivePanel()->findChildren<QProgressBar*>().isEmpty());
}

void TestUiFiles::crlfKeyFileIsAskedAbout() {
    const QString crlf = m_dir.filePath(QStringLiteral("windows.txt"));
    QByteArray text;
    for (int i = 0; i < 500; ++i)
        text += "word " + QByteArray::number(i) + "\r\n";
    writeAll(crlf, text);
    const QString lf = m_dir.filePath(QStringLiteral("unix.txt"));
    writeAll(lf, QByteArray("alpha\nbeta\n"));

    {   // Strip: the file's keys are the typed keys.
        AnsweringWindow window;
        window.lineEnds = MainWindow::LineEndChoice::Strip;
        QSignalSpy finished(window.session(), &FilterSession::jobFinished);
        QVERIFY(window.insertKeysFile(crlf));
        QCOMPARE(window.askedLineEnds, 1);
        QCOMPARE(window.crlfLinesSeen, std::uint64_t{500});
        QVERIFY(finished.wait(30000));
        QCOMPARE(window.session()->filter()->stats().items, std::uint64_t{500});
        QCOMPARE(window.session()->truthOf("word 7"), bloomlab::ui::Truth::Inserted);
        QCOMPARE(window.session()->truthOf("word 7\r"), bloomlab::ui::Truth::Absent);
        window.findChild<QLineEdit*>(QStringLiteral("keyEdit"))->setText(QStringLiteral("word 7"));
        window.queryKey(QStringLiteral("word 7"));
        QVERIFY(window.session()->lastOutcome()->maybe);
        QVERIFY2(window.outcomeText().contains(QStringLiteral("word 7")), qPrintable(window.outcomeText()));
    }
    {   // Keep: the bytes as they are, the '\r' included.
        AnsweringWindow window;
        window.lineEnds = MainWindow::LineEndChoice::Keep;
        QSignalSpy finished(window.session(), &FilterSession::jobFinished);
        QVERIFY(window.insertKeysFile(crlf));
        QVERIFY(finished.wait(30000));
        QCOMPARE(window.session()->truthOf("word 7\r"), bloomlab::ui::Truth::Inserted);
        QCOMPARE(window.session()->truthOf("word 7"), bloomlab::ui::Truth::Absent);
    }
    {   // Cancel: nothing is inserted; a file with plain line ends is not asked about.
        AnsweringWindow window;
        window.lineEnds = MainWindow::LineEndChoice::Cancel;
        QVERIFY(!window.insertKeysFile(crlf));
        QVERIFY(!window.session()->busy());
        QCOMPARE(window.session()->filter()->stats().items, std::uint64_t{0});
        QSignalSpy finished(window.session(), &FilterSession::jobFinished);
        QVERIFY(window.insertKeysFile(lf));
        QCOMPARE(window.askedLineEnds, 1);
        QVERIFY(finished.wait(30000));
        QCOMPARE(window.session()->truthOf("beta"), bloomlab::ui::Truth::Inserted);
    }
    QCOMPARE(FilterSession::crlfLineCount(lf), std::uint64_t{0});
    QCOMPARE(FilterSession::crlfLineCount(m_dir.filePath(QStringLiteral("no-such-file.txt"))), std::uint64_t{0});
}

void TestUiFiles::keyFieldShowsEdgeSpaces() {
    MainWindow window({false, false});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* edit = window.findChild<QLineEdit*>(QStringLiteral("keyEdit"));
    QVERIFY(edit);
    QAction* marker = bloomlab::ui::edgeSpacesMarker(edit);
    QVERIFY(marker);
    QVERIFY(!marker->isVisible());
    edit->setFocus();
    QTest::keyClicks(edit, QStringLiteral(" apple  "));
    QCOMPARE(edit->text(), QStringLiteral(" apple  "));
    QVERIFY(marker->isVisible());
    QVERIFY2(marker->toolTip().contains(QStringLiteral("1 leading space and 2 trailing spaces")), qPrintable(marker->toolTip()));
    QVERIFY2(marker->toolTip().contains(QStringLiteral("part of the key")), qPrintable(marker->toolTip()));
    QTest::keyClick(edit, Qt::Key_Return);  // inserts the text as it is
    QCOMPARE(window.session()->truthOf(" apple  "), bloomlab::ui::Truth::Inserted);
    QCOMPARE(window.session()->truthOf("apple"), bloomlab::ui::Truth::Absent);
    // The answer line shows the key's edge spaces, quoted and as visible signs, says how many and
    // explains them in its tooltip; the same word without them reads differently.
    QVERIFY2(window.outcomeText().contains(QStringLiteral("“<span style='background:#ffe0b2;color:#8a4b00'>·</span>apple"
                                                          "<span style='background:#ffe0b2;color:#8a4b00'>··</span>”")),
             qPrintable(window.outcomeText()));
    QVERIFY2(window.outcomeText().contains(QStringLiteral("(1 leading space and 2 trailing spaces)")), qPrintable(window.outcomeText()));
    QVERIFY2(window.outcomeLabel()->toolTip().contains(QStringLiteral("part of the key")), qPrintable(window.outcomeLabel()->toolTip()));
    edit->setText(QStringLiteral(" banana"));
    window.queryKey(edit->text());
    QVERIFY2(window.outcomeText().contains(QStringLiteral("·</span>banana”")), qPrintable(window.outcomeText()));
    QVERIFY2(window.outcomeText().contains(QStringLiteral("definitely not")), qPrintable(window.outcomeText()));
    QVERIFY2(window.outcomeLabel()->toolTip().contains(QStringLiteral("“·banana” has 1 leading space")),
             qPrintable(window.outcomeLabel()->toolTip()));
    window.session()->queryKey("banana");
    QVERIFY2(window.outcomeText().contains(QStringLiteral("“banana”")), qPrintable(window.outcomeText()));
    QVERIFY(!window.outcomeText().contains(QStringLiteral("·")));
    QVERIFY(window.outcomeLabel()->toolTip().isEmpty());
    // Plain text (the status bar) and a tab.
    QCOMPARE(bloomlab::ui::keyPlain(QStringLiteral("\tx ")), QStringLiteral("“→x·” (1 leading space and 1 trailing space)"));
    QCOMPARE(bloomlab::ui::keyPlain(QStringLiteral("x")), QStringLiteral("“x”"));
    QCOMPARE(bloomlab::ui::keyHtml(QStringLiteral("a<b")), QStringLiteral("“a&lt;b”"));
    edit->setText(QStringLiteral("apple"));
    QVERIFY(!marker->isVisible());
    QCOMPARE(bloomlab::ui::edgeSpacesText(QStringLiteral("\tx ")), QStringLiteral("1 leading space and 1 trailing space"));
    QCOMPARE(bloomlab::ui::edgeSpacesText(QStringLiteral("   ")), QStringLiteral("3 leading spaces"));
    QVERIFY(bloomlab::ui::edgeSpacesText(QStringLiteral("a b")).isEmpty());
    // Teaching mode trims its words, and its field says so.
    auto* word = window.findChild<QLineEdit*>(QStringLiteral("teachingWord"));
    QVERIFY(word);
    word->setText(QStringLiteral("pear "));
    QVERIFY(bloomlab::ui::edgeSpacesMarker(word)->isVisible());
    QVERIFY2(bloomlab::ui::edgeSpacesMarker(word)->toolTip().contains(QStringLiteral("ignored here")),
             qPrintable(bloomlab::ui::edgeSpacesMarker(word)->toolTip()));
}

QTEST_MAIN(TestUiFiles)
#include "tst_ui_files.moc"
