#include "ui/teaching_panel.h"

#include "ui/bit_array_view.h"
#include "ui/key_edit.h"
#include "ui/lesson_format.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace bloomlab::ui {

namespace {

/// Columns of the teaching bit grid: the smallest power of two whose square holds every bit, so
/// 64 bits are an 8 x 8 square and 1,024 bits 32 x 32 (indexes read off by row and column).
int gridColumns(std::uint64_t bits) {
    int columns = 1;
    while (static_cast<std::uint64_t>(columns) * static_cast<std::uint64_t>(columns) < bits)
        columns *= 2;
    return columns;
}

} // namespace

TeachingPanel::TeachingPanel(QWidget* parent)
    : QWidget(parent), m_bloom{makeClassicFilter(64, 3), {}}, m_cuckoo{makeCuckooFilter(8), {}} {
    // ---- controls ----
    m_modeCombo = new QComboBox(this);
    m_modeCombo->addItem(tr("Classic Bloom filter"));
    m_modeCombo->addItem(tr("Cuckoo filter"));
    m_modeCombo->setToolTip(tr("Which structure to explore step by step."));

    m_bits = new QSpinBox(this);
    m_bits->setRange(16, 1024);
    m_bits->setValue(64);
    m_bits->setSingleStep(16);
    m_bits->setToolTip(tr("m: bits of the teaching filter (small, so every bit is visible)."));
    m_hashes = new QSpinBox(this);
    m_hashes->setRange(1, 8);
    m_hashes->setValue(3);
    m_hashes->setToolTip(tr("k: bit positions per word."));
    m_buckets = new QComboBox(this);
    for (int b : {4, 8, 16, 32, 64})
        m_buckets->addItem(QString::number(b), b);
    m_buckets->setCurrentIndex(1);
    m_buckets->setToolTip(tr("Buckets of the cuckoo filter (4 slots each, 8-bit fingerprints)."));

    m_word = newKeyEdit(this, QStringLiteral("teachingWord"), tr("type a word, e.g. apple"), KeySpaces::Trimmed);
    m_add = new QPushButton(tr("&Add"), this);
    m_add->setObjectName(QStringLiteral("teachingAdd"));
    m_add->setToolTip(tr("Insert the word and explain each step (Enter)."));
    m_add->setDefault(true);
    m_query = new QPushButton(tr("&Query"), this);
    m_query->setObjectName(QStringLiteral("teachingQuery"));
    m_query->setToolTip(tr("Ask the filter about the word and explain each probe (Ctrl+Enter)."));
    m_query->setShortcut(QKeySequence(tr("Ctrl+Return")));
    m_findFp = new QPushButton(tr("Find a &false positive"), this);
    m_findFp->setToolTip(tr("Query words that were never added until the filter wrongly says \"maybe\"."));
    m_noDelete = new QPushButton(tr("&Why no delete?"), this);
    m_noDelete->setToolTip(tr("Clear one word's bits and watch another word disappear; then the counting filter."));
    m_samples = new QPushButton(tr("Add &sample words"), this);
    m_samples->setToolTip(tr("Bloom: add words until about half the bits are set. Cuckoo: until 90 % of the slots "
                             "are taken, so the next insert has to kick."));
    m_reset = new QPushButton(tr("&Reset"), this);
    m_reset->setToolTip(tr("Empty the teaching filter."));

    m_stepList = new QListWidget(this);
    m_stepList->setObjectName(QStringLiteral("teachingSteps"));
    m_stepList->setWordWrap(true);
    m_stepList->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_stepList->setToolTip(tr("Steps of the last action; select one to see its state (or use Previous / Next)."));
    m_prev = new QPushButton(tr("◀ &Previous"), this);
    m_prev->setShortcut(QKeySequence(tr("Alt+Left")));
    m_next = new QPushButton(tr("&Next ▶"), this);
    m_next->setShortcut(QKeySequence(tr("Alt+Right")));

    m_explanation = new QLabel(this);
    m_explanation->setObjectName(QStringLiteral("teachingExplanation"));
    m_explanation->setWordWrap(true);
    m_explanation->setTextFormat(Qt::RichText);
    m_explanation->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_explanation->setMargin(8);
    m_explanation->setStyleSheet(QStringLiteral("QLabel { background: #fffbe6; border: 1px solid #f0d98c; border-radius: 4px; }"));
    m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* explanationScroll = new QScrollArea(this);
    m_explanationScroll = explanationScroll;
    explanationScroll->setWidget(m_explanation);
    explanationScroll->setWidgetResizable(true);
    explanationScroll->setFrameShape(QFrame::NoFrame);
    explanationScroll->setMinimumHeight(120);

    m_wordsLabel = new QLabel(this);
    m_wordsLabel->setWordWrap(true);
    m_wordsLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_view = new BitArrayView(this);
    m_view->setObjectName(QStringLiteral("teachingBitView"));
    m_view->setMaxCellPixels(64);
    m_view->setPreferredColumns(gridColumns(64));

    // ---- layout ----
    auto* setup = new QGroupBox(tr("Filter"), this);
    auto* setupForm = new QFormLayout(setup);
    setupForm->addRow(tr("Structure"), m_modeCombo);
    auto* geometry = new QHBoxLayout();
    geometry->addWidget(new QLabel(tr("m"), setup));
    geometry->addWidget(m_bits);
    geometry->addWidget(new QLabel(tr("k"), setup));
    geometry->addWidget(m_hashes);
    geometry->addWidget(new QLabel(tr("buckets"), setup));
    geometry->addWidget(m_buckets);
    geometry->addStretch(1);
    setupForm->addRow(geometry);

    auto* actions = new QGroupBox(tr("Try it"), this);
    auto* actionGrid = new QGridLayout(actions);
    actionGrid->addWidget(m_word, 0, 0, 1, 2);
    actionGrid->addWidget(m_add, 1, 0);
    actionGrid->addWidget(m_query, 1, 1);
    actionGrid->addWidget(m_findFp, 2, 0);
    actionGrid->addWidget(m_noDelete, 2, 1);
    actionGrid->addWidget(m_samples, 3, 0);
    actionGrid->addWidget(m_reset, 3, 1);

    auto* stepsBox = new QGroupBox(tr("Steps"), this);
    auto* stepsLayout = new QVBoxLayout(stepsBox);
    stepsLayout->addWidget(m_stepList, 1);
    auto* nav = new QHBoxLayout();
    nav->addWidget(m_prev);
    nav->addWidget(m_next);
    stepsLayout->addLayout(nav);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(setup);
    leftLayout->addWidget(actions);
    leftLayout->addWidget(stepsBox, 1);
    left->setMinimumWidth(300);
    left->setMaximumWidth(420);

    auto* right = new QSplitter(Qt::Vertical, this);
    m_column = right;
    right->addWidget(explanationScroll);
    auto* viewBox = new QWidget(right);
    auto* viewLayout = new QVBoxLayout(viewBox);
    viewLayout->setContentsMargins(0, 0, 0, 0);
    viewLayout->addWidget(m_view, 1);
    viewLayout->addWidget(m_wordsLabel);
    right->addWidget(viewBox);
    right->setStretchFactor(0, 1);
    right->setStretchFactor(1, 3);
    right->setChildrenCollapsible(false);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(left);
    layout->addWidget(right, 1);

    connect(m_modeCombo, &QComboBox::currentIndexChanged, this,
            [this](int index) { setMode(index == 0 ? Mode::Bloom : Mode::Cuckoo); });
    connect(m_bits, &QSpinBox::valueChanged, this, &TeachingPanel::rebuildFilters);
    connect(m_hashes, &QSpinBox::valueChanged, this, &TeachingPanel::rebuildFilters);
    connect(m_buckets, &QComboBox::currentIndexChanged, this, &TeachingPanel::rebuildFilters);
    connect(m_add, &QPushButton::clicked, this, [this] { addWord(m_word->text()); });
    connect(m_word, &QLineEdit::returnPressed, this, [this] { addWord(m_word->text()); });
    connect(m_query, &QPushButton::clicked, this, [this] { queryWord(m_word->text()); });
    connect(m_findFp, &QPushButton::clicked, this, [this] { findFalsePositive(); });
    connect(m_noDelete, &QPushButton::clicked, this, [this] { explainNoDelete(); });
    connect(m_samples, &QPushButton::clicked, this, &TeachingPanel::fillWithSamples);
    connect(m_reset, &QPushButton::clicked, this, &TeachingPanel::reset);
    connect(m_stepList, &QListWidget::currentRowChanged, this, &TeachingPanel::selectStep);
    connect(m_prev, &QPushButton::clicked, this, [this] { selectStep(m_current - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { selectStep(m_current + 1); });

    updateButtons();
    showIntro();
}

void TeachingPanel::setMode(Mode mode) {
    m_mode = mode;
    {
        const QSignalBlocker block(m_modeCombo);
        m_modeCombo->setCurrentIndex(mode == Mode::Bloom ? 0 : 1);
    }
    updateButtons();
    showIntro();
}

void TeachingPanel::updateButtons() {
    const bool bloom = m_mode == Mode::Bloom;
    m_bits->setEnabled(bloom);
    m_hashes->setEnabled(bloom);
    m_buckets->setEnabled(!bloom);
    m_findFp->setEnabled(true);
    m_noDelete->setEnabled(bloom);
    QStringList shown;
    for (const std::string& w : words())
        shown << fromKey(w);
    const int total = static_cast<int>(shown.size());
    if (shown.size() > 40) {
        shown = shown.mid(shown.size() - 40);
        shown.prepend(QStringLiteral("…"));
    }
    m_wordsLabel->setText(total == 0 ? tr("No words added yet.")
                                     : tr("%n word(s) added: ", nullptr, total) + shown.join(QStringLiteral(", ")));
}

void TeachingPanel::rebuildFilters() {
    // Same words, new geometry.
    m_bloom = rebuildBoard(makeClassicFilter(static_cast<std::uint64_t>(m_bits->value()), static_cast<std::uint32_t>(m_hashes->value())),
                           m_bloom.words);
    m_cuckoo = rebuildBoard(makeCuckooFilter(static_cast<std::uint64_t>(m_buckets->currentData().toInt())), m_cuckoo.words);
    m_view->setPreferredColumns(gridColumns(static_cast<std::uint64_t>(m_bits->value())));
    updateButtons();
    showIntro();
}

void TeachingPanel::reset() {
    m_bloom.words.clear();
    m_cuckoo.words.clear();
    rebuildFilters();
}

void TeachingPanel::showIntro() {
    Lesson intro = introLesson(board());
    setSteps(std::move(intro.steps), intro.select);
}

void TeachingPanel::present(Lesson lesson) {
    board() = std::move(lesson.board);
    setSteps(std::move(lesson.steps), lesson.select);
    if (!lesson.status.isEmpty())
        emit statusMessage(lesson.status);
}

void TeachingPanel::setSteps(std::vector<TeachingStep> steps, int select) {
    // The view still points into the old snapshots: keep them alive until it points elsewhere.
    const std::vector<TeachingStep> old = std::exchange(m_steps, std::move(steps));
    {
        const QSignalBlocker block(m_stepList);
        m_stepList->clear();
        for (std::size_t i = 0; i < m_steps.size(); ++i)
            m_stepList->addItem(QStringLiteral("%1. %2").arg(i + 1).arg(m_steps[i].title));
    }
    m_current = -1;
    selectStep(select);
    updateButtons();
}

void TeachingPanel::selectStep(int index) {
    if (m_steps.empty())
        return;
    index = std::clamp(index, 0, static_cast<int>(m_steps.size()) - 1);
    m_current = index;
    const TeachingStep& step = m_steps[static_cast<std::size_t>(index)];
    const bool sameGeometry = m_view->filter() && step.filter && m_view->filter()->type() == step.filter->type() &&
                              layerCount(*m_view->filter()) == layerCount(*step.filter) &&
                              cellCount(*m_view->filter(), 0) == cellCount(*step.filter, 0);
    if (sameGeometry) {
        // Keep zoom: swap the pointer without resetting the view's layout.
        m_view->setFilter(step.filter.get());
    } else {
        m_view->setFilter(step.filter.get());
        m_view->resetZoom();
    }
    m_view->refresh();
    m_view->setMarks(step.marks);
    m_view->setKickChain(step.kicks, step.firstKickNumber);
    m_explanation->setText(QStringLiteral("<b>%1</b><br>%2").arg(step.title.toHtmlEscaped(), step.text));
    fitExplanation();
    QTimer::singleShot(0, this, &TeachingPanel::fitExplanation);  // once the panel is laid out
    {
        const QSignalBlocker block(m_stepList);
        m_stepList->setCurrentRow(index);
    }
    m_prev->setEnabled(index > 0);
    m_next->setEnabled(index + 1 < static_cast<int>(m_steps.size()));
}

void TeachingPanel::fitExplanation() {
    const QList<int> sizes = m_column->sizes();
    const int width = m_explanationScroll->viewport()->width();
    if (sizes.size() != 2 || width <= 0)
        return;  // not laid out yet
    const int needed = m_explanation->heightForWidth(width) + 2 * m_explanationScroll->frameWidth();
    const int total = sizes[0] + sizes[1];
    const int target = std::min(needed, total * 45 / 100);
    if (target > sizes[0])  // only grows: a pane the user made larger stays as it is
        m_column->setSizes({target, total - target});
}

bool TeachingPanel::addWord(const QString& text) {
    const std::string word = toKey(text.trimmed());
    if (word.empty()) {
        emit statusMessage(tr("Type a word first."));
        return false;
    }
    Lesson lesson = addLesson(board(), word);
    const bool stored = lesson.answer;
    present(std::move(lesson));
    return stored;
}

bool TeachingPanel::queryWord(const QString& text) {
    const std::string word = toKey(text.trimmed());
    if (word.empty()) {
        emit statusMessage(tr("Type a word first."));
        return false;
    }
    Lesson lesson = queryLesson(board(), word);
    const bool maybe = lesson.answer;
    present(std::move(lesson));
    return maybe;
}

QString TeachingPanel::findFalsePositive() {
    if (words().empty()) {
        emit statusMessage(tr("Add some words first: an empty filter has no false positives."));
        return {};
    }
    const std::string found = bloomlab::ui::findFalsePositive(board());
    if (found.empty()) {
        emit statusMessage(tr("No false positive among 200,000 words: the filter is nearly empty. Add more words."));
        return {};
    }
    m_word->setText(fromKey(found));
    queryWord(fromKey(found));
    return fromKey(found);
}

bool TeachingPanel::explainNoDelete() {
    if (m_mode != Mode::Bloom)
        setMode(Mode::Bloom);
    Lesson lesson = noDeleteLesson(m_bloom);
    if (!lesson.answer) {
        m_bloom = std::move(lesson.board);  // the sample words it added stay
        emit statusMessage(lesson.status);
        return false;
    }
    present(std::move(lesson));
    return true;
}

void TeachingPanel::fillWithSamples() { present(samplesLesson(board())); }

} // namespace bloomlab::ui

namespace bloomlab::ui {

bool TeachingPanel::showScene(const QString& scene) {
    const QString name = scene.section(QLatin1Char(':'), 0, 0);
    bool numbered = false;
    const int step = scene.section(QLatin1Char(':'), 1, 1).toInt(&numbered) - 1;
    int select = -1;
    if (name == QLatin1String("add")) {
        setMode(Mode::Bloom);
        reset();
        for (const char* w : {"apple", "banana", "cherry", "kiwi"})
            addWord(QString::fromLatin1(w));
        // The first word from "word1" on that probes one bit twice.
        for (int i = 1; i < 10000; ++i) {
            const QString word = QStringLiteral("word%1").arg(i);
            const auto p = probePositions(m_bloom.filter, toKey(word));
            if (lesson::distinctCount(p) < p.size()) {
                m_word->setText(word);
                addWord(word);
                break;
            }
        }
        select = static_cast<int>(m_steps.size()) - 1;
    } else if (name == QLatin1String("no-delete")) {
        setMode(Mode::Bloom);
        reset();
        for (const char* w : {"apple", "banana", "cherry", "kiwi", "mango"})
            addWord(QString::fromLatin1(w));
        if (!explainNoDelete())
            return false;
        select = 0;
    } else if (name == QLatin1String("cuckoo-kick") || name == QLatin1String("cuckoo-done")) {
        setMode(Mode::Cuckoo);
        reset();
        fillWithSamples();
        for (int i = 0; i < 200; ++i) {
            const QString word = QStringLiteral("extra%1").arg(i);
            m_word->setText(word);
            const bool stored = addWord(word);
            const std::size_t kicks = lastKickChain(m_cuckoo.filter).size();
            if (kicks >= 2 && kicks <= 6)
                break;
            if (!stored) {
                reset();
                fillWithSamples();
            }
        }
        select = name == QLatin1String("cuckoo-kick") ? 2 : static_cast<int>(m_steps.size()) - 1;
    } else if (name == QLatin1String("cuckoo-loop")) {
        // A kick whose fingerprint has the same bucket twice.
        setMode(Mode::Cuckoo);
        reset();
        fillWithSamples();
        for (int i = 0; i < 2000 && select < 0; ++i) {
            const QString word = QStringLiteral("loop%1").arg(i);
            m_word->setText(word);
            const bool stored = addWord(word);
            const std::vector<CuckooKick> kicks = lastKickChain(m_cuckoo.filter);
            for (std::size_t k = 0; k < kicks.size() && kicks.size() <= 12 && select < 0; ++k)
                if (kicks[k].fromBucket == kicks[k].toBucket)
                    select = static_cast<int>(k) + 2;
            if (!stored || kicks.size() > 12) {
                reset();
                fillWithSamples();
            }
        }
        if (select < 0)
            return false;
    } else {
        return false;
    }
    selectStep(numbered ? step : select);
    return true;
}

} // namespace bloomlab::ui
