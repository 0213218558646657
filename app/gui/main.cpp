// bloomlab — the desktop explorer. All widgets live in bloomlab::ui; this file only parses the
// command line:
//   bloomlab [FILTER_FILE]                       open a saved filter (or a Parquet file's chooser)
//   bloomlab --chunk ROWGROUP:COLUMN FILE.parquet    open that column chunk's bloom filter
//   bloomlab --demo [--screenshot FILE.png] [--size WxH] [--tab NAME]
//       runs a scripted session (insert words, query, fill past n, teaching steps, comparison,
//       a short sweep on a cheap backend), saves a screenshot of the whole window and exits.
//   --teaching SCENE[:STEP] shows a teaching walk-through step (add, no-delete, cuckoo-kick,
//       cuckoo-done, cuckoo-loop) before the screenshot.
// The language: the one chosen in View > Language (saved in the settings), else the system
// locale's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG); scripted runs always follow the system locale.
#include "bloomlab_git_revision.h"
#include "ui/application_identity.h"
#include "ui/main_window.h"
#include "ui/sample_keys.h"
#include "ui/teaching_panel.h"
#include "ui/translations.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSettings>
#include <QTimer>

#include <cstdio>

int main(int argc, char* argv[]) {
    QApplication app(argc, argv);
    bloomlab::ui::setApplicationIdentity();
    // --version: the release and the git revision the build was made from.
    QApplication::setApplicationVersion(QStringLiteral(BLOOMLAB_VERSION_STRING " (git " BLOOMLAB_GIT_REVISION ")"));
    bloomlab::ui::initResources();
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/bloomlab.svg")));
    // The language of the system locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) for --help and
    // errors; the window then uses the one chosen in View > Language, if any.
    bloomlab::ui::setUiLanguage(QString());

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "BloomLab: explore, benchmark and teach Bloom, cuckoo and related filters."));
    parser.addHelpOption();
    parser.addVersionOption();
    auto option = [](const char* name, const char* description, const char* valueName = nullptr,
                     const char* defaultValue = nullptr) {
        return QCommandLineOption(QString::fromLatin1(name), QApplication::translate("main", description),
                                  valueName ? QString::fromLatin1(valueName) : QString(),
                                  defaultValue ? QString::fromLatin1(defaultValue) : QString());
    };
    const QCommandLineOption demo = option("demo", QT_TRANSLATE_NOOP("main", "Run the scripted demo session."));
    const QCommandLineOption screenshot =
        option("screenshot",
               QT_TRANSLATE_NOOP("main", "Save a PNG of the whole window when the demo (or start-up) is done, then exit."),
               "FILE.png");
    const QCommandLineOption size =
        option("size", QT_TRANSLATE_NOOP("main", "Window size for the screenshot, e.g. 1920x1080 (default 1280x800)."),
               "WxH");
    const QCommandLineOption tab =
        option("tab", QT_TRANSLATE_NOOP("main", "Tab to show: explorer, benchmark, teaching, calculator or compare."),
               "NAME");
    const QCommandLineOption filterType =
        option("filter",
               QT_TRANSLATE_NOOP("main", "Filter type of the demo's explorer: classic, blocked, counting, scalable or cuckoo."),
               "TYPE", "classic");
    const QCommandLineOption teaching =
        option("teaching",
               QT_TRANSLATE_NOOP("main", "Teaching step to show before the screenshot: add, no-delete, cuckoo-kick, "
                                         "cuckoo-done or cuckoo-loop, optionally :STEP (1-based)."),
               "scene");
    const QCommandLineOption chunk =
        option("chunk", QT_TRANSLATE_NOOP("main", "With a Parquet file: open this row group's column filter, e.g. 0:name."),
               "ROWGROUP:COLUMN");
    parser.addOptions({demo, screenshot, size, tab, filterType, teaching, chunk});
    parser.addPositionalArgument(QStringLiteral("filter"),
                                 QApplication::translate("main", "A saved filter to open."), QStringLiteral("[FILTER]"));
    parser.process(app);

    const bool scripted = parser.isSet(demo) || parser.isSet(screenshot);
    if (!scripted) {  // screenshots follow the system locale (LANG=ja_JP.UTF-8 bloomlab --demo ...)
        const QString chosen = QSettings().value(QString::fromLatin1(bloomlab::ui::kLanguageSettingKey)).toString();
        if (!chosen.isEmpty())
            bloomlab::ui::setUiLanguage(chosen);
    }
    bloomlab::ui::MainWindow::Options options;
    options.useSettings = !scripted;  // screenshots must not depend on (or change) the user's settings
    bloomlab::ui::MainWindow window(options);

    if (parser.isSet(size)) {
        const QRegularExpressionMatch match =
            QRegularExpression(QStringLiteral("^(\\d{3,5})x(\\d{3,5})$")).match(parser.value(size));
        if (!match.hasMatch()) {
            std::fprintf(stderr, "bloomlab: --size must look like 1280x800; got '%s'\n", qPrintable(parser.value(size)));
            return 2;
        }
        window.resize(match.captured(1).toInt(), match.captured(2).toInt());
    } else if (scripted) {
        window.resize(1280, 800);
    }
    bloomlab::ui::MainWindow::Tab startTab = bloomlab::ui::MainWindow::Tab::Explorer;
    if (parser.isSet(tab) && !bloomlab::ui::MainWindow::parseTab(parser.value(tab), startTab)) {
        std::fprintf(stderr, "bloomlab: unknown --tab '%s' (explorer, benchmark, teaching, calculator, compare)\n",
                     qPrintable(parser.value(tab)));
        return 2;
    }
    const auto demoType = bloomlab::parseFilterType(parser.value(filterType).toStdString());
    if (!demoType) {
        std::fprintf(stderr, "bloomlab: unknown --filter '%s' (classic, blocked, counting, scalable, cuckoo)\n",
                     qPrintable(parser.value(filterType)));
        return 2;
    }
    window.show();
    if (!parser.positionalArguments().isEmpty() && parser.isSet(chunk))
        window.openParquetChunk(parser.positionalArguments().constFirst(), parser.value(chunk));
    else if (!parser.positionalArguments().isEmpty())
        window.openFilterFile(parser.positionalArguments().constFirst());
    if (parser.isSet(tab))
        window.setCurrentTab(startTab);

    const QString shotPath = parser.value(screenshot);
    int exitCode = 0;
    auto takeShot = [&window, &exitCode, shotPath, startTab, tabGiven = parser.isSet(tab), scene = parser.value(teaching)] {
        if (tabGiven)
            window.setCurrentTab(startTab);
        if (!scene.isEmpty() && !window.teachingPanel()->showScene(scene)) {
            std::fprintf(stderr, "bloomlab: unknown --teaching scene '%s' (add, no-delete, cuckoo-kick, cuckoo-done, cuckoo-loop)\n",
                         qPrintable(scene));
            exitCode = 2;
        }
        // Let the tab lay out and paint before grabbing.
        QTimer::singleShot(400, &window, [&window, &exitCode, shotPath] {
            if (!shotPath.isEmpty()) {
                QWidget* dialog = QApplication::activeModalWidget();  // e.g. the Parquet chooser
                const QPixmap pixmap = dialog ? dialog->grab() : window.grab();
                if (pixmap.isNull() || !pixmap.save(shotPath, "PNG")) {
                    std::fprintf(stderr, "bloomlab: cannot write screenshot %s\n", qPrintable(shotPath));
                    exitCode = 1;
                } else {
                    std::printf("saved %s (%dx%d)\n", qPrintable(QDir::toNativeSeparators(shotPath)), pixmap.width(),
                                pixmap.height());
                }
            }
            QApplication::exit(exitCode);
        });
    };
    if (parser.isSet(demo)) {
        QTimer::singleShot(0, &window, [&window, takeShot, shot = parser.isSet(screenshot), type = *demoType] {
            window.runDemo(shot ? std::function<void()>(takeShot) : std::function<void()>(), 90000, type);
        });
    } else if (parser.isSet(screenshot)) {
        QTimer::singleShot(0, &window, takeShot);
    }
    const int rc = QApplication::exec();
    return exitCode ? exitCode : rc;
}
