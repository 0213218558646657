// Translations: what lupdate extracts is what the program asks for, and each language's file is
// usable.
//   - every text the running UI translates (the main window with every tab, the scripted demo,
//     every teaching scene, the glossary, the answer line, the key field's tips, shortcuts) is in
//     the .ts files under the context the code asks QCoreApplication::translate for: a text filed
//     under another context is a translation the program never shows;
//   - the .ts files list the same texts (each language is extracted from the same code), and the
//     English one has both plural forms of every "%n ..." text;
//   - finished vs unfinished translations per language, against kRequiredFinishedPercent (see
//     there: reported now, enforced once the translations are in);
//   - every %1..%99 and %n of a source text is in its translation and no other one appears
//     (a lost %2 drops a number from the sentence, an extra one takes the next argument's place);
//   - every language's .qm is embedded and loads (QTranslator::load, with its language);
//   - setUiLanguage follows the system locale, honours a choice and falls back to English;
//   - in every language the main window fits a 1024 x 640 screen on every tab;
//   - View > Language lists System and every language by its own name, says when a change takes
//     effect, saves the choice and refuses a code the app has no translation for.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "ui/false_positive_panel.h"
#include "ui/glossary.h"
#include "ui/key_edit.h"
#include "ui/language_menu.h"
#include "ui/main_window.h"
#include "ui/outcome_html.h"
#include "ui/teaching_panel.h"
#include "ui/translations.h"
#include "ui_locales.h"
#endif

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTranslator>
#include <QXmlStreamReader>

#include <map>
#include <set>
#include <tuple>

namespace {

/// The share of finished translations (percent of the texts, vanished ones not counted) each
/// language must reach: the one number to change.
constexpr double kRequiredFinishedPercent = 95.0;

/// The languages with a translation file besides English: every translations/bloomlab_<code>.ts
/// but the English plural forms, sorted (a new language's file is checked without listing it here).
QStringList translatedLanguages() {
    QStringList codes;
    const QStringList files = QDir(QStringLiteral(BLOOMLAB_SOURCE_DIR "/translations"))
                                  .entryList({QStringLiteral("bloomlab_*.ts")}, QDir::Files, QDir::Name);
    for (const QString& file : files)
        if (file != QLatin1String("bloomlab_en.ts"))
            codes << file.mid(9, file.size() - 9 - 3);
    return codes;
}
const QStringList kLanguages = translatedLanguages();

struct TsMessage {
    QString context;
    QString source;
    QString comment;  ///< the disambiguation
    bool numerus = false;
    QString type;  ///< "", "unfinished", "vanished" or "obsolete"
    QStringList translations;  ///< one, or one per plural form
};

struct TsFile {
    QString language;
    QString sourceLanguage;
    std::vector<TsMessage> messages;  ///< without vanished / obsolete ones
};

using MessageKey = std::tuple<QString, QString, QString>;  // context, source, disambiguation

QString tsPath(const QString& language) {
    return QStringLiteral(BLOOMLAB_SOURCE_DIR "/translations/bloomlab_%1.ts").arg(language);
}

/// Reads a .ts file; fails the test (and returns false) when it is missing or not well formed.
bool readTs(const QString& path, TsFile& out) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        qWarning("cannot open %s: %s", qPrintable(path), qPrintable(file.errorString()));
        return false;
    }
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage message;
    bool inMessage = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("TS")) {
                out.language = xml.attributes().value(QLatin1String("language")).toString();
                out.sourceLanguage = xml.attributes().value(QLatin1String("sourcelanguage")).toString();
            } else if (name == QLatin1String("name") && !inMessage) {
                context = xml.readElementText();
            } else if (name == QLatin1String("message")) {
                message = TsMessage{};
                message.context = context;
                message.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
                inMessage = true;
            } else if (inMessage && name == QLatin1String("source")) {
                message.source = xml.readElementText();
            } else if (inMessage && name == QLatin1String("comment")) {
                message.comment = xml.readElementText();
            } else if (inMessage && name == QLatin1String("translation")) {
                message.type = xml.attributes().value(QLatin1String("type")).toString();
                if (!message.numerus)
                    message.translations << xml.readElementText();
            } else if (inMessage && name == QLatin1String("numerusform")) {
                message.translations << xml.readElementText();
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            inMessage = false;
            if (message.type != QLatin1String("vanished") && message.type != QLatin1String("obsolete"))
                out.messages.push_back(message);
        }
    }
    if (xml.hasError()) {
        qWarning("%s: line %lld: %s", qPrintable(path), xml.lineNumber(), qPrintable(xml.errorString()));
        return false;
    }
    return true;
}

