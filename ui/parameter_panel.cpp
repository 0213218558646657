#include "ui/parameter_panel.h"

#include "core/parse_units.h"
#include "ui/filter_probe.h"
#include "ui/glossary.h"
#include "ui/log_slider_field.h"
#include "ui/number_field.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace bloomlab::ui {

namespace {

/// Slider values of n snap to two significant digits (12,000 rather than 12,115).
double roundCount(double value) {
    if (value < 100)
        return std::round(value);
    const double magnitude = std::pow(10.0, std::floor(std::log10(value)) - 1);
    return std::round(value / magnitude) * magnitude;
}

/// p snaps to two significant digits too (0.012, 3.5e-5).
double roundProbability(double value) {
    const double magnitude = std::pow(10.0, std::floor(std::log10(value)) - 1);
    return std::round(value / magnitude) * magnitude;
}

/// Three significant digits (two below 0.001), more when the value needs them to read back
/// as itself (a p from the calculator or a file): the field's text is what Enter applies.
QString formatP(double p) {
    for (int digits = p >= 1e-3 ? 3 : 2; digits < 17; ++digits) {
        const QString text = QString::number(p, 'g', digits);
        if (text.toDouble() == p)
            return text;
    }
    return QString::number(p, 'g', 17);
}

QLabel* valueLabel(QWidget* parent, const QString& objectName, const QString& tooltip) {
    auto* label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setToolTip(tooltip);
    return label;
}

/// A wrapping line of coloured text, hidden until it has something to say.
QLabel* messageLabel(QWidget* parent, const QString& objectName, const QString& color) {
    auto* label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setStyleSheet(QStringLiteral("color: %1;").arg(color));
    label->setVisible(false);
    return label;
}

} // namespace

