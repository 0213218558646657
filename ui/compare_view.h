// CompareView — every filter type built on the same keys at the same memory budget, off the GUI
// thread: a table and a bar chart of bits per key, measured FPR (with its 95 % Wilson interval),
// build time and lookup time — the trade-off to pick from, side by side. The budget is given in
// total or in bits per key; a type the budget cannot hold says so in words (with the least budget
// that fits), and a type that refused inserts shows no FPR.
#pragma once

#include "core/any_filter.h"

#include <QWidget>

#include <cstdint>
#include <vector>

class QBarCategoryAxis;
class QBarSeries;
class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QValueAxis;

namespace bloomlab::ui {

class BackgroundWorker;

struct CompareRow {
    FilterType type = FilterType::Classic;
    std::uint64_t bytes = 0;
    double bitsPerKey = 0;
    std::uint64_t keys = 0;
    std::uint64_t failedInserts = 0;
    std::uint64_t tested = 0;
    std::uint64_t falsePositives = 0;
    double expectedFpr = 0;
    double buildMs = 0;
    double lookupNs = 0;
    QString error;              ///< not built: why, in words ("budget too small for cuckoo: …")
    std::uint64_t minimumBits = 0;  ///< with a too-small budget: the least that fits (0 = unknown)
};

class CompareView : public QWidget {
    Q_OBJECT

public:
    explicit CompareView(QWidget* parent = nullptr);
    ~CompareView() override;

    void setKeyCount(std::uint64_t keys);
    /// The budget in total (bits; the field shows them as a count) or in bits per key.
    void setBudgetBits(std::uint64_t bits);
    void setBudgetBitsPerKey(double bitsPerKey);
    /// The budget of each filter in bits for `keys` keys, from the field and its unit. Throws
    /// std::invalid_argument naming the text.
    std::uint64_t budgetBits(std::uint64_t keys) const;
    void setQueryCount(std::uint64_t queries);
    void run();
    void cancel();
    bool running() const noexcept { return m_running; }

    const std::vector<CompareRow>& rows() const noexcept { return m_rows; }
    QChartView* chartView() const noexcept { return m_chartView; }
    QTableWidget* table() const noexcept { return m_table; }
    QString errorText() const;
    /// Below the controls: the types that were not built or failed their inserts, in words.
    QString noteText() const;
    /// Adds one measured row to the table, note and chart (what a finished measurement does).
    void showRow(const CompareRow& row);
    /// Whether a row's measured FPR means something: built, every key inserted, queries made.
    static bool fprValid(const CompareRow& row);
    /// Markdown table of the results (for the report).
    QString markdownTable() const;

signals:
    void finished(bool cancelled);
    void statusMessage(const QString& message);

private:
    void onRow(std::uint64_t job, const CompareRow& row);
    void onDone(std::uint64_t job, bool cancelled);
    void updateChart();
    void updateNote();
    void setRunningUi(bool running);
    QString budgetText() const;

    QLineEdit* m_keys = nullptr;
    QLineEdit* m_budget = nullptr;
    QComboBox* m_budgetUnit = nullptr;
    QLabel* m_note = nullptr;
    QString m_shownBudget;  // of the run the table shows
    QString m_shownKeys;
    QLineEdit* m_queries = nullptr;
    QLabel* m_error = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QTableWidget* m_table = nullptr;
    QComboBox* m_metric = nullptr;
    QChart* m_chart = nullptr;
    QChartView* m_chartView = nullptr;
    QBarSeries* m_series = nullptr;
    QBarCategoryAxis* m_axisX = nullptr;
    QValueAxis* m_axisY = nullptr;
    std::vector<CompareRow> m_rows;
    std::uint64_t m_job = 0;
    bool m_running = false;
    std::unique_ptr<BackgroundWorker> m_worker;  // reset first in the destructor (joins)
};

} // namespace bloomlab::ui