bool isFinished(const TsMessage& m) {
    if (m.type == QLatin1String("unfinished") || m.translations.isEmpty())
        return false;
    return std::none_of(m.translations.begin(), m.translations.end(), [](const QString& t) { return t.isEmpty(); });
}

/// The placeholders of a text: "%1".."%99" and "%n" (and "%L1", which arg() also fills), sorted.
QStringList placeholders(const QString& text) {
    static const QRegularExpression pattern(QStringLiteral("%L?(\\d{1,2}|n)"));
    QStringList found;
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        found << it.next().captured(0).remove(QLatin1Char('L'));
    found.sort();
    found.removeDuplicates();
    return found;
}

/// What is wrong with the placeholders of a message's translations, one line per form; empty when
/// each translated form has exactly the source's placeholders (forms not translated yet show the
/// English text and are skipped).
QStringList placeholderProblems(const TsMessage& m) {
    QStringList problems;
    const QStringList expected = placeholders(m.source);
    for (const QString& translation : m.translations) {
        if (translation.isEmpty())
            continue;
        const QStringList got = placeholders(translation);
        if (got != expected)
            problems << QStringLiteral("[%1] \"%2\": source has %3, translation \"%4\" has %5")
                            .arg(m.context, m.source.left(60), expected.join(QLatin1Char(' ')), translation.left(60),
                                 got.join(QLatin1Char(' ')));
    }
    return problems;
}

/// Records every text the program asks to translate, and translates none of them.
class RecordingTranslator : public QTranslator {
public:
    bool isEmpty() const override { return false; }
    QString translate(const char* context, const char* sourceText, const char* disambiguation, int) const override {
        m_asked.insert({QString::fromUtf8(context), QString::fromUtf8(sourceText),
                        disambiguation ? QString::fromUtf8(disambiguation) : QString()});
        return {};
    }
    const std::set<MessageKey>& asked() const { return m_asked; }

private:
    mutable std::set<MessageKey> m_asked;
};

} // namespace

class TestUiTranslations : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void everyTextTheUiAsksForIsExtractedUnderItsContext();
    void languageFilesListTheSameTexts();
    void englishHasEveryPluralForm();
    void finishedShare_data();
    void finishedShare();
    void placeholdersSurviveTranslation_data();
    void placeholdersSurviveTranslation();
    void placeholderCheckCatchesMismatches();
    void embeddedTranslationsLoad_data();
    void embeddedTranslationsLoad();
    void languageFollowsTheSystemOrTheChoice();
    void languageMenuSavesTheChoiceForTheNextStart();
    void windowFitsASmallScreen_data();
    void windowFitsASmallScreen();

private:
    std::map<QString, TsFile> m_ts;
};

void TestUiTranslations::initTestCase() {
    // The menu's saved choice goes to a test settings file, not the user's.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("BloomLabTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_ui_translations"));
    QSettings().remove(QString::fromLatin1(bloomlab::ui::kLanguageSettingKey));
    for (const QString& language : QStringList{QStringLiteral("en")} + kLanguages) {
        TsFile ts;
        QVERIFY2(readTs(tsPath(language), ts), qPrintable(tsPath(language)));
        QCOMPARE(ts.language, language);
        QCOMPARE(ts.sourceLanguage, QStringLiteral("en"));
        m_ts[language] = ts;
    }
    for (const char* language : {"ru", "ja", "hi"})
        QVERIFY2(kLanguages.contains(QLatin1String(language)), language);
    QVERIFY2(m_ts["ru"].messages.size() > 500, "the GUI has hundreds of texts; the extraction found too few");
}

void TestUiTranslations::cleanup() { bloomlab::ui::setUiLanguage(QStringLiteral("en")); }

