// ParameterPanel — filter type, n and p (log sliders with editable fields), hot ratio, benchmark
// backend, and the derived values (m in bits and bytes, k, bits per item, expected FPR) that
// update live while a slider moves. Only valid values leave the panel (specChanged); bad typed
// values stay in their field with a red message. The growth policy ("when full") is chosen per
// filter: reject, add a tier (cuckoo), rebuild larger (classic, blocked, counting, cuckoo); the
// growth steps the session reports are shown under it, in words.
#pragma once

#include "core/any_filter.h"
#include "core/bench/benchmark_engine.h"
#include "ui/derived_sizing.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QGroupBox;
class QLabel;
class QSlider;
class QSpinBox;

namespace bloomlab::ui {

class LogSliderField;

class ParameterPanel : public QWidget {
    Q_OBJECT

public:
    static constexpr double kMinN = 10;
    static constexpr double kMaxN = 1e8;
    static constexpr double kMinP = 1e-12;  ///< the calculator's p of 1.15e-11 fits
    static constexpr double kMaxP = 0.5;

    explicit ParameterPanel(QWidget* parent = nullptr);

    FilterSpec spec() const;
    /// Shows a spec (e.g. of a loaded file) without emitting specChanged.
    void setSpec(const FilterSpec& spec);
    double hotRatio() const;
    void setHotRatio(double ratio);
    bench::BackendSpec backend() const;
    QString backendText() const;
    void setBackendText(const QString& text);
    DerivedSizing derived() const { return m_derived; }

    /// Why the session did not build these values (e.g. "too large for the explorer"): shown
    /// under the derived values, which are then marked "not built" and greyed (the explorer
    /// still shows the previous filter). An empty message: built.
    void setSessionMessage(const QString& message);
    QString sessionMessage() const;
    bool derivedBuilt() const;
    /// n and p from elsewhere (the calculator), without emitting specChanged. Values outside
    /// the sliders' ranges are clamped, and the panel says so under p; returns that note
    /// (empty when nothing was clamped). The next change of the panel clears it.
    QString setNAndP(double n, double p);
    QString rangeNote() const;

    LogSliderField* nField() const noexcept { return m_n; }
    LogSliderField* pField() const noexcept { return m_p; }
    QComboBox* typeCombo() const noexcept { return m_type; }
    QComboBox* growthCombo() const noexcept { return m_growth; }
    /// A growth step of the session's filter (FilterSession::growthEvent): shown under the
    /// policy chooser, the newest first.
    void showGrowthEvent(const QString& line);
    /// Forget the shown growth steps (a new filter).
    void clearGrowthEvents();
    QString growthText() const;
    QSlider* hotSlider() const noexcept { return m_hot; }
    QComboBox* backendCombo() const noexcept { return m_backend; }
    QLabel* mBitsLabel() const noexcept { return m_mBits; }
    QLabel* kLabel() const noexcept { return m_k; }

signals:
    void specChanged(const bloomlab::FilterSpec& spec);
    void hotRatioChanged(double ratio);
    void backendChanged(const bloomlab::bench::BackendSpec& backend);

private:
    void updateDerived();
    void emitSpec();

    void updateGrowthChoices();

    QComboBox* m_type = nullptr;
    QComboBox* m_growth = nullptr;
    QLabel* m_growthNote = nullptr;
    QStringList m_growthEvents;
    LogSliderField* m_n = nullptr;
    LogSliderField* m_p = nullptr;
    /// The shape of the spec last shown by setSpec (a loaded filter's fingerprint bits and cuckoo
    /// layout), which spec() keeps while the type and p are still the shown ones: a 12-bit table
    /// opened from a file is described as itself, not as the table its p alone would size.
    std::optional<FilterSpec> m_shown;
    QSlider* m_hot = nullptr;
    QLabel* m_hotValue = nullptr;
    QComboBox* m_backend = nullptr;
    QSpinBox* m_latency = nullptr;
    QLabel* m_mBits = nullptr;
    QLabel* m_mBitsName = nullptr;
    QLabel* m_mBytes = nullptr;
    QLabel* m_k = nullptr;
    QLabel* m_bitsPerItem = nullptr;
    QLabel* m_expectedFpr = nullptr;
    QLabel* m_layoutNote = nullptr;
    QLabel* m_sessionMessage = nullptr;
    QLabel* m_rangeNote = nullptr;
    QGroupBox* m_derivedBox = nullptr;
    DerivedSizing m_derived;
};

} // namespace bloomlab::ui
