// LogSliderField — a log-scale slider paired with an editable text field and an inline error
// line. Dragging the slider writes the field; typing in the field (Enter or focus out) moves the
// slider. Text that does not parse or is out of range shows a red message under the field and is
// never emitted, so bad values cannot reach the core.
#pragma once

#include <QWidget>

#include <functional>

class QLabel;
class QLineEdit;
class QSlider;

namespace bloomlab::ui {

class LogSliderField : public QWidget {
    Q_OBJECT

public:
    /// parse: text -> value, throws std::invalid_argument with a message for the user.
    /// format: value -> text for the field. round: snaps slider values to "nice" numbers.
    struct Options {
        double minimum = 1;
        double maximum = 10;
        std::function<double(const QString&)> parse;
        std::function<QString(double)> format;
        std::function<double(double)> round;
        QString name;  ///< "n", "p": used in range messages
    };

    explicit LogSliderField(Options options, QWidget* parent = nullptr);

    double value() const noexcept { return m_value; }
    /// Sets the value (clamped) without emitting valueChanged.
    void setValue(double value);

    bool hasError() const;
    QString errorText() const;

    QSlider* slider() const noexcept { return m_slider; }
    QLineEdit* field() const noexcept { return m_field; }
    QLabel* errorLabel() const noexcept { return m_error; }

    /// Applies the field's text now (what Enter does); returns false when it is invalid.
    bool commitText();

signals:
    void valueChanged(double value);

private:
    void onSliderMoved(int position);
    void showError(const QString& message);
    void clearError();
    int positionFor(double value) const;

    Options m_options;
    double m_value = 1;
    QSlider* m_slider = nullptr;
    QLineEdit* m_field = nullptr;
    QLabel* m_error = nullptr;
};

} // namespace bloomlab::ui
