#include "ui/log_slider_field.h"

#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>

#include <cmath>
#include <stdexcept>

namespace bloomlab::ui {

namespace {
constexpr int kSteps = 1000;
} // namespace

LogSliderField::LogSliderField(Options options, QWidget* parent)
    : QWidget(parent), m_options(std::move(options)), m_value(m_options.minimum) {
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setRange(0, kSteps);
    m_slider->setSingleStep(5);
    m_slider->setPageStep(100);
    m_field = new QLineEdit(this);
    m_field->setMinimumWidth(70);
    m_field->setMaximumWidth(110);
    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_error->setVisible(false);

    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setHorizontalSpacing(6);
    layout->setVerticalSpacing(2);
    layout->addWidget(m_slider, 0, 0);
    layout->addWidget(m_field, 0, 1);
    layout->addWidget(m_error, 1, 0, 1, 2);
    layout->setColumnStretch(0, 1);

    connect(m_slider, &QSlider::valueChanged, this, &LogSliderField::onSliderMoved);
    connect(m_field, &QLineEdit::returnPressed, this, &LogSliderField::commitText);
    connect(m_field, &QLineEdit::editingFinished, this, [this] {
        if (m_field->isModified())
            commitText();
    });
    connect(m_field, &QLineEdit::textEdited, this, [this] { clearError(); });
    setFocusProxy(m_field);
    setValue(m_options.minimum);
}

int LogSliderField::positionFor(double value) const {
    const double lo = std::log10(m_options.minimum);
    const double hi = std::log10(m_options.maximum);
    const double t = (std::log10(value) - lo) / (hi - lo);
    return static_cast<int>(std::lround(std::clamp(t, 0.0, 1.0) * kSteps));
}

void LogSliderField::setValue(double value) {
    m_value = std::clamp(value, m_options.minimum, m_options.maximum);
    const QSignalBlocker block(m_slider);
    m_slider->setValue(positionFor(m_value));
    m_field->setText(m_options.format(m_value));
    m_field->setModified(false);
    clearError();
}

void LogSliderField::onSliderMoved(int position) {
    const double lo = std::log10(m_options.minimum);
    const double hi = std::log10(m_options.maximum);
    double value = std::pow(10.0, lo + (hi - lo) * position / kSteps);
    if (m_options.round)
        value = m_options.round(value);
    value = std::clamp(value, m_options.minimum, m_options.maximum);
    m_value = value;
    m_field->setText(m_options.format(value));
    m_field->setModified(false);
    clearError();
    emit valueChanged(value);
}

bool LogSliderField::commitText() {
    m_field->setModified(false);
    double value = 0;
    try {
        value = m_options.parse(m_field->text().trimmed());
    } catch (const std::exception& e) {
        showError(QString::fromStdString(e.what()));
        return false;
    }
    if (!(value >= m_options.minimum && value <= m_options.maximum)) {
        showError(tr("%1 must be between %2 and %3 here; got %4")
                      .arg(m_options.name, m_options.format(m_options.minimum),
                           m_options.format(m_options.maximum), m_field->text().trimmed()));
        return false;
    }
    clearError();
    if (value == m_value)
        return true;  // Enter on an unchanged value: nothing to rebuild
    m_value = value;
    {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(positionFor(value));
    }
    emit valueChanged(value);
    return true;
}

void LogSliderField::showError(const QString& message) {
    m_error->setText(message);
    m_error->setVisible(true);
    m_field->setStyleSheet(QStringLiteral("QLineEdit { border: 1px solid #c62828; background: #fdecea; }"));
    m_field->setToolTip(message);
}

void LogSliderField::clearError() {
    m_error->clear();
    m_error->setVisible(false);
    m_field->setStyleSheet(QString());
    m_field->setToolTip(toolTip());
}

bool LogSliderField::hasError() const { return !m_error->text().isEmpty(); }

QString LogSliderField::errorText() const { return m_error->text(); }

} // namespace bloomlab::ui
