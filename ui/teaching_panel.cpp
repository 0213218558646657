#include "ui/teaching_panel.h"

#include "ui/bit_array_view.h"
#include "ui/sample_keys.h"

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
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

namespace bloomlab::ui {

namespace {

using Cuckoo8 = CuckooFilter<8>;

std::shared_ptr<const AnyFilter> snapshot(const AnyFilter& filter) { return std::make_shared<const AnyFilter>(filter); }

QString hex(std::uint64_t value, int width = 16) {
    return QStringLiteral("0x") + QString::number(value, 16).toUpper().rightJustified(width, QLatin1Char('0'));
}

QString quoted(const std::string& word) { return QStringLiteral("“") + fromKey(word).toHtmlEscaped() + QStringLiteral("”"); }

double fillOf(const AnyFilter& filter) { return filter.stats().fillRatio; }

} // namespace

TeachingPanel::TeachingPanel(QWidget* parent)
    : QWidget(parent), m_bloom(BloomFilter(64, 3)), m_cuckoo(Cuckoo8(8)) {
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

    m_word = new QLineEdit(this);
    m_word->setObjectName(QStringLiteral("teachingWord"));
    m_word->setPlaceholderText(tr("type a word, e.g. apple"));
    m_word->setClearButtonEnabled(true);
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
    m_view->setPreferredColumns(16);

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
    m_bloom = AnyFilter(BloomFilter(static_cast<std::uint64_t>(m_bits->value()), static_cast<std::uint32_t>(m_hashes->value())));
    m_cuckoo = AnyFilter(Cuckoo8(static_cast<std::uint64_t>(m_buckets->currentData().toInt())));
    // Same words, new geometry.
    std::vector<std::string> kept;
    for (const std::string& w : m_cuckooWords)
        if (m_cuckoo.insert(w))
            kept.push_back(w);
    m_cuckooWords = std::move(kept);
    for (const std::string& w : m_bloomWords)
        m_bloom.insert(w);
    updateButtons();
    showIntro();
}

void TeachingPanel::reset() {
    m_bloomWords.clear();
    m_cuckooWords.clear();
    rebuildFilters();
}

void TeachingPanel::showIntro() {
    TeachingStep step;
    if (m_mode == Mode::Bloom) {
        const auto* bf = m_bloom.as<BloomFilter>();
        step.title = tr("A Bloom filter");
        step.text = tr("A Bloom filter is an array of %1 bits, all 0 at first. To <b>add</b> a word, the filter "
                       "hashes it to %2 positions and sets those bits to 1. To <b>query</b> a word it checks the "
                       "same %2 bits: if any is 0 the word was <b>definitely not</b> added; if all are 1 the answer "
                       "is <b>maybe</b>.<br><br>Type a word and press <b>Add</b>.")
                        .arg(bf->numBits())
                        .arg(bf->numHashes());
        step.filter = snapshot(m_bloom);
    } else {
        const auto* cf = m_cuckoo.as<Cuckoo8>();
        step.title = tr("A cuckoo filter");
        step.text = tr("A cuckoo filter is a table of %1 buckets with 4 slots each. It stores a small "
                       "<b>fingerprint</b> of each word (8 bits here) in one of two buckets, <i>i1</i> and "
                       "<i>i2</i>. When both are full it <b>kicks</b> a fingerprint out to its other bucket, like "
                       "a cuckoo chick. Unlike a Bloom filter it can delete: remove the fingerprint.<br><br>Type a "
                       "word and press <b>Add</b>.")
                        .arg(cf->numBuckets());
        step.filter = snapshot(m_cuckoo);
    }
    std::vector<TeachingStep> steps;
    steps.push_back(std::move(step));
    setSteps(std::move(steps), 0);
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
    m_view->setKickChain(step.kicks);
    m_explanation->setText(QStringLiteral("<b>%1</b><br>%2").arg(step.title.toHtmlEscaped(), step.text));
    {
        const QSignalBlocker block(m_stepList);
        m_stepList->setCurrentRow(index);
    }
    m_prev->setEnabled(index > 0);
    m_next->setEnabled(index + 1 < static_cast<int>(m_steps.size()));
}

QString TeachingPanel::wordsSetting(std::uint64_t position, const std::string& except) const {
    const auto* bf = m_bloom.as<BloomFilter>();
    QStringList found;
    for (const std::string& w : m_bloomWords) {
        if (w == except)
            continue;
        const auto positions = bf->probePositions(w);
        if (std::find(positions.begin(), positions.end(), position) != positions.end())
            found << quoted(w);
        if (found.size() >= 4)
            break;
    }
    return found.join(QStringLiteral(", "));
}

// ---- classic Bloom: add ------------------------------------------------------------------

bool TeachingPanel::addWord(const QString& text) {
    const std::string word = toKey(text.trimmed());
    if (word.empty()) {
        emit statusMessage(tr("Type a word first."));
        return false;
    }
    if (m_mode == Mode::Cuckoo)
        return addCuckoo(word);

    auto* bf = m_bloom.as<BloomFilter>();
    const auto before = snapshot(m_bloom);
    const Hash128 hash = bf->hashOf(word);
    const std::vector<std::uint64_t> positions = bf->probePositions(word);
    const std::uint64_t m = bf->numBits();
    const std::uint32_t k = bf->numHashes();
    std::vector<bool> wasSet(k);
    for (std::uint32_t j = 0; j < k; ++j)
        wasSet[j] = bf->testBit(positions[j]);
    const bool again = std::find(m_bloomWords.begin(), m_bloomWords.end(), word) != m_bloomWords.end();
    m_bloom.insert(word);
    if (!again)
        m_bloomWords.push_back(word);

    // The double-hashing formula, shown with numbers when it reproduces the filter's positions.
    const std::uint64_t h2 = hash.high | 1U;
    bool formulaShown = true;
    for (std::uint32_t j = 0; j < k; ++j)
        formulaShown = formulaShown && reduceRange(hash.low + j * h2, m) == positions[j];

    std::vector<TeachingStep> steps;
    {
        TeachingStep s;
        s.title = tr("Hash %1").arg(quoted(word));
        s.text = tr("XXH3-128 turns %1 into a 128-bit number. Its low half is <b>h1</b> = %2, its high half "
                    "(made odd, so it is never 0) is <b>h2</b> = %3.<br>The %4 positions are "
                    "<i>g<sub>j</sub> = h1 + j·h2</i> (mod 2<sup>64</sup>), each mapped onto 0…%5 by "
                    "<i>⌊g<sub>j</sub>·m / 2<sup>64</sup>⌋</i> (double hashing: one hash gives all k positions).")
                     .arg(quoted(word), hex(hash.low), hex(h2))
                     .arg(k)
                     .arg(m - 1);
        s.filter = before;
        steps.push_back(std::move(s));
    }
    for (std::uint32_t j = 0; j < k; ++j) {
        // State after probes 0..j: the final state minus the bits that only later probes turn on.
        auto partial = std::make_shared<AnyFilter>(m_bloom);
        std::set<std::uint64_t> reached(positions.begin(), positions.begin() + j + 1);
        for (std::uint32_t later = j + 1; later < k; ++later)
            if (!wasSet[later] && !reached.contains(positions[later]))
                partial->as<BloomFilter>()->resetBitForDemo(positions[later]);
        TeachingStep s;
        const std::uint64_t p = positions[j];
        const bool repeat = std::find(positions.begin(), positions.begin() + j, p) != positions.begin() + j;
        s.title = tr("Position %1 → bit %2").arg(j + 1).arg(p);
        QString how = formulaShown ? tr("g<sub>%1</sub> = h1 + %1·h2 = %2 → ⌊g·%3 / 2<sup>64</sup>⌋ = <b>%4</b>. ")
                                         .arg(j)
                                         .arg(hex(hash.low + j * h2))
                                         .arg(m)
                                         .arg(p)
                                   : tr("Position %1 is bit <b>%2</b>. ").arg(j + 1).arg(p);
        if (repeat)
            how += tr("The same bit as an earlier position of this word (it happens when m is small).");
        else if (wasSet[j]) {
            const QString by = wordsSetting(p, word);
            how += by.isEmpty() ? tr("Bit %1 was already 1 and stays 1.").arg(p)
                                : tr("Bit %1 was already 1 (set by %2) and stays 1: words share bits.").arg(p).arg(by);
        } else {
            how += tr("Bit %1 was 0 and <b>turns on</b>.").arg(p);
        }
        s.text = how;
        s.filter = partial;
        for (std::uint32_t i = 0; i <= j; ++i)
            s.marks.push_back({0, positions[i], wasSet[i] ? MarkRole::Probe : MarkRole::NewlySet});
        steps.push_back(std::move(s));
    }
    {
        const std::size_t fresh = static_cast<std::size_t>(std::count(wasSet.begin(), wasSet.end(), false));
        const double fill = fillOf(m_bloom);
        TeachingStep s;
        s.title = tr("Done: %1 is in the filter").arg(quoted(word));
        s.text = tr("All %1 bits of %2 are 1 now (%3 turned on, %4 were already set). The filter holds %5 word(s); "
                    "%6 % of its bits are 1, so a word that was never added finds all its %1 bits set with "
                    "probability about %7<sup>%1</sup> = <b>%8</b> — the false-positive rate.")
                     .arg(k)
                     .arg(quoted(word))
                     .arg(fresh)
                     .arg(k - fresh)
                     .arg(m_bloomWords.size())
                     .arg(QString::number(fill * 100, 'f', 1))
                     .arg(QString::number(fill, 'f', 2))
                     .arg(formatProbability(std::pow(fill, k)));
        s.filter = snapshot(m_bloom);
        for (std::uint32_t j = 0; j < k; ++j)
            s.marks.push_back({0, positions[j], wasSet[j] ? MarkRole::Probe : MarkRole::NewlySet});
        steps.push_back(std::move(s));
    }
    const int last = static_cast<int>(steps.size()) - 1;
    setSteps(std::move(steps), last);
    emit statusMessage(tr("Added %1: bits %2").arg(fromKey(word), [&] {
        QStringList list;
        for (const auto p : positions)
            list << QString::number(p);
        return list.join(QStringLiteral(", "));
    }()));
    return true;
}

// ---- classic Bloom: query ----------------------------------------------------------------

bool TeachingPanel::queryWord(const QString& text) {
    const std::string word = toKey(text.trimmed());
    if (word.empty()) {
        emit statusMessage(tr("Type a word first."));
        return false;
    }
    if (m_mode == Mode::Cuckoo)
        return queryCuckoo(word);

    const auto* bf = m_bloom.as<BloomFilter>();
    const std::vector<std::uint64_t> positions = bf->probePositions(word);
    const std::uint32_t k = bf->numHashes();
    const bool inserted = std::find(m_bloomWords.begin(), m_bloomWords.end(), word) != m_bloomWords.end();
    const auto now = snapshot(m_bloom);
    std::vector<TeachingStep> steps;
    {
        TeachingStep s;
        s.title = tr("Query %1").arg(quoted(word));
        s.text = tr("The query hashes %1 exactly like an insert would, giving the same %2 positions: %3. "
                    "Now each bit is checked in turn.")
                     .arg(quoted(word))
                     .arg(k)
                     .arg([&] {
                         QStringList list;
                         for (const auto p : positions)
                             list << QString::number(p);
                         return list.join(QStringLiteral(", "));
                     }());
        s.filter = now;
        steps.push_back(std::move(s));
    }
    std::vector<CellMark> marks;
    bool definitelyNot = false;
    for (std::uint32_t j = 0; j < k; ++j) {
        const std::uint64_t p = positions[j];
        const bool set = bf->testBit(p);
        marks.push_back({0, p, set ? MarkRole::Probe : MarkRole::ProbeZero});
        TeachingStep s;
        s.filter = now;
        s.marks = marks;
        if (!set) {
            s.title = tr("Bit %1 is 0 → definitely not").arg(p);
            s.text = tr("Bit %1 is <b>0</b>. Adding %2 would have set it, and bits are never cleared, so %2 was "
                        "<b>definitely not</b> added. The filter can stop here: one zero is proof.%3")
                         .arg(p)
                         .arg(quoted(word))
                         .arg(inserted ? tr("<br><span style='color:#c62828'>(It was added, so the filter is broken "
                                            "— this never happens with an intact Bloom filter.)</span>")
                                       : QString());
            steps.push_back(std::move(s));
            definitelyNot = true;
            break;
        }
        const QString by = wordsSetting(p, word);
        s.title = tr("Bit %1 is 1").arg(p);
        s.text = by.isEmpty() ? tr("Bit %1 is <b>1</b>. Keep checking.").arg(p)
                              : tr("Bit %1 is <b>1</b> (set by %2). Keep checking.").arg(p).arg(by);
        steps.push_back(std::move(s));
    }
    if (!definitelyNot) {
        TeachingStep s;
        s.filter = now;
        s.marks = marks;
        if (inserted) {
            s.title = tr("All %1 bits are 1 → maybe (true positive)").arg(k);
            s.text = tr("Every probed bit is 1, so the answer is <b>maybe</b>. %1 was added, so this is a true "
                        "positive: a Bloom filter never forgets a word it was given.")
                         .arg(quoted(word));
        } else {
            QStringList blame;
            for (const auto p : positions) {
                const QString by = wordsSetting(p, word);
                blame << tr("bit %1 ← %2").arg(p).arg(by.isEmpty() ? tr("?") : by);
            }
            s.title = tr("All %1 bits are 1 → maybe, but a FALSE POSITIVE").arg(k);
            s.text = tr("Every probed bit is 1, so the filter says <b>maybe</b> — yet %1 was <b>never added</b>. Its "
                        "bits were set by other words: %2.<br>That is a <span style='color:#c62828'><b>false "
                        "positive</b></span>. A \"maybe\" must always be checked against the real data; only "
                        "\"definitely not\" is certain.")
                         .arg(quoted(word), blame.join(QStringLiteral("; ")));
        }
        steps.push_back(std::move(s));
    }
    const int last = static_cast<int>(steps.size()) - 1;
    setSteps(std::move(steps), last);
    emit statusMessage(definitelyNot ? tr("%1: definitely not").arg(fromKey(word))
                                     : (inserted ? tr("%1: maybe (it was added)").arg(fromKey(word))
                                                 : tr("%1: maybe — a false positive").arg(fromKey(word))));
    return !definitelyNot;
}

QString TeachingPanel::findFalsePositive() {
    const AnyFilter& filter = m_mode == Mode::Bloom ? m_bloom : m_cuckoo;
    const std::vector<std::string>& added = words();
    if (added.empty()) {
        emit statusMessage(tr("Add some words first: an empty filter has no false positives."));
        return {};
    }
    auto tryWord = [&](const std::string& candidate) {
        return std::find(added.begin(), added.end(), candidate) == added.end() && filter.mightContain(candidate);
    };
    std::string found;
    for (const QString& w : sampleWords()) {
        if (tryWord(toKey(w))) {
            found = toKey(w);
            break;
        }
    }
    for (int i = 1; found.empty() && i <= 200000; ++i) {
        const std::string candidate = "word" + std::to_string(i);
        if (tryWord(candidate))
            found = candidate;
    }
    if (found.empty()) {
        emit statusMessage(tr("No false positive among 200,000 words: the filter is nearly empty. Add more words."));
        return {};
    }
    m_word->setText(fromKey(found));
    queryWord(fromKey(found));
    return fromKey(found);
}

// ---- why no delete -----------------------------------------------------------------------

bool TeachingPanel::explainNoDelete() {
    if (m_mode != Mode::Bloom)
        setMode(Mode::Bloom);
    auto* bf = m_bloom.as<BloomFilter>();
    // Find words A, B that share a bit: clearing A's bits then hides B.
    auto findPair = [&](std::string& a, std::string& b) {
        for (auto ia = m_bloomWords.rbegin(); ia != m_bloomWords.rend(); ++ia) {
            const auto pa = bf->probePositions(*ia);
            for (const std::string& candidate : m_bloomWords) {
                if (candidate == *ia)
                    continue;
                const auto pb = bf->probePositions(candidate);
                if (std::any_of(pb.begin(), pb.end(), [&](auto p) { return std::find(pa.begin(), pa.end(), p) != pa.end(); })) {
                    a = *ia;
                    b = candidate;
                    return true;
                }
            }
        }
        return false;
    };
    std::string a, b;
    int added = 0;
    for (const QString& w : sampleWords()) {
        if (findPair(a, b))
            break;
        const std::string key = toKey(w);
        if (std::find(m_bloomWords.begin(), m_bloomWords.end(), key) != m_bloomWords.end())
            continue;
        m_bloom.insert(key);
        m_bloomWords.push_back(key);
        ++added;
    }
    if (a.empty() && !findPair(a, b)) {
        emit statusMessage(tr("No two words share a bit; try a smaller m."));
        return false;
    }
    const std::vector<std::uint64_t> pa = bf->probePositions(a);
    const std::vector<std::uint64_t> pb = bf->probePositions(b);
    std::vector<std::uint64_t> shared;
    for (auto p : pb)
        if (std::find(pa.begin(), pa.end(), p) != pa.end() && std::find(shared.begin(), shared.end(), p) == shared.end())
            shared.push_back(p);
    auto list = [](const std::vector<std::uint64_t>& v) {
        QStringList l;
        for (auto p : v)
            l << QString::number(p);
        return l.join(QStringLiteral(", "));
    };

    std::vector<TeachingStep> steps;
    const auto intact = snapshot(m_bloom);
    {
        TeachingStep s;
        s.title = tr("%1 and %2 share bit %3").arg(quoted(a), quoted(b)).arg(shared.front());
        s.text = tr("%1 uses bits %2; %3 uses bits %4. Both need bit <b>%5</b>.%6<br>Suppose we want to delete %1.")
                     .arg(quoted(a), list(pa), quoted(b), list(pb))
                     .arg(shared.front())
                     .arg(added ? tr(" (%n sample word(s) were added so that two words share a bit.)", nullptr, added) : QString());
        s.filter = intact;
        for (auto p : pa)
            s.marks.push_back({0, p, MarkRole::Probe});
        for (auto p : pb)
            s.marks.push_back({0, p, std::find(shared.begin(), shared.end(), p) != shared.end() ? MarkRole::ProbeZero : MarkRole::NewlySet});
        steps.push_back(std::move(s));
    }
    auto damaged = std::make_shared<AnyFilter>(m_bloom);
    for (auto p : pa)
        damaged->as<BloomFilter>()->resetBitForDemo(p);
    {
        TeachingStep s;
        s.title = tr("Clear the bits of %1").arg(quoted(a));
        s.text = tr("The naive delete: set %1's bits (%2) back to 0. A plain bit cannot say how many words "
                    "set it, so bit %3 is cleared too, although %4 still needs it.")
                     .arg(quoted(a), list(pa))
                     .arg(shared.front())
                     .arg(quoted(b));
        s.filter = damaged;
        for (auto p : pa)
            s.marks.push_back({0, p, MarkRole::Cleared});
        steps.push_back(std::move(s));
    }
    {
        TeachingStep s;
        s.title = tr("Query %1 → \"definitely not\": a FALSE NEGATIVE").arg(quoted(b));
        s.text = tr("Now %1 finds bit %2 at 0 and the filter answers <b>definitely not</b> — but %1 was added! "
                    "This is a <span style='color:#c62828'><b>false negative</b></span>, the one mistake a Bloom "
                    "filter must never make. That is why a classic Bloom filter has no delete: rebuild it instead.")
                     .arg(quoted(b))
                     .arg(shared.front());
        s.filter = damaged;
        for (auto p : pb)
            s.marks.push_back({0, p, damaged->as<BloomFilter>()->testBit(p) ? MarkRole::Probe : MarkRole::ProbeZero});
        steps.push_back(std::move(s));
    }
    // The counting filter: the same words, counters instead of bits.
    AnyFilter counting(CountingBloomFilter(bf->numBits(), bf->numHashes()));
    for (const std::string& w : m_bloomWords)
        counting.insert(w);
    const auto* cbf = counting.as<CountingBloomFilter>();
    const auto ca = cbf->probePositions(a);
    const auto cb = cbf->probePositions(b);
    {
        TeachingStep s;
        s.title = tr("A counting filter: counters instead of bits");
        s.text = tr("A <b>counting Bloom filter</b> keeps a 4-bit counter per cell (%1 counters here, in 64-byte "
                    "lines of 128) and adds 1 for each word that uses it. The same %2 words are inserted. %3 uses counters "
                    "%4, %5 uses %6; a counter shared by several words holds a higher count.")
                     .arg(cbf->numCounters())
                     .arg(m_bloomWords.size())
                     .arg(quoted(a), list(ca), quoted(b), list(cb));
        s.filter = snapshot(counting);
        for (auto p : ca)
            s.marks.push_back({0, p, MarkRole::Probe});
        for (auto p : cb)
            s.marks.push_back({0, p, MarkRole::NewlySet});
        steps.push_back(std::move(s));
    }
    const bool erased = counting.erase(a);
    {
        TeachingStep s;
        s.title = tr("erase(%1) decrements its counters").arg(quoted(a));
        s.text = erased ? tr("Deleting %1 subtracts 1 from each of its counters (%2). Counters other words still "
                             "use stay above 0. (A counter that reached 15 sticks at 15 forever, so an overflow can "
                             "never cause a false negative.)")
                              .arg(quoted(a), list(ca))
                        : tr("erase(%1) refused: one of its counters was 0.").arg(quoted(a));
        s.filter = snapshot(counting);
        for (auto p : ca)
            s.marks.push_back({0, p, MarkRole::Cleared});
        steps.push_back(std::move(s));
    }
    {
        const bool found = counting.mightContain(b);
        TeachingStep s;
        s.title = tr("Query %1 → still found").arg(quoted(b));
        s.text = found ? tr("All counters of %1 are still above 0, so %1 is <b>still found</b>: the counting filter "
                            "deleted %2 safely. The price: 4 bits per cell instead of 1 (4× the memory), and you may "
                            "only delete words that really were added.")
                             .arg(quoted(b), quoted(a))
                       : tr("%1 is not found — this should not happen.").arg(quoted(b));
        s.filter = snapshot(counting);
        for (auto p : cb)
            s.marks.push_back({0, p, cbf->counterAt(p) > 0 ? MarkRole::Match : MarkRole::ProbeZero});
        steps.push_back(std::move(s));
    }
    setSteps(std::move(steps), 0);
    emit statusMessage(tr("Why no delete: step through with Next (Alt+Right)."));
    return true;
}

// ---- cuckoo ------------------------------------------------------------------------------

bool TeachingPanel::addCuckoo(const std::string& word) {
    auto* cf = m_cuckoo.as<Cuckoo8>();
    const auto before = snapshot(m_cuckoo);
    const Cuckoo8::Placement place = cf->placementOf(word);
    const bool ok = m_cuckoo.insert(word);
    const std::vector<CuckooKick> kicks = cf->lastKickChain();
    if (ok)
        m_cuckooWords.push_back(word);
    const auto after = snapshot(m_cuckoo);
    auto bucketMarks = [&](MarkRole role) {
        std::vector<CellMark> marks;
        for (const std::uint64_t b : {place.bucket1, place.bucket2})
            for (unsigned s = 0; s < 4; ++s)
                marks.push_back({0, b * 4 + s, role});
        return marks;
    };
    std::vector<TeachingStep> steps;
    {
        TeachingStep s;
        s.title = tr("Fingerprint and buckets of %1").arg(quoted(word));
        s.text = tr("The hash of %1 gives an 8-bit <b>fingerprint</b> f = <b>0x%2</b> (never 0: 0 marks an empty "
                    "slot) and bucket <b>i1 = %3</b>. The other bucket is <b>i2 = i1 XOR hash(f) = %4</b>. Because "
                    "i2 needs only f, a stored fingerprint can later move between its two buckets without the "
                    "original word (and XOR maps i2 back to i1).")
                     .arg(quoted(word), QString::number(place.fingerprint, 16).toUpper())
                     .arg(place.bucket1)
                     .arg(place.bucket2);
        s.filter = before;
        s.marks = bucketMarks(MarkRole::Candidate);
        steps.push_back(std::move(s));
    }
    if (ok && kicks.empty()) {
        std::uint64_t cell = 0;
        for (const std::uint64_t b : {place.bucket1, place.bucket2})
            for (unsigned slot = 0; slot < 4; ++slot)
                if (cellValue(*before, 0, b * 4 + slot) != cellValue(*after, 0, b * 4 + slot))
                    cell = b * 4 + slot;
        TeachingStep s;
        s.title = tr("Stored in bucket %1, slot %2").arg(cell / 4).arg(cell % 4);
        s.text = tr("Bucket %1 had a free slot, so f = 0x%2 goes into slot %3. Done — no other fingerprint moved.")
                     .arg(cell / 4)
                     .arg(QString::number(place.fingerprint, 16).toUpper())
                     .arg(cell % 4);
        s.filter = after;
        s.marks = bucketMarks(MarkRole::Candidate);
        s.marks.push_back({0, cell, MarkRole::Match});
        steps.push_back(std::move(s));
    } else if (!kicks.empty()) {
        {
            TeachingStep s;
            s.title = tr("Both buckets are full");
            s.text = tr("All 8 slots of buckets %1 and %2 are taken. The cuckoo filter makes room: it puts f into a "
                        "slot anyway and <b>kicks</b> the fingerprint that was there to <i>its</i> other bucket.")
                         .arg(place.bucket1)
                         .arg(place.bucket2);
            s.filter = before;
            s.marks = bucketMarks(MarkRole::Candidate);
            steps.push_back(std::move(s));
        }
        for (std::size_t i = 0; i < kicks.size(); ++i) {
            const CuckooKick& kick = kicks[i];
            TeachingStep s;
            s.title = tr("Kick %1: 0x%2 from bucket %3 to %4")
                          .arg(i + 1)
                          .arg(QString::number(kick.fingerprint, 16).toUpper())
                          .arg(kick.fromBucket)
                          .arg(kick.toBucket);
            s.text = tr("Fingerprint <b>0x%1</b> is evicted from bucket %2 (slot %3) and moves to its other bucket "
                        "%2 XOR hash(0x%1) = <b>%4</b>.%5")
                         .arg(QString::number(kick.fingerprint, 16).toUpper())
                         .arg(kick.fromBucket)
                         .arg(kick.slot)
                         .arg(kick.toBucket)
                         .arg(i + 1 < kicks.size() ? tr(" That bucket is full too, so the chain goes on.")
                                                   : (ok ? tr(" It has a free slot: the chain ends.") : QString()));
            s.filter = after;
            s.kicks.assign(kicks.begin(), kicks.begin() + static_cast<std::ptrdiff_t>(i + 1));
            s.marks.push_back({0, kick.fromBucket * 4 + kick.slot, MarkRole::Probe});
            steps.push_back(std::move(s));
        }
        TeachingStep s;
        s.filter = after;
        s.kicks = kicks;
        if (ok) {
            s.title = tr("Done after %n kick(s)", nullptr, static_cast<int>(kicks.size()));
            s.text = tr("%1 is stored, and every moved fingerprint sits in one of its own two buckets, so every word "
                        "is still found. Long chains mean the table is nearly full (load %2 %).")
                         .arg(quoted(word))
                         .arg(QString::number(cf->loadFactor() * 100, 'f', 0));
        } else {
            s.title = tr("Insert failed: the table is full");
            s.text = tr("After %1 kicks there was still no free slot. The last evicted fingerprint is kept in the "
                        "<b>stash</b> and the insert reports <b>false</b>: the filter never silently loses a word. "
                        "It is full now — rebuild it larger.")
                         .arg(kicks.size());
        }
        steps.push_back(std::move(s));
    } else {
        TeachingStep s;
        s.title = tr("Refused: the filter is full");
        s.text = tr("Both buckets are full and the stash is already occupied, so the insert returns <b>false</b> "
                    "and changes nothing. Nothing that was stored is lost.");
        s.filter = after;
        s.marks = bucketMarks(MarkRole::ProbeZero);
        steps.push_back(std::move(s));
    }
    const int last = static_cast<int>(steps.size()) - 1;
    setSteps(std::move(steps), kicks.empty() ? last : 0);
    emit statusMessage(ok ? tr("Added %1 (%n kick(s))", nullptr, static_cast<int>(kicks.size())).arg(fromKey(word))
                          : tr("%1 was refused: the cuckoo filter is full").arg(fromKey(word)));
    return ok;
}

bool TeachingPanel::queryCuckoo(const std::string& word) {
    const auto* cf = m_cuckoo.as<Cuckoo8>();
    const Cuckoo8::Placement place = cf->placementOf(word);
    const bool maybe = m_cuckoo.mightContain(word);
    const bool inserted = std::find(m_cuckooWords.begin(), m_cuckooWords.end(), word) != m_cuckooWords.end();
    TeachingStep s;
    s.filter = snapshot(m_cuckoo);
    s.marks = probeMarks(m_cuckoo, word);
    s.title = maybe ? (inserted ? tr("0x%1 found → maybe (true positive)") : tr("0x%1 found → maybe, a FALSE POSITIVE"))
                          .arg(QString::number(place.fingerprint, 16).toUpper())
                    : tr("0x%1 not found → definitely not").arg(QString::number(place.fingerprint, 16).toUpper());
    s.text = tr("%1 has fingerprint f = 0x%2 and buckets %3 and %4. The query looks at those 8 slots only. ")
                 .arg(quoted(word), QString::number(place.fingerprint, 16).toUpper())
                 .arg(place.bucket1)
                 .arg(place.bucket2);
    if (!maybe)
        s.text += tr("No slot holds 0x%1, so %2 is <b>definitely not</b> in the filter.")
                      .arg(QString::number(place.fingerprint, 16).toUpper(), quoted(word));
    else if (inserted)
        s.text += tr("A slot holds 0x%1 → <b>maybe</b>; %2 was added, so this is right.")
                      .arg(QString::number(place.fingerprint, 16).toUpper(), quoted(word));
    else
        s.text += tr("A slot holds 0x%1 — but it belongs to another word with the same fingerprint in the same "
                     "bucket. %2 was never added: a <span style='color:#c62828'><b>false positive</b></span>. With "
                     "8-bit fingerprints this happens for at most 8/256 ≈ 3 % of absent words.")
                      .arg(QString::number(place.fingerprint, 16).toUpper(), quoted(word));
    std::vector<TeachingStep> steps;
    steps.push_back(std::move(s));
    setSteps(std::move(steps), 0);
    return maybe;
}

void TeachingPanel::fillWithSamples() {
    int added = 0;
    for (const QString& w : sampleWords()) {
        const std::string key = toKey(w);
        if (m_mode == Mode::Bloom) {
            if (fillOf(m_bloom) >= 0.5)
                break;
            if (std::find(m_bloomWords.begin(), m_bloomWords.end(), key) != m_bloomWords.end())
                continue;
            m_bloom.insert(key);
            m_bloomWords.push_back(key);
            ++added;
        } else {
            if (m_cuckoo.as<Cuckoo8>()->loadFactor() >= 0.9)
                break;
            if (std::find(m_cuckooWords.begin(), m_cuckooWords.end(), key) != m_cuckooWords.end())
                continue;
            if (!m_cuckoo.insert(key))
                break;
            m_cuckooWords.push_back(key);
            ++added;
        }
    }
    TeachingStep s;
    s.title = tr("%n sample word(s) added", nullptr, added);
    if (m_mode == Mode::Bloom)
        s.text = tr("The filter now holds %1 words and %2 % of its bits are 1. Try <b>Find a false positive</b>, "
                    "or query a word of your own.")
                     .arg(m_bloomWords.size())
                     .arg(QString::number(fillOf(m_bloom) * 100, 'f', 0));
    else
        s.text = tr("The table is %1 % full. The next inserts will probably have to kick fingerprints around: add "
                    "a word and step through its kick chain.")
                     .arg(QString::number(m_cuckoo.as<Cuckoo8>()->loadFactor() * 100, 'f', 0));
    s.filter = snapshot(m_mode == Mode::Bloom ? m_bloom : m_cuckoo);
    std::vector<TeachingStep> steps;
    steps.push_back(std::move(s));
    setSteps(std::move(steps), 0);
}

} // namespace bloomlab::ui
