// False-positive counter: after keys are inserted through the explorer and absent keys
// are tested from the panel, the shown counts equal a count made directly against the core (a
// filter built separately from the same spec and keys, queried with the same absent keys), for
// every filter type; the observed FPR interval is the Wilson interval of those counts; the fill
// job measures points past n on a worker thread, one chart point per step. Keys queried by hand
// that are known absent are counted apart, with the known false positives among them ("manual:
// 1 false positive of 3 absent queries"), equal to a direct count against the core.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/any_filter.h"
#include "core/filter_math.h"
#include "ui/false_positive_panel.h"
#include "ui/filter_session.h"
#endif

#include <QLabel>
#include <QPushButton>
#include <QScatterSeries>
#include <QSpinBox>

using bloomlab::AnyFilter;
using bloomlab::FilterSpec;
using bloomlab::FilterType;
using bloomlab::ui::FalsePositivePanel;
using bloomlab::ui::FilterSession;

namespace {

std::uint64_t labelNumber(const QLabel* label) {
    QString digits;
    for (const QChar c : label->text())
        if (c.isDigit())
            digits += c;
        else if (c != QLatin1Char(','))
            break;
    return digits.toULongLong();
}

/// A filter of n = 50 at p = 0.3 holding "in0" .. "in49": false positives are easy to find.
FilterSpec leakySpec() {
    FilterSpec spec;
    spec.capacity = 50;
    spec.fpr = 0.3;
    return spec;
}

template <typename Filter>
void insertFifty(Filter& filter) {
    for (int i = 0; i < 50; ++i)
        filter.insert("in" + std::to_string(i));
}

void insertFifty(FilterSession& session) {
    for (int i = 0; i < 50; ++i)
        session.insertKey("in" + std::to_string(i));
}

} // namespace

class TestUiFpCounter : public QObject {
    Q_OBJECT

private slots:
    void counterEqualsDirectCount_data();
    void counterEqualsDirectCount();
    void insertedKeysAreNeverCountedAsAbsent();
    void fillJobAddsOnePointPerStepPastN();
    void queryTruthIsReported();
    void manualFalsePositivesAreCounted();
};

void TestUiFpCounter::counterEqualsDirectCount_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<int>("keys");
    QTest::newRow("classic") << int(FilterType::Classic) << 3000;
    QTest::newRow("classic overfilled") << int(FilterType::Classic) << 9000;
    QTest::newRow("blocked") << int(FilterType::Blocked) << 4000;
    QTest::newRow("counting") << int(FilterType::Counting) << 4000;
    QTest::newRow("scalable") << int(FilterType::Scalable) << 9000;
    QTest::newRow("cuckoo") << int(FilterType::Cuckoo) << 4000;
}

void TestUiFpCounter::counterEqualsDirectCount() {
    QFETCH(int, type);
    QFETCH(int, keys);
    FilterSession session;
    FalsePositivePanel panel(&session);
    FilterSpec spec;
    spec.type = static_cast<FilterType>(type);
    spec.capacity = 4000;
    spec.fpr = 0.02;
    QVERIFY(session.setSpec(spec));
    for (int i = 0; i < keys; ++i)
        session.insertKey("key-" + std::to_string(i));

    panel.probeCount()->setValue(30000);
    QTest::mouseClick(panel.testButton(), Qt::LeftButton);
    panel.probeCount()->setValue(20000);
    QTest::mouseClick(panel.testButton(), Qt::LeftButton);

    // The same count, made directly against the core with its own filter.
    AnyFilter direct = AnyFilter::create(spec);
    for (int i = 0; i < keys; ++i)
        direct.insert("key-" + std::to_string(i));
    std::uint64_t fp = 0;
    for (int i = 0; i < 50000; ++i)
        fp += direct.mightContain("~absent#" + std::to_string(i)) ? 1 : 0;

    QCOMPARE(session.absentTested(), std::uint64_t{50000});
    QCOMPARE(session.falsePositives(), fp);
    QCOMPARE(labelNumber(panel.testedLabel()), std::uint64_t{50000});
    QCOMPARE(labelNumber(panel.falsePositivesLabel()), fp);
    QCOMPARE(session.filter()->stats().items, direct.stats().items);
    // One chart point for this fill level, with the summed counts.
    QCOMPARE(session.measuredPoints().size(), std::size_t{1});
    QCOMPARE(session.measuredPoints().back().falsePositives, fp);
    QCOMPARE(panel.measuredSeries()->count(), 1);
    QCOMPARE(panel.measuredSeries()->at(0).y(), static_cast<double>(fp) / 50000.0);
    // The observed-FPR label shows the Wilson interval of exactly these counts.
    const auto ci = bloomlab::math::wilsonInterval(fp, 50000);
    const QString observed = panel.findChild<QLabel*>(QStringLiteral("fpObserved"))->text();
    QVERIFY2(observed.contains(bloomlab::ui::formatProbability(ci.low)) && observed.contains(bloomlab::ui::formatProbability(ci.high)),
             qPrintable(observed));

    // Inserting a key changes the filter: the counter starts again for the new contents.
    session.insertKey("one more");
    QCOMPARE(session.absentTested(), std::uint64_t{0});
    QCOMPARE(labelNumber(panel.falsePositivesLabel()), std::uint64_t{0});
}