void TestUiTranslations::everyTextTheUiAsksForIsExtractedUnderItsContext() {
    std::set<MessageKey> extracted;
    for (const TsMessage& m : m_ts["ru"].messages)
        extracted.insert({m.context, m.source, m.comment});

    RecordingTranslator recorder;
    QVERIFY(QCoreApplication::installTranslator(&recorder));
    {
        using bloomlab::ui::MainWindow;
        MainWindow window({false, false});
        window.resize(1280, 800);
        window.show();
        for (MainWindow::Tab tab : {MainWindow::Tab::Explorer, MainWindow::Tab::Benchmark, MainWindow::Tab::Teaching,
                                    MainWindow::Tab::Calculator, MainWindow::Tab::Compare}) {
            window.setCurrentTab(tab);
            QCoreApplication::processEvents();
        }
        bool demoDone = false;
        window.runDemo([&demoDone] { demoDone = true; }, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(demoDone, 90000);
        for (const char* scene : {"add", "no-delete", "cuckoo-kick", "cuckoo-done", "cuckoo-loop"})
            QVERIFY2(window.teachingPanel()->showScene(QString::fromLatin1(scene)), scene);
        QVERIFY(!window.shortcutsHtml().isEmpty());
        // Exports: the report (charts as PNG) and a chart as SVG, and one to an unknown type.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY2(window.exportReport(dir.filePath(QStringLiteral("report.md"))), qPrintable(window.lastError()));
        QVERIFY2(window.exportChart(MainWindow::Tab::Benchmark, dir.filePath(QStringLiteral("chart.svg"))),
                 qPrintable(window.lastError()));
        QVERIFY(!window.exportChart(MainWindow::Tab::Benchmark, dir.filePath(QStringLiteral("chart.bmp"))));
        QVERIFY(!bloomlab::ui::glossary::html().isEmpty());
        QVERIFY(!bloomlab::ui::noOutcomeHtml().isEmpty());
        QVERIFY(!bloomlab::ui::edgeSpacesText(QStringLiteral(" x  ")).isEmpty());
    }
    QCoreApplication::removeTranslator(&recorder);

    QStringList missing;
    std::set<QString> contexts;
    for (const auto& [context, source, disambiguation] : recorder.asked()) {
        if (!context.startsWith(QLatin1String("bloomlab::")))
            continue;  // Qt's own texts (QDialogButtonBox, ...): qtbase's translations
        contexts.insert(context);
        if (!extracted.count({context, source, disambiguation}))
            missing << QStringLiteral("[%1] %2").arg(context, source.left(80));
    }
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("asked for at run time but not in the .ts files under that "
                                                          "context (%1):\n")
                                               .arg(missing.size()) +
                                           missing.join(QLatin1Char('\n'))));
    // The run reached the texts of the classes and of the free functions with their own context.
    for (const char* context : {"bloomlab::ui::MainWindow", "bloomlab::ui::TeachingLessons", "bloomlab::ui::TeachingPanel",
                                "bloomlab::ui::Glossary", "bloomlab::ui::KeyEdit", "bloomlab::ui::FilterProbe",
                                "bloomlab::ui::DerivedSizing", "bloomlab::ui::ParameterPanel", "bloomlab::ui::CompareView",
                                "bloomlab::ui::BitArrayView", "bloomlab::ui::ChartExport"})
        QVERIFY2(contexts.count(QString::fromLatin1(context)), context);
}

void TestUiTranslations::languageFilesListTheSameTexts() {
    auto keys = [](const TsFile& ts) {
        std::set<MessageKey> out;
        for (const TsMessage& m : ts.messages)
            out.insert({m.context, m.source, m.comment});
        return out;
    };
    const std::set<MessageKey> reference = keys(m_ts["ru"]);
    for (const QString& language : kLanguages) {
        const std::set<MessageKey> other = keys(m_ts[language]);
        QStringList differ;
        for (const MessageKey& k : reference)
            if (!other.count(k))
                differ << QStringLiteral("missing in %1: %2").arg(language, std::get<1>(k).left(80));
        for (const MessageKey& k : other)
            if (!reference.count(k))
                differ << QStringLiteral("only in %1: %2").arg(language, std::get<1>(k).left(80));
        QVERIFY2(differ.isEmpty(), qPrintable(differ.join(QLatin1Char('\n')) +
                                              QStringLiteral("\n(run scripts/update-translations.sh)")));
    }
    // English lists exactly the plural texts.
    std::set<MessageKey> plural;
    for (const TsMessage& m : m_ts["ru"].messages)
        if (m.numerus)
            plural.insert({m.context, m.source, m.comment});
    QVERIFY(!plural.empty());
    QVERIFY2(keys(m_ts["en"]) == plural, "translations/bloomlab_en.ts is not up to date: run scripts/update-translations.sh en");
}

void TestUiTranslations::englishHasEveryPluralForm() {
    for (const TsMessage& m : m_ts["en"].messages) {
        QVERIFY2(m.numerus, qPrintable(m.source));
        QVERIFY2(isFinished(m), qPrintable(QStringLiteral("English plural forms missing for \"%1\"").arg(m.source)));
        QCOMPARE(m.translations.size(), 2);  // one, other
        QVERIFY2(m.translations[0] != m.translations[1], qPrintable(m.source));
    }
}