ParameterPanel::ParameterPanel(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(6, 6, 6, 6);

    // ---- filter ----
    auto* filterBox = new QGroupBox(tr("Filter"), this);
    auto* filterForm = new QFormLayout(filterBox);
    filterForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    filterForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_type = new QComboBox(filterBox);
    m_type->setObjectName(QStringLiteral("filterType"));
    for (const FilterType t : {FilterType::Classic, FilterType::Blocked, FilterType::Counting,
                               FilterType::Scalable, FilterType::Cuckoo})
        m_type->addItem(filterTypeTitle(t), static_cast<int>(t));
    m_type->setToolTip(glossary::filterType());
    // Long entries (in some languages over 30 characters) must not widen the dock: the box
    // shows as much as fits, the list shows them whole.
    m_type->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_type->setMinimumContentsLength(12);
    auto* typeLabel = new QLabel(tr("&Type"), filterBox);
    typeLabel->setBuddy(m_type);
    filterForm->addRow(typeLabel, m_type);

    m_n = new LogSliderField({kMinN, kMaxN,
                              [](const QString& text) { return static_cast<double>(parseCountField(text)); },
                              [](double v) { return countFieldText(static_cast<std::uint64_t>(std::round(v))); }, roundCount, QStringLiteral("n")},
                             filterBox);
    m_n->setObjectName(QStringLiteral("nField"));
    m_n->slider()->setObjectName(QStringLiteral("nSlider"));
    m_n->field()->setObjectName(QStringLiteral("nEdit"));
    m_n->setToolTip(glossary::n());
    m_n->slider()->setToolTip(glossary::n());
    m_n->field()->setToolTip(glossary::n() + tr("\nAccepts 10000, 1e6, 10k, 2.5M."));
    m_n->setValue(10000);
    auto* nLabel = new QLabel(tr("&n (items)"), filterBox);
    nLabel->setBuddy(m_n->field());
    nLabel->setToolTip(glossary::n());
    filterForm->addRow(nLabel, m_n);

    m_p = new LogSliderField({kMinP, kMaxP,
                              [](const QString& text) { return parseProbabilityField(text); },
                              formatP, roundProbability, QStringLiteral("p")},
                             filterBox);
    m_p->setObjectName(QStringLiteral("pField"));
    m_p->slider()->setObjectName(QStringLiteral("pSlider"));
    m_p->field()->setObjectName(QStringLiteral("pEdit"));
    m_p->setToolTip(glossary::p());
    m_p->slider()->setToolTip(glossary::p());
    m_p->field()->setToolTip(glossary::p() + tr("\nAccepts 0.01, 1e-3, 1/100, 1%."));
    m_p->setValue(0.01);
    auto* pLabel = new QLabel(tr("&p (target FPR)"), filterBox);
    pLabel->setBuddy(m_p->field());
    pLabel->setToolTip(glossary::p());
    filterForm->addRow(pLabel, m_p);
    m_rangeNote = messageLabel(filterBox, QStringLiteral("rangeNote"), QStringLiteral("#b26a00"));
    filterForm->addRow(m_rangeNote);

    m_growth = new QComboBox(filterBox);
    m_growth->setObjectName(QStringLiteral("growthPolicy"));
    m_growth->addItem(tr("reject (keep the size)"), static_cast<int>(GrowthAction::Reject));
    m_growth->addItem(tr("add a tier"), static_cast<int>(GrowthAction::Tier));
    m_growth->addItem(tr("rebuild larger"), static_cast<int>(GrowthAction::Rebuild));
    m_growth->setToolTip(
        tr("What the filter does when it fills up.\n"
           "reject: it keeps its size; inserts it cannot store fail (cuckoo) or its FPR climbs (Bloom).\n"
           "add a tier (cuckoo): a new table twice as large takes the next keys; each tier gets a smaller share "
           "of p, so the FPR of all tiers together stays below p.\n"
           "rebuild larger (classic, blocked, counting, cuckoo): when the estimated FPR reaches 2 p (or a cuckoo "
           "insert fails), a filter twice as large is built from every key the explorer inserted.\n"
           "The scalable filter always grows by layers."));
    m_growth->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_growth->setMinimumContentsLength(12);
    auto* growthLabel = new QLabel(tr("&When full"), filterBox);
    growthLabel->setBuddy(m_growth);
    growthLabel->setToolTip(m_growth->toolTip());
    filterForm->addRow(growthLabel, m_growth);
    m_growthNote = new QLabel(filterBox);
    m_growthNote->setObjectName(QStringLiteral("growthNote"));
    m_growthNote->setWordWrap(true);
    m_growthNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_growthNote->setVisible(false);
    filterForm->addRow(m_growthNote);
    outer->addWidget(filterBox);

    // ---- derived ----
    auto* derivedBox = new QGroupBox(tr("Derived"), this);
    auto* derivedForm = new QFormLayout(derivedBox);
    m_mBits = valueLabel(derivedBox, QStringLiteral("mBits"), glossary::m());
    m_mBytes = valueLabel(derivedBox, QStringLiteral("mBytes"), glossary::m());
    m_k = valueLabel(derivedBox, QStringLiteral("kValue"), glossary::k());
    m_bitsPerItem = valueLabel(derivedBox, QStringLiteral("bitsPerItem"), glossary::bitsPerItem());
    m_expectedFpr = valueLabel(derivedBox, QStringLiteral("expectedFpr"), glossary::fpr());
    m_layoutNote = new QLabel(derivedBox);
    m_layoutNote->setWordWrap(true);
    m_layoutNote->setStyleSheet(QStringLiteral("color: palette(mid);"));
    auto addDerived = [&](const QString& text, QLabel* value, const QString& tip) {
        auto* label = new QLabel(text, derivedBox);
        label->setToolTip(tip);
        derivedForm->addRow(label, value);
        return label;
    };
    m_mBitsName = addDerived(tr("m (bits)"), m_mBits, glossary::m());
    addDerived(tr("memory"), m_mBytes, glossary::m());
    addDerived(tr("k (hashes)"), m_k, glossary::k());
    addDerived(tr("bits / item"), m_bitsPerItem, glossary::bitsPerItem());
    addDerived(tr("expected FPR at n"), m_expectedFpr, glossary::fpr());
    derivedForm->addRow(m_layoutNote);
    // Under the values they concern: why the explorer does not show a filter of these numbers.
    m_sessionMessage = messageLabel(derivedBox, QStringLiteral("sessionMessage"), QStringLiteral("#c62828"));
    derivedForm->addRow(m_sessionMessage);
    m_derivedBox = derivedBox;
    outer->addWidget(derivedBox);

    // ---- benchmark ----
    auto* benchBox = new QGroupBox(tr("Benchmark"), this);
    auto* benchForm = new QFormLayout(benchBox);
    benchForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    benchForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    auto* hotRow = new QWidget(benchBox);
    auto* hotLayout = new QHBoxLayout(hotRow);
    hotLayout->setContentsMargins(0, 0, 0, 0);
    m_hot = new QSlider(Qt::Horizontal, hotRow);
    m_hot->setObjectName(QStringLiteral("hotSlider"));
    m_hot->setRange(0, 100);
    m_hot->setValue(30);
    m_hot->setToolTip(glossary::hotRatio());
    m_hotValue = new QLabel(hotRow);
    m_hotValue->setMinimumWidth(m_hotValue->fontMetrics().horizontalAdvance(QStringLiteral("0.000")));
    hotLayout->addWidget(m_hot, 1);
    hotLayout->addWidget(m_hotValue);
    auto* hotLabel = new QLabel(tr("&Hot ratio"), benchBox);
    hotLabel->setBuddy(m_hot);
    hotLabel->setToolTip(glossary::hotRatio());
    benchForm->addRow(hotLabel, hotRow);

    auto* backendRow = new QWidget(benchBox);
    auto* backendLayout = new QHBoxLayout(backendRow);
    backendLayout->setContentsMargins(0, 0, 0, 0);
    m_backend = new QComboBox(backendRow);
    m_backend->setObjectName(QStringLiteral("backend"));
    m_backend->addItem(tr("scan (O(n) search)"), QStringLiteral("scan"));
    m_backend->addItem(tr("hash table"), QStringLiteral("hash"));
    m_backend->addItem(tr("SQLite"), QStringLiteral("sqlite"));
    m_backend->addItem(tr("fixed latency"), QStringLiteral("latency"));
    m_backend->setToolTip(glossary::backend());
    m_backend->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_backend->setMinimumContentsLength(8);
    m_latency = new QSpinBox(backendRow);
    m_latency->setRange(0, 100000);
    m_latency->setValue(200);
    m_latency->setSuffix(tr(" µs"));
    m_latency->setToolTip(tr("Delay per backend lookup of the latency backend."));
    m_latency->setEnabled(false);
    backendLayout->addWidget(m_backend, 1);
    backendLayout->addWidget(m_latency);
    auto* backendLabel = new QLabel(tr("&Backend"), benchBox);
    backendLabel->setBuddy(m_backend);
    backendLabel->setToolTip(glossary::backend());
    benchForm->addRow(backendLabel, backendRow);
    outer->addWidget(benchBox);

    outer->addStretch(1);

    connect(m_type, &QComboBox::currentIndexChanged, this, [this] {
        updateGrowthChoices();
        emitSpec();
    });
    connect(m_growth, &QComboBox::currentIndexChanged, this, &ParameterPanel::emitSpec);
    connect(m_n, &LogSliderField::valueChanged, this, &ParameterPanel::emitSpec);
    connect(m_p, &LogSliderField::valueChanged, this, &ParameterPanel::emitSpec);
    connect(m_hot, &QSlider::valueChanged, this, [this](int value) {
        m_hotValue->setText(QString::number(value / 100.0, 'f', 2));
        emit hotRatioChanged(value / 100.0);
    });
    auto backendChanged = [this] {
        m_latency->setEnabled(m_backend->currentData().toString() == QLatin1String("latency"));
        emit this->backendChanged(backend());
    };
    connect(m_backend, &QComboBox::currentIndexChanged, this, backendChanged);
    connect(m_latency, &QSpinBox::valueChanged, this, backendChanged);
    m_hotValue->setText(QStringLiteral("0.30"));
    updateGrowthChoices();
    updateDerived();
}

