// The scripted session of `bloomlab --demo` (MainWindow::runDemo): every tab gets something to
// show, cheap enough to finish in seconds.
#include "ui/main_window.h"

#include "ui/calculator_panel.h"
#include "ui/compare_view.h"
#include "ui/filter_session.h"
#include "ui/parameter_panel.h"
#include "ui/sample_keys.h"
#include "ui/speedup_chart_view.h"
#include "ui/teaching_panel.h"

#include <QLineEdit>
#include <QTimer>

#include <memory>

namespace bloomlab::ui {

void MainWindow::runDemo(std::function<void()> done, int timeoutMs, FilterType explorerType) {
    // A shared state so the steps can chain through signals and the timeout fires only once.
    struct Demo {
        std::function<void()> done;
        bool sweepDone = false;
        bool compareDone = false;
        bool fillDone = false;
        bool finished = false;
        QList<QMetaObject::Connection> connections;
    };
    auto demo = std::make_shared<Demo>();
    demo->done = std::move(done);
    auto finish = [this, demo] {
        if (demo->finished)
            return;
        demo->finished = true;
        for (const auto& c : demo->connections)
            disconnect(c);
        if (demo->done)
            demo->done();
    };
    auto maybeFinish = [demo, finish] {
        if (demo->sweepDone && demo->compareDone && demo->fillDone)
            finish();
    };
    QTimer::singleShot(timeoutMs, this, finish);

    // 1. A small classic filter the bit view can show bit by bit; the sample words go in.
    FilterSpec spec;
    spec.type = explorerType;
    spec.capacity = 1000;
    spec.fpr = 0.01;
    m_parameters->setSpec(spec);
    m_parameters->setHotRatio(0.3);
    m_parameters->setBackendText(QStringLiteral("latency:100"));
    m_session->setSpec(m_parameters->spec());
    const QStringList words = sampleWords();
    for (int i = 0; i < words.size() && i < 240; ++i)
        m_session->insertKey(toKey(words[i]));
    m_session->testAbsentKeys(20000);

    // 2. Teaching: a few words, then a false positive explained.
    for (const char* w : {"apple", "banana", "cherry", "kiwi", "mango", "lemon", "plum", "fig", "grape", "pear", "lime"})
        m_teaching->addWord(QString::fromLatin1(w));
    m_teaching->findFalsePositive();

    // 3. Calculator: n and m given, k and p solved.
    m_calculator->setField(CalculatorPanel::N, QStringLiteral("1000000"));
    m_calculator->setField(CalculatorPanel::P, QString(), false);
    m_calculator->setField(CalculatorPanel::M, QStringLiteral("1MiB"));
    m_calculator->setField(CalculatorPanel::K, QString(), false);

    // 4. Comparison and sweep run in the background at the same time.
    demo->connections << connect(m_compare, &CompareView::finished, this, [demo, maybeFinish](bool) {
        demo->compareDone = true;
        maybeFinish();
    });
    m_compare->setKeyCount(20000);
    m_compare->setBudgetBits(20000 * 10);
    m_compare->setQueryCount(50000);
    m_compare->run();
    if (!m_compare->running())
        demo->compareDone = true;

    demo->connections << connect(m_speedup, &SpeedupChartView::sweepFinished, this, [demo, maybeFinish](bool) {
        demo->sweepDone = true;
        maybeFinish();
    });
    FilterSpec sweepSpec = m_parameters->spec();
    sweepSpec.type = FilterType::Classic;
    m_speedup->setFilterSpec(sweepSpec);
    m_speedup->setBackend(m_parameters->backend());
    m_speedup->setHotRatio(0.3);
    m_speedup->setQueries(400);
    m_speedup->setRepeats(1);
    m_speedup->setCorpusSize(20000);
    m_speedup->run();
    if (!m_speedup->running())
        demo->sweepDone = true;

    // 5. Fill past n while measuring, then query one inserted and one absent key for the highlight.
    demo->connections << connect(m_session, &FilterSession::jobFinished, this, [this, demo, maybeFinish](const QString&) {
        if (demo->fillDone)
            return;
        demo->fillDone = true;
        m_keyEdit->setText(QStringLiteral("apple"));
        queryKey(QStringLiteral("apple"));
        maybeFinish();
    });
    if (!m_session->fillAndMeasure(2 * spec.capacity, 16, 20000))
        demo->fillDone = true;
    maybeFinish();
}

} // namespace bloomlab::ui
