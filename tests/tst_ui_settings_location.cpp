// Settings location: the desktop app keeps its settings in the XDG config dir,
// $XDG_CONFIG_HOME/BloomLab/bloomlab.conf (~/.config/BloomLab/bloomlab.conf when it is unset),
// under the names app/gui/main.cpp runs with (ui/application_identity.h). A window that closes
// writes its settings there and nowhere under $HOME, and the next window reads them back. The
// first window (and one whose saved geometry came from a bigger screen) fits the screen.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "ui/application_identity.h"
#include "ui/main_window.h"
#endif

#include <QApplication>
#include <QScreen>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>

#include <memory>

using bloomlab::ui::MainWindow;

namespace {

// Made before the QApplication: Qt reads XDG_CONFIG_HOME when the first QSettings is made.
struct TestDirs {
    QTemporaryDir config;
    QTemporaryDir home;
};
TestDirs* g_dirs = nullptr;

QString expectedSettingsFile() {
    return QDir(g_dirs->config.path()).filePath(QStringLiteral("BloomLab/bloomlab.conf"));
}

} // namespace

class TestSettingsLocation : public QObject {
    Q_OBJECT

private slots:
    void settingsFileIsInTheXdgConfigDir() {
        QCOMPARE(QSettings().fileName(), expectedSettingsFile());
    }

    void theFirstWindowFitsTheScreen() {
        // No settings yet: the default 1280 x 800 would not fit the offscreen screen (800 x 600),
        // nor a 1024 x 640 laptop; the window takes what the screen has.
        QVERIFY(!QFileInfo::exists(expectedSettingsFile()));
        QScreen* screen = QGuiApplication::primaryScreen();
        QVERIFY(screen);
        const QRect available = screen->availableGeometry();
        QVERIFY2(available.width() < 1280 || available.height() < 800, "the test needs a screen smaller than 1280 x 800");
        {
            MainWindow window;
            QVERIFY2(window.width() <= available.width() && window.height() <= available.height(),
                     qPrintable(QStringLiteral("%1 x %2 on a %3 x %4 screen")
                                    .arg(window.width())
                                    .arg(window.height())
                                    .arg(available.width())
                                    .arg(available.height())));
        }
        // A geometry saved on a bigger screen is brought onto this one too.
        {
            MainWindow::Options options;
            options.useSettings = false;
            MainWindow big(options);
            big.resize(1900, 1200);
            big.move(300, 200);
            QSettings().setValue(QStringLiteral("window/geometry"), big.saveGeometry());
        }
        {
            MainWindow window;
            QVERIFY(window.width() <= available.width() && window.height() <= available.height());
            QVERIFY2(available.contains(window.geometry()), qPrintable(QStringLiteral("at %1, %2").arg(window.x()).arg(window.y())));
        }
        QSettings().remove(QStringLiteral("window/geometry"));
        QSettings().sync();
        QFile::remove(expectedSettingsFile());
    }

    void closingTheWindowWritesThereAndTheNextWindowReadsIt() {
        QVERIFY(!QFileInfo::exists(expectedSettingsFile()));
        int savedTab = -1;
        {
            MainWindow window;  // default options: settings on, as the app starts
            window.show();
            window.setCurrentTab(MainWindow::Tab::Teaching);
            savedTab = window.tabs()->currentIndex();
            QVERIFY(savedTab > 0);  // not the default tab, so reading it back means something
            QVERIFY(window.close());
        }
        QVERIFY2(QFileInfo::exists(expectedSettingsFile()), qPrintable(expectedSettingsFile()));
        const QSettings written(expectedSettingsFile(), QSettings::NativeFormat);
        QCOMPARE(written.value(QStringLiteral("window/tab")).toInt(), savedTab);
        QVERIFY2(!QFileInfo::exists(QDir(g_dirs->home.path()).filePath(QStringLiteral(".config/BloomLab"))),
                 "settings went to $HOME/.config although XDG_CONFIG_HOME is set");

        MainWindow next;
        QCOMPARE(next.tabs()->currentIndex(), savedTab);
    }

    void theDemoNeitherReadsNorWritesThem() {
        QSettings(expectedSettingsFile(), QSettings::NativeFormat).setValue(QStringLiteral("window/tab"), 1);
        MainWindow::Options options;
        options.useSettings = false;
        {
            MainWindow window(options);
            QCOMPARE(window.tabs()->currentIndex(), 0);
            window.show();
            window.setCurrentTab(MainWindow::Tab::Compare);
            QVERIFY(window.close());
        }
        QCOMPARE(QSettings(expectedSettingsFile(), QSettings::NativeFormat).value(QStringLiteral("window/tab")).toInt(), 1);
    }
};

int main(int argc, char* argv[]) {
    auto dirs = std::make_unique<TestDirs>();
    if (!dirs->config.isValid() || !dirs->home.isValid())
        return 1;
    g_dirs = dirs.get();
    qputenv("XDG_CONFIG_HOME", dirs->config.path().toLocal8Bit());
    qputenv("HOME", dirs->home.path().toLocal8Bit());
    QApplication app(argc, argv);
    bloomlab::ui::setApplicationIdentity();
    TestSettingsLocation test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_ui_settings_location.moc"