void ParameterPanel::updateGrowthChoices() {
    // Only the choices the type has: tier for cuckoo, rebuild for all but scalable (layers).
    const auto type = static_cast<FilterType>(m_type->currentData().toInt());
    auto* model = qobject_cast<QStandardItemModel*>(m_growth->model());
    const auto allowed = [type](GrowthAction action) {
        switch (action) {
        case GrowthAction::Reject: return type != FilterType::Scalable;
        case GrowthAction::Tier: return type == FilterType::Cuckoo || type == FilterType::Scalable;
        case GrowthAction::Rebuild: return type != FilterType::Scalable;
        }
        return false;
    };
    for (int i = 0; i < m_growth->count(); ++i)
        if (QStandardItem* item = model ? model->item(i) : nullptr)
            item->setEnabled(allowed(static_cast<GrowthAction>(m_growth->itemData(i).toInt())));
    const QSignalBlocker block(m_growth);
    const auto current = static_cast<GrowthAction>(m_growth->currentData().toInt());
    if (type == FilterType::Scalable)
        m_growth->setCurrentIndex(m_growth->findData(static_cast<int>(GrowthAction::Tier)));
    else if (!allowed(current))
        m_growth->setCurrentIndex(m_growth->findData(static_cast<int>(GrowthAction::Reject)));
    m_growth->setEnabled(type != FilterType::Scalable);
}