void TestUiTranslations::finishedShare_data() {
    QTest::addColumn<QString>("language");
    for (const QString& language : kLanguages)
        QTest::newRow(qPrintable(language)) << language;
}

void TestUiTranslations::finishedShare() {
    QFETCH(QString, language);
    const TsFile& ts = m_ts[language];
    QVERIFY(!ts.messages.empty());
    const auto finished = std::count_if(ts.messages.begin(), ts.messages.end(), isFinished);
    const double percent = 100.0 * static_cast<double>(finished) / static_cast<double>(ts.messages.size());
    const QString report = QStringLiteral("%1: %2 of %3 texts finished (%4 %), %5 unfinished; required %6 %")
                               .arg(language)
                               .arg(finished)
                               .arg(ts.messages.size())
                               .arg(percent, 0, 'f', 1)
                               .arg(static_cast<qsizetype>(ts.messages.size()) - finished)
                               .arg(kRequiredFinishedPercent, 0, 'f', 0);
    qInfo("%s", qPrintable(report));
    QVERIFY2(percent >= kRequiredFinishedPercent, qPrintable(report));
}

void TestUiTranslations::placeholdersSurviveTranslation_data() { finishedShare_data(); }

void TestUiTranslations::placeholdersSurviveTranslation() {
    QFETCH(QString, language);
    QStringList wrong;
    std::size_t checked = 0;
    for (const TsMessage& m : m_ts[language].messages) {
        checked += static_cast<std::size_t>(std::count_if(m.translations.begin(), m.translations.end(),
                                                          [](const QString& t) { return !t.isEmpty(); }));
        wrong << placeholderProblems(m);
    }
    qInfo("%s: %zu translated texts checked", qPrintable(language), checked);
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QLatin1Char('\n'))));
}

void TestUiTranslations::placeholderCheckCatchesMismatches() {
    auto message = [](const char* source, QStringList translations, bool numerus = false) {
        TsMessage m;
        m.context = QStringLiteral("ctx");
        m.source = QString::fromUtf8(source);
        m.numerus = numerus;
        m.translations = std::move(translations);
        return m;
    };
    // Order may change, a placeholder may repeat, %L1 counts as %1; untranslated forms are skipped.
    QVERIFY(placeholderProblems(message("%1 of %2", {QStringLiteral("%2 中 %1")})).isEmpty());
    QVERIFY(placeholderProblems(message("%1 and %1", {QStringLiteral("%L1")})).isEmpty());
    QVERIFY(placeholderProblems(message("%n bit(s)", {QStringLiteral("%n бит"), QString(), QStringLiteral("%n битов")}, true))
                .isEmpty());
    // A lost or an extra number, and a plural form without its count.
    QCOMPARE(placeholderProblems(message("%1 of %2", {QStringLiteral("%1")})).size(), 1);
    QCOMPARE(placeholderProblems(message("%1 of %2", {QStringLiteral("%1 %2 %3")})).size(), 1);
    QCOMPARE(placeholderProblems(message("%n bit(s)", {QStringLiteral("один бит"), QStringLiteral("%n бита")}, true)).size(), 1);
    QCOMPARE(placeholders(QStringLiteral("95% CI, %1 %, %n")), (QStringList{QStringLiteral("%1"), QStringLiteral("%n")}));
}

void TestUiTranslations::embeddedTranslationsLoad_data() {
    QTest::addColumn<QString>("language");
    for (const QString& language : QStringList{QStringLiteral("en")} + kLanguages)
        QTest::newRow(qPrintable(language)) << language;
}

void TestUiTranslations::embeddedTranslationsLoad() {
    QFETCH(QString, language);
    QVERIFY2(QFile::exists(QStringLiteral(":/i18n/bloomlab_%1.qm").arg(language)), "the .qm is not embedded");
    QTranslator translator;
    QVERIFY(translator.load(QStringLiteral("bloomlab_") + language, QStringLiteral(":/i18n")));
    QCOMPARE(translator.language(), language);
    QVERIFY(bloomlab::ui::uiLanguages().contains(language));
    // Every finished translation of the .ts is in the .qm (lrelease ran on the current file).
    for (const TsMessage& m : m_ts[language].messages) {
        if (!isFinished(m))
            continue;
        const QByteArray context = m.context.toUtf8(), source = m.source.toUtf8(), comment = m.comment.toUtf8();
        const QString got = translator.translate(context.constData(), source.constData(),
                                                 m.comment.isEmpty() ? nullptr : comment.constData(), m.numerus ? 1 : -1);
        QVERIFY2(!got.isEmpty(), qPrintable(QStringLiteral("[%1] %2 not in the .qm").arg(m.context, m.source)));
    }
}

