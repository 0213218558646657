#include "ui/language_menu.h"

#include "ui/translations.h"

#include <QAction>
#include <QActionGroup>
#include <QCoreApplication>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QTranslator>

namespace bloomlab::ui {

namespace {

// The restart message is shown in the language just chosen (the user may not read the current
// one), so its texts are looked up in that language's translation directly.
const char* const kChangedText = QT_TRANSLATE_NOOP("bloomlab::ui::LanguageMenu",
                                                   "BloomLab will be in %1 from its next start.");
const char* const kRestartText = QT_TRANSLATE_NOOP("bloomlab::ui::LanguageMenu", "Restart Now");
const char* const kLaterText = QT_TRANSLATE_NOOP("bloomlab::ui::LanguageMenu", "Later");
const char* const kTitleText = QT_TRANSLATE_NOOP("bloomlab::ui::LanguageMenu", "Language");

/// `text` of the context bloomlab::ui::LanguageMenu in language `code`; the current language's
/// (or English) when that translation lacks it.
QString inLanguage(const QString& code, const char* text) {
    QTranslator translator;
    if (translator.load(QStringLiteral("bloomlab_") + code, QStringLiteral(":/i18n"))) {
        const QString translated = translator.translate("bloomlab::ui::LanguageMenu", text);
        if (!translated.isEmpty())
            return translated;
    }
    return QCoreApplication::translate("bloomlab::ui::LanguageMenu", text);
}

} // namespace

LanguageMenu::LanguageMenu(bool useSettings, bool askToRestart, QWidget* parent)
    : QMenu(tr("&Language"), parent), m_useSettings(useSettings), m_askToRestart(askToRestart) {
    setObjectName(QStringLiteral("languageMenu"));
    m_group = new QActionGroup(this);
    m_group->setExclusive(true);
    auto add = [this](const QString& text, const QString& code) {
        QAction* action = addAction(text);
        action->setCheckable(true);
        action->setData(code);
        m_group->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] { choose(code); });
    };
    add(tr("&System (%1)").arg(nativeLanguageName(systemUiLanguage())), QString());
    addSeparator();
    for (const QString& code : uiLanguages())
        add(nativeLanguageName(code), code);
    addSeparator();
    QAction* note = addAction(tr("Takes effect when BloomLab starts again"));
    note->setEnabled(false);

    if (m_useSettings)
        m_choice = QSettings().value(QString::fromLatin1(kLanguageSettingKey)).toString();
    if (QAction* current = actionFor(m_choice))
        current->setChecked(true);
    else if (QAction* system = actionFor(QString())) {
        system->setChecked(true);  // a saved code this build has no translation for
        m_choice.clear();
    }
}

QAction* LanguageMenu::actionFor(const QString& code) const {
    for (QAction* action : m_group->actions())
        if (action->data().toString() == code)
            return action;
    return nullptr;
}

bool LanguageMenu::choose(const QString& code) {
    QAction* action = actionFor(code);
    if (!action)
        return false;
    action->setChecked(true);
    if (code == m_choice)
        return true;
    m_choice = code;
    if (m_useSettings)
        QSettings().setValue(QString::fromLatin1(kLanguageSettingKey), code);
    emit choiceChanged(code);
    if (m_askToRestart && m_useSettings)  // without settings the next start would not know the choice
        offerRestart(code);
    return true;
}

void LanguageMenu::offerRestart(const QString& code) {
    const QString language = code.isEmpty() ? systemUiLanguage() : code;
    QMessageBox box(QMessageBox::Information, inLanguage(language, kTitleText),
                    inLanguage(language, kChangedText).arg(nativeLanguageName(language)),
                    QMessageBox::NoButton, parentWidget());
    QPushButton* restart = box.addButton(inLanguage(language, kRestartText), QMessageBox::AcceptRole);
    box.addButton(inLanguage(language, kLaterText), QMessageBox::RejectRole);
    box.setDefaultButton(restart);
    box.exec();
    if (box.clickedButton() != restart)
        return;
    // Closing asks about unsaved changes like any close; the new process starts only if the
    // window really closed.
    QWidget* window = parentWidget() ? parentWidget()->window() : nullptr;
    if (window && !window->close())
        return;
    if (!QProcess::startDetached(QCoreApplication::applicationFilePath(), {}))
        qWarning("bloomlab: cannot start %s again; start it from the menu",
                 qPrintable(QCoreApplication::applicationFilePath()));
    QCoreApplication::quit();
}

} // namespace bloomlab::ui
