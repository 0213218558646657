// LanguageMenu — View > Language: "System (…)", then each language the app has, by its own name
// ("English", "Русский", "日本語", "हिन्दी"). The choice is saved in the settings
// (kLanguageSettingKey) and applies from the next start: the window's texts are made when its
// widgets are built (see translations.h). The menu says so in its last, disabled line, and after
// a change a message (in the chosen language) offers to restart BloomLab now; restarting closes
// the window first, so unsaved changes are asked about as on any close.
#pragma once

#include <QMenu>
#include <QString>

class QAction;
class QActionGroup;

namespace bloomlab::ui {

class LanguageMenu : public QMenu {
    Q_OBJECT

public:
    /// `useSettings`: read and save the choice (off for tests and the scripted demo);
    /// `askToRestart`: after a change, offer to restart in a message box (off for tests; never
    /// without settings, where a restart would not know the choice).
    LanguageMenu(bool useSettings, bool askToRestart, QWidget* parent = nullptr);

    /// The choice: empty for "follow the system", else a language code.
    QString choice() const { return m_choice; }
    /// Chooses as a click on the menu does. Returns false (and changes nothing) for a code the
    /// app has no translation for.
    bool choose(const QString& code);
    /// The menu entry of a choice ("" for System), or nullptr.
    QAction* actionFor(const QString& code) const;

signals:
    /// The choice changed (also when settings are off).
    void choiceChanged(const QString& code);

private:
    void offerRestart(const QString& code);

    bool m_useSettings;
    bool m_askToRestart;
    QString m_choice;
    QActionGroup* m_group = nullptr;
};

} // namespace bloomlab::ui