void TestUiTranslations::languageFollowsTheSystemOrTheChoice() {
    using namespace bloomlab::ui;
    // The embedded translations are the source tree's.
    QCOMPARE(uiLanguages(), QStringList{QStringLiteral("en")} + kLanguages);
    QCOMPARE(nativeLanguageName(QStringLiteral("en")), QStringLiteral("English"));
    QCOMPARE(nativeLanguageName(QStringLiteral("ru")), QStringLiteral("Русский"));
    QCOMPARE(nativeLanguageName(QStringLiteral("ja")), QStringLiteral("日本語"));
    QCOMPARE(nativeLanguageName(QStringLiteral("hi")), QStringLiteral("हिन्दी"));

    // A choice sets the language and its locale (the fields' number format).
    QCOMPARE(setUiLanguage(QStringLiteral("ja")), QStringLiteral("ja"));
    QCOMPARE(currentUiLanguage(), QStringLiteral("ja"));
    QCOMPARE(QLocale().language(), QLocale::Japanese);
    QCOMPARE(setUiLanguage(QStringLiteral("ru")), QStringLiteral("ru"));
    QCOMPARE(QLocale().language(), QLocale::Russian);
    // Unknown codes fall back to English instead of showing nothing.
    QCOMPARE(setUiLanguage(QStringLiteral("xx")), QStringLiteral("en"));
    QCOMPARE(setUiLanguage(QStringLiteral("de")), QStringLiteral("en"));
    // English installs its plural forms.
    QCOMPARE(QCoreApplication::translate("bloomlab::ui::KeyEdit", "%n leading space(s)", nullptr, 1),
             QStringLiteral("1 leading space"));
    QCOMPARE(QCoreApplication::translate("bloomlab::ui::KeyEdit", "%n leading space(s)", nullptr, 3),
             QStringLiteral("3 leading spaces"));
    // Following the system: the language of QLocale::system() when the app has it, and the
    // system's own locale for numbers.
    const QString system = setUiLanguage(QString());
    const QString systemLanguage = QLocale::languageToCode(QLocale::system().language());
    QCOMPARE(system, uiLanguages().contains(systemLanguage) ? systemLanguage : QStringLiteral("en"));
    QCOMPARE(QLocale(), QLocale::system());
    QCOMPARE(systemUiLanguage(), system);
}

void TestUiTranslations::languageMenuSavesTheChoiceForTheNextStart() {
    using bloomlab::ui::LanguageMenu;
    QVERIFY2(QSettings().fileName().contains(QLatin1String(".qttest")), qPrintable(QSettings().fileName()));
    {
        // The window's own menu (settings and dialogs off, as in tests).
        bloomlab::ui::MainWindow window({false, false});
        auto* menu = window.findChild<LanguageMenu*>(QStringLiteral("languageMenu"));
        QVERIFY(menu);
        QStringList texts;
        for (QAction* action : menu->actions())
            if (!action->isSeparator())
                texts << action->text();
        QCOMPARE(texts.size(), 3 + kLanguages.size());  // System, English, the others, the note
        QVERIFY2(texts.first().startsWith(QLatin1String("&System (")), qPrintable(texts.first()));
        QCOMPARE(texts.at(1), QStringLiteral("English"));
        for (const QString& name : {QStringLiteral("हिन्दी"), QStringLiteral("日本語"), QStringLiteral("Русский")})
            QVERIFY2(texts.contains(name), qPrintable(texts.join(QLatin1String(" | "))));
        QVERIFY2(texts.last().contains(QLatin1String("starts again")), qPrintable(texts.last()));
        QVERIFY(!menu->actions().last()->isEnabled());
        QVERIFY(menu->actionFor(QString())->isChecked());  // nothing saved: follow the system
        QVERIFY(menu->choose(QStringLiteral("ja")));
        QVERIFY(menu->actionFor(QStringLiteral("ja"))->isChecked());
        QVERIFY(!menu->actionFor(QString())->isChecked());
        QVERIFY(!QSettings().contains(QString::fromLatin1(bloomlab::ui::kLanguageSettingKey)));  // settings off
        QVERIFY(!menu->choose(QStringLiteral("de")));  // no German translation: nothing changes
        QCOMPARE(menu->choice(), QStringLiteral("ja"));
        QVERIFY(menu->actionFor(QStringLiteral("ja"))->isChecked());
        // The language of the running window does not change (it applies from the next start).
        QCOMPARE(bloomlab::ui::currentUiLanguage(), QStringLiteral("en"));
    }
    {
        // With settings: the choice is saved, and a new menu (the next start) reads it.
        LanguageMenu menu(true, false);
        QSignalSpy changed(&menu, &LanguageMenu::choiceChanged);
        QVERIFY(menu.choose(QStringLiteral("hi")));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(QSettings().value(QString::fromLatin1(bloomlab::ui::kLanguageSettingKey)).toString(), QStringLiteral("hi"));
        LanguageMenu next(true, false);
        QCOMPARE(next.choice(), QStringLiteral("hi"));
        QVERIFY(next.actionFor(QStringLiteral("hi"))->isChecked());
        // Back to "System" saves the empty choice.
        next.actionFor(QString())->trigger();
        QCOMPARE(next.choice(), QString());
        QCOMPARE(QSettings().value(QString::fromLatin1(bloomlab::ui::kLanguageSettingKey)).toString(), QString());
    }
    {
        // A saved code this build has no translation for (a newer version's): System is checked.
        QSettings().setValue(QString::fromLatin1(bloomlab::ui::kLanguageSettingKey), QStringLiteral("xx"));
        LanguageMenu menu(true, false);
        QVERIFY(menu.actionFor(QString())->isChecked());
        QCOMPARE(menu.choice(), QString());
        QSettings().remove(QString::fromLatin1(bloomlab::ui::kLanguageSettingKey));
    }
}