void ParameterPanel::showGrowthEvent(const QString& line) {
    m_growthEvents.prepend(line);
    while (m_growthEvents.size() > 3)
        m_growthEvents.removeLast();
    m_growthNote->setText(m_growthEvents.join(QStringLiteral("\n")));
    m_growthNote->setVisible(true);
}

void ParameterPanel::clearGrowthEvents() {
    m_growthEvents.clear();
    m_growthNote->clear();
    m_growthNote->setVisible(false);
}

QString ParameterPanel::growthText() const { return m_growthNote->text(); }

FilterSpec ParameterPanel::spec() const {
    FilterSpec spec;
    spec.type = static_cast<FilterType>(m_type->currentData().toInt());
    spec.capacity = static_cast<std::uint64_t>(std::llround(m_n->value()));
    spec.fpr = m_p->value();
    if (m_shown && m_shown->type == spec.type && m_shown->fpr == spec.fpr) {
        spec.fingerprintBits = m_shown->fingerprintBits;
        spec.cuckooLayout = m_shown->cuckooLayout;
    }
    const auto action = static_cast<GrowthAction>(m_growth->currentData().toInt());
    if (spec.type != FilterType::Scalable)  // the scalable filter's layers are not a spec option
        spec.growthPolicy.action = action;
    if (spec.growthPolicy.action == GrowthAction::Rebuild) {
        // Rebuild when the estimated FPR reaches twice p (a cuckoo table: also at a refused insert).
        spec.growthPolicy.thresholds.estimatedFpr = std::min(0.99, 2.0 * spec.fpr);
        if (spec.type == FilterType::Cuckoo)
            spec.growthPolicy.thresholds.failedInserts = 1;
    }
    return spec;
}

void ParameterPanel::setSpec(const FilterSpec& spec) {
    const QSignalBlocker blockType(m_type);
    const QSignalBlocker blockN(m_n);
    const QSignalBlocker blockP(m_p);
    const QSignalBlocker blockGrowth(m_growth);
    const int index = m_type->findData(static_cast<int>(spec.type));
    if (index >= 0)
        m_type->setCurrentIndex(index);
    const int growth = m_growth->findData(static_cast<int>(spec.growthPolicy.action));
    if (growth >= 0)
        m_growth->setCurrentIndex(growth);
    updateGrowthChoices();
    m_n->setValue(static_cast<double>(spec.capacity));
    if (spec.fpr > 0)
        m_p->setValue(spec.fpr);
    m_shown = spec;
    m_shown->fpr = m_p->value();
    m_shown->type = static_cast<FilterType>(m_type->currentData().toInt());
    updateDerived();
}

double ParameterPanel::hotRatio() const { return m_hot->value() / 100.0; }

void ParameterPanel::setHotRatio(double ratio) { m_hot->setValue(static_cast<int>(std::lround(ratio * 100))); }

QString ParameterPanel::backendText() const {
    const QString kind = m_backend->currentData().toString();
    if (kind == QLatin1String("latency"))
        return kind + QLatin1Char(':') + QString::number(m_latency->value());
    return kind;
}

void ParameterPanel::setBackendText(const QString& text) {
    const QString kind = text.section(QLatin1Char(':'), 0, 0);
    const int index = m_backend->findData(kind);
    if (index >= 0)
        m_backend->setCurrentIndex(index);
    if (kind == QLatin1String("latency") && text.contains(QLatin1Char(':')))
        m_latency->setValue(text.section(QLatin1Char(':'), 1).toInt());
}

