// TeachingPanel — step-by-step explanations on a tiny filter whose every bit is visible.
//   Add:    hash -> h1, h2 -> each of the k positions -> the bits turning on.
//   Query:  each probed bit; the first 0 means "definitely not"; all 1s mean "maybe", and for a
//           false positive, which inserted words set those bits.
//   Cuckoo: fingerprint, buckets i1 and i2, the slot taken, every kick of a relocation chain.
//   Why no delete: clearing a word's bits in a classic filter makes another word vanish (a false
//           negative); a counting filter deletes the same word safely.
// Each step keeps a snapshot of the filter, so stepping back and forth shows the state the text
// talks about (partial states of an insert are the final state with the later new bits cleared
// again via BloomFilter::resetBitForDemo).
#pragma once

#include "core/any_filter.h"
#include "ui/filter_probe.h"

#include <QWidget>

#include <memory>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;

namespace bloomlab::ui {

class BitArrayView;

struct TeachingStep {
    QString title;                             ///< one line for the step list
    QString text;                              ///< the explanation (rich text)
    std::shared_ptr<const AnyFilter> filter;   ///< the state the text talks about
    std::vector<CellMark> marks;
    std::vector<CuckooKick> kicks;
};

class TeachingPanel : public QWidget {
    Q_OBJECT

public:
    enum class Mode { Bloom, Cuckoo };

    explicit TeachingPanel(QWidget* parent = nullptr);

    void setMode(Mode mode);
    Mode mode() const noexcept { return m_mode; }

    /// The actions of the buttons (also used by the demo and the tests).
    bool addWord(const QString& word);
    bool queryWord(const QString& word);
    /// Queries words that were never added until one is a false positive; returns it (or "").
    QString findFalsePositive();
    /// Runs the "why no delete" walk-through; false (with a message) when it cannot.
    bool explainNoDelete();
    /// Adds sample words (Bloom: until about half the bits are set; cuckoo: until 90 % full).
    void fillWithSamples();
    void reset();

    const std::vector<TeachingStep>& steps() const noexcept { return m_steps; }
    int currentStep() const noexcept { return m_current; }
    void selectStep(int index);

    BitArrayView* bitView() const noexcept { return m_view; }
    const AnyFilter& bloomFilter() const noexcept { return m_bloom; }
    const AnyFilter& cuckooFilter() const noexcept { return m_cuckoo; }
    const std::vector<std::string>& words() const noexcept { return m_mode == Mode::Bloom ? m_bloomWords : m_cuckooWords; }
    QLabel* explanation() const noexcept { return m_explanation; }
    QLineEdit* wordEdit() const noexcept { return m_word; }

signals:
    void statusMessage(const QString& message);

private:
    void rebuildFilters();
    void setSteps(std::vector<TeachingStep> steps, int select);
    void showIntro();
    QString wordsSetting(std::uint64_t position, const std::string& except = {}) const;
    bool addCuckoo(const std::string& word);
    bool queryCuckoo(const std::string& word);
    void updateButtons();

    Mode m_mode = Mode::Bloom;
    AnyFilter m_bloom;
    AnyFilter m_cuckoo;
    std::vector<std::string> m_bloomWords;
    std::vector<std::string> m_cuckooWords;
    std::vector<TeachingStep> m_steps;
    int m_current = -1;

    QComboBox* m_modeCombo = nullptr;
    QSpinBox* m_bits = nullptr;
    QSpinBox* m_hashes = nullptr;
    QComboBox* m_buckets = nullptr;
    QLineEdit* m_word = nullptr;
    QPushButton* m_add = nullptr;
    QPushButton* m_query = nullptr;
    QPushButton* m_findFp = nullptr;
    QPushButton* m_noDelete = nullptr;
    QPushButton* m_samples = nullptr;
    QPushButton* m_reset = nullptr;
    QPushButton* m_prev = nullptr;
    QPushButton* m_next = nullptr;
    QListWidget* m_stepList = nullptr;
    QLabel* m_explanation = nullptr;
    QLabel* m_wordsLabel = nullptr;
    BitArrayView* m_view = nullptr;
};

} // namespace bloomlab::ui