void TestUiTranslations::windowFitsASmallScreen_data() {
    QTest::addColumn<QString>("language");
    for (const QString& language : QStringList{QStringLiteral("en")} + kLanguages)
        QTest::newRow(qPrintable(language)) << language;
}

void TestUiTranslations::windowFitsASmallScreen() {
    // Every tab, in every language, fits a 1024 x 640 screen: the window's minimum size (the
    // parameters dock beside the widest tab page) is no larger.
    QFETCH(QString, language);
    QCOMPARE(bloomlab::ui::setUiLanguage(language), language);
    using bloomlab::ui::MainWindow;
    MainWindow window({false, false});
    window.resize(1024, 640);
    window.show();
    // With every panel showing results (long values, an interval, an error or a note), as in
    // the demo's screenshots: a text set later can widen a panel.
    bool demoDone = false;
    window.runDemo([&demoDone] { demoDone = true; }, 60000);
    QTRY_VERIFY_WITH_TIMEOUT(demoDone, 90000);
    for (MainWindow::Tab tab : {MainWindow::Tab::Explorer, MainWindow::Tab::Benchmark, MainWindow::Tab::Teaching,
                                MainWindow::Tab::Calculator, MainWindow::Tab::Compare}) {
        window.setCurrentTab(tab);
        QCoreApplication::processEvents();
        const QSize minimum = window.minimumSizeHint().expandedTo(window.minimumSize());
        QVERIFY2(minimum.width() <= 1024 && minimum.height() <= 640,
                 qPrintable(QStringLiteral("%1, tab %2: the window needs at least %3 x %4 px")
                                .arg(language, window.tabs()->tabText(window.tabs()->currentIndex()))
                                .arg(minimum.width())
                                .arg(minimum.height())));
    }
    // In that window the false-positive counters show every line of their values (the panel
    // scrolls when they and the chart need more height than there is).
    window.setCurrentTab(MainWindow::Tab::Explorer);
    QCoreApplication::processEvents();
    for (const QLabel* label :
         window.falsePositivePanel()->findChildren<QLabel*>(QString(), Qt::FindDirectChildrenOnly)) {
        if (!label->isVisible() || label->text().isEmpty())
            continue;
        const QString what = QStringLiteral("%1: \"%2\" is %3 x %4 px")
                                 .arg(language, label->text())
                                 .arg(label->width())
                                 .arg(label->height());
        QVERIFY2(label->width() >= label->minimumSizeHint().width(), qPrintable(what));
        if (label->wordWrap())  // a pixel or two less still shows the line
            QVERIFY2(label->height() >= label->heightForWidth(label->width()) - 2, qPrintable(what));
    }
}

QTEST_MAIN(TestUiTranslations)
#include "tst_ui_translations.moc"