void TestUiFpCounter::insertedKeysAreNeverCountedAsAbsent() {
    // A user who inserts the generated absent keys themselves: those are skipped, not counted.
    FilterSession session;
    for (int i = 0; i < 100; ++i)
        session.insertKey("~absent#" + std::to_string(i));
    session.testAbsentKeys(1000);
    AnyFilter direct = AnyFilter::create(session.spec());
    for (int i = 0; i < 100; ++i)
        direct.insert("~absent#" + std::to_string(i));
    std::uint64_t fp = 0;
    for (int i = 100; i < 1100; ++i)
        fp += direct.mightContain("~absent#" + std::to_string(i)) ? 1 : 0;
    QCOMPARE(session.absentTested(), std::uint64_t{1000});
    QCOMPARE(session.falsePositives(), fp);
}

void TestUiFpCounter::fillJobAddsOnePointPerStepPastN() {
    FilterSession session;
    FalsePositivePanel panel(&session);
    FilterSpec spec;
    spec.capacity = 20000;
    spec.fpr = 0.01;
    QVERIFY(session.setSpec(spec));
    QSignalSpy busy(&session, &FilterSession::busyChanged);
    QSignalSpy finished(&session, &FilterSession::jobFinished);
    panel.probeCount()->setValue(5000);
    QTest::mouseClick(panel.fillButton(), Qt::LeftButton);
    QVERIFY(session.busy());
    QVERIFY(session.filter() == nullptr);  // the worker owns it meanwhile
    QVERIFY(!panel.testButton()->isEnabled());
    QVERIFY(finished.wait(60000));
    QVERIFY(!session.busy());
    QVERIFY(session.filter() != nullptr);
    QCOMPARE(session.filter()->stats().items, std::uint64_t{40000});
    QCOMPARE(session.measuredPoints().size(), std::size_t{16});
    QCOMPARE(panel.measuredSeries()->count(), 16);
    QCOMPARE(session.measuredPoints().back().items, std::uint64_t{40000});
    for (const auto& p : session.measuredPoints())
        QCOMPARE(p.tested, std::uint64_t{5000});
    // Past 2n the classic filter's FPR is far above p: the last point shows it. The bound is
    // the binomial acceptance band (z = 4) around the theory for this m, k at 2n.
    const auto* bf = session.filter()->as<bloomlab::BloomFilter>();
    QVERIFY(bf);
    const double theory = bloomlab::math::classicFpr(40000, static_cast<double>(bf->numBits()), bf->numHashes());
    const auto band = bloomlab::math::binomialAcceptance(5000, theory);
    const double last = static_cast<double>(session.measuredPoints().back().falsePositives);
    QVERIFY2(last >= band.low && last <= band.high, qPrintable(QStringLiteral("%1 not in [%2, %3]").arg(last).arg(band.low).arg(band.high)));
    // Fill keys count as inserted for the ground truth.
    QCOMPARE(session.truthOf("~fill#0"), bloomlab::ui::Truth::Inserted);
    QCOMPARE(session.truthOf("~fill#39999"), bloomlab::ui::Truth::Inserted);
    QCOMPARE(session.truthOf("~fill#40000"), bloomlab::ui::Truth::Absent);
}

