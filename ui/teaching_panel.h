// TeachingPanel — step-by-step explanations on a tiny filter whose every bit is visible: the
// controls, the list of steps and the bit view. What each step says and shows comes from the
// lessons (teaching_lessons.h); the panel keeps the two boards (classic and cuckoo) and shows the
// steps of the last action.
#pragma once

#include "core/any_filter.h"
#include "ui/filter_probe.h"
#include "ui/teaching_lessons.h"

#include <QWidget>

#include <memory>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QScrollArea;
class QSplitter;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;

namespace bloomlab::ui {

class BitArrayView;

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
    /// For screenshots and the demo: sets up a walk-through and selects one of its steps.
    /// Scenes: "add" (a word two of whose probes hit one bit), "no-delete", "cuckoo-kick" (an insert
    /// with a kick chain, first kick shown), "cuckoo-done" (its last step), "cuckoo-loop" (a kick
    /// back into the same bucket); "NAME:N" selects step N (1-based). False for an unknown scene.
    bool showScene(const QString& scene);

    const std::vector<TeachingStep>& steps() const noexcept { return m_steps; }
    int currentStep() const noexcept { return m_current; }
    void selectStep(int index);

    BitArrayView* bitView() const noexcept { return m_view; }
    const AnyFilter& bloomFilter() const noexcept { return m_bloom.filter; }
    const AnyFilter& cuckooFilter() const noexcept { return m_cuckoo.filter; }
    const std::vector<std::string>& words() const noexcept { return board().words; }
    QLabel* explanation() const noexcept { return m_explanation; }
    QLineEdit* wordEdit() const noexcept { return m_word; }

signals:
    void statusMessage(const QString& message);

private:
    const TeachingBoard& board() const noexcept { return m_mode == Mode::Bloom ? m_bloom : m_cuckoo; }
    TeachingBoard& board() noexcept { return m_mode == Mode::Bloom ? m_bloom : m_cuckoo; }
    void rebuildFilters();
    /// Takes the lesson's board and shows its steps (and its status line, if any).
    void present(Lesson lesson);
    void setSteps(std::vector<TeachingStep> steps, int select);
    void showIntro();
    void updateButtons();
    /// Grows the explanation pane (at most to 45 % of the column) when the step's text does not
    /// fit, so a longer text (another language, a long kick chain) is read without scrolling.
    void fitExplanation();

    Mode m_mode = Mode::Bloom;
    TeachingBoard m_bloom;
    TeachingBoard m_cuckoo;
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
    QScrollArea* m_explanationScroll = nullptr;
    QSplitter* m_column = nullptr;
    QLabel* m_wordsLabel = nullptr;
    BitArrayView* m_view = nullptr;
};

} // namespace bloomlab::ui