bench::BackendSpec ParameterPanel::backend() const { return bench::parseBackendSpec(backendText().toStdString()); }

void ParameterPanel::setSessionMessage(const QString& message) {
    m_sessionMessage->setText(message.isEmpty() ? QString() : tr("Not built: %1").arg(message));
    m_sessionMessage->setVisible(!message.isEmpty());
    m_derivedBox->setTitle(message.isEmpty() ? tr("Derived") : tr("Derived — not built"));
    for (QLabel* value : {m_mBits, m_mBytes, m_k, m_bitsPerItem, m_expectedFpr})
        value->setEnabled(message.isEmpty());
}

QString ParameterPanel::sessionMessage() const { return m_sessionMessage->text(); }

bool ParameterPanel::derivedBuilt() const { return m_sessionMessage->text().isEmpty(); }

QString ParameterPanel::setNAndP(double n, double p) {
    FilterSpec next = spec();
    const double shownN = std::clamp(std::round(n), kMinN, kMaxN);
    const double shownP = std::clamp(p, kMinP, kMaxP);
    QStringList notes;
    if (shownN != std::round(n))
        notes << tr("n = %1 is outside the explorer's range %2 … %3; it uses n = %4.")
                     .arg(formatCount(std::round(n)), formatCount(kMinN), formatCount(kMaxN), formatCount(shownN));
    if (shownP != p)
        notes << tr("p = %1 is outside the explorer's range %2 … %3; it uses p = %4.")
                     .arg(QString::number(p, 'g', 3), formatP(kMinP), formatP(kMaxP), formatP(shownP));
    next.capacity = static_cast<std::uint64_t>(shownN);
    next.fpr = shownP;
    setSpec(next);
    m_rangeNote->setText(notes.join(QLatin1Char(' ')));
    m_rangeNote->setVisible(!notes.isEmpty());
    return m_rangeNote->text();
}

QString ParameterPanel::rangeNote() const { return m_rangeNote->text(); }

void ParameterPanel::emitSpec() {
    m_rangeNote->clear();
    m_rangeNote->setVisible(false);
    updateDerived();
    emit specChanged(spec());
}

void ParameterPanel::updateDerived() {
    try {
        m_derived = deriveSizing(spec());
    } catch (const std::exception& e) {
        m_derived = DerivedSizing{};
        m_mBits->setText(QStringLiteral("–"));
        m_layoutNote->setText(QString::fromStdString(e.what()));
        return;
    }
    const QString approx = m_derived.approximate ? QStringLiteral("≈ ") : QString();
    switch (spec().type) {
    case FilterType::Counting: m_mBitsName->setText(tr("m (counters)")); break;
    case FilterType::Cuckoo: m_mBitsName->setText(tr("table bits")); break;
    case FilterType::Scalable: m_mBitsName->setText(tr("m (layer 0)")); break;
    default: m_mBitsName->setText(tr("m (bits)")); break;
    }
    if (spec().type == FilterType::Counting)
        m_mBits->setText(approx + tr("%1 counters").arg(formatCount(static_cast<double>(m_derived.cells))));
    else
        m_mBits->setText(approx + formatCount(static_cast<double>(m_derived.bits)));
    m_mBytes->setText(approx + QString::fromStdString(formatBytes(m_derived.bytes)) +
                      tr(" (%1 bytes)").arg(formatCount(m_derived.bytes)));
    if (spec().type == FilterType::Cuckoo)
        m_k->setText(tr("2 buckets, %1-bit fingerprint").arg(m_derived.fingerprintBits));
    else
        m_k->setText(QString::number(m_derived.hashes));
    m_bitsPerItem->setText(tr("%1  (minimum %2)")
                               .arg(QString::number(m_derived.bitsPerItem, 'f', 2),
                                    QString::number(m_derived.lowerBoundBitsPerItem, 'f', 2)));
    m_expectedFpr->setText(formatProbability(m_derived.expectedFpr));
    m_layoutNote->setText(m_derived.note);
}

} // namespace bloomlab::ui