void TestUiFpCounter::queryTruthIsReported() {
    FilterSession session;
    QVERIFY(session.setSpec(leakySpec()));
    insertFifty(session);
    const auto inserted = session.queryKey("in7");
    QVERIFY(inserted.maybe);
    QCOMPARE(inserted.truth, bloomlab::ui::Truth::Inserted);
    bool sawFalsePositive = false, sawNegative = false;
    for (int i = 0; i < 200; ++i) {
        const auto out = session.queryKey("out" + std::to_string(i));
        QCOMPARE(out.truth, bloomlab::ui::Truth::Absent);
        QCOMPARE(out.maybe, session.filter()->mightContain("out" + std::to_string(i)));
        sawFalsePositive |= out.maybe;
        sawNegative |= !out.maybe;
        if (!out.maybe) {
            // A "definitely not" always has a probed zero among its marks.
            bool zero = false;
            for (const auto& m : out.marks)
                zero |= m.role == bloomlab::ui::MarkRole::ProbeZero;
            QVERIFY(zero);
        }
    }
    QVERIFY(sawFalsePositive && sawNegative);
}

void TestUiFpCounter::manualFalsePositivesAreCounted() {
    FilterSession session;
    FalsePositivePanel panel(&session);
    QVERIFY(session.setSpec(leakySpec()));
    insertFifty(session);
    QVERIFY2(panel.manualLabel()->text().startsWith(QStringLiteral("–")), qPrintable(panel.manualLabel()->text()));

    // The same filter, built directly: which "out" keys are false positives.
    AnyFilter direct = AnyFilter::create(leakySpec());
    insertFifty(direct);
    std::string falsePositive, negative1, negative2;
    for (int i = 0; i < 1000 && (falsePositive.empty() || negative2.empty()); ++i) {
        const std::string key = "out" + std::to_string(i);
        if (direct.mightContain(key))
            falsePositive = falsePositive.empty() ? key : falsePositive;
        else if (negative1.empty())
            negative1 = key;
        else if (negative2.empty())
            negative2 = key;
    }
    QVERIFY(!falsePositive.empty() && !negative2.empty());
    session.queryKey(negative1);
    session.queryKey("in7");  // inserted: neither absent nor a false positive
    session.queryKey(falsePositive);
    session.queryKey(negative2);
    QCOMPARE(session.manualAbsentQueries(), std::uint64_t{3});
    QCOMPARE(session.manualFalsePositives(), std::uint64_t{1});
    QCOMPARE(panel.manualLabel()->text(), QStringLiteral("manual: 1 false positive of 3 absent queries"));
    // Apart from the generated absent keys.
    QCOMPARE(session.absentTested(), std::uint64_t{0});
    QCOMPARE(panel.testedLabel()->text(), QStringLiteral("0"));

    // Many queries: the count equals the direct count.
    std::uint64_t expected = 1;
    for (int i = 1000; i < 1400; ++i) {
        const std::string key = "out" + std::to_string(i);
        session.queryKey(key);
        expected += direct.mightContain(key) ? 1 : 0;
    }
    QCOMPARE(session.manualAbsentQueries(), std::uint64_t{403});
    QCOMPARE(session.manualFalsePositives(), expected);
    QCOMPARE(panel.manualLabel()->text(),
             QStringLiteral("manual: %1 false positives of 403 absent queries").arg(expected));
    QVERIFY(panel.summaryText().contains(panel.manualLabel()->text()));

    // New contents: the count starts again.
    session.insertKey("one more");
    QCOMPARE(session.manualAbsentQueries(), std::uint64_t{0});
    QVERIFY(panel.manualLabel()->text().startsWith(QStringLiteral("–")));
}

QTEST_MAIN(TestUiFpCounter)
#include "tst_ui_fp_counter.moc"
