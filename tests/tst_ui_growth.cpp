// The explorer and growth policies: the parameter panel offers only the policies a type has and
// puts the chosen one into its spec; filling a tiered cuckoo filter past n adds tiers (one strip
// per tier in the bit view's data, a line per tier in the session's growth log and under the
// policy chooser); filling a classic filter with the rebuild policy past n rebuilds it from the
// keys the explorer knows (no false negative for any fill key, the measured FPR drops after the
// rebuild); a loaded filter whose keys are unknown is not rebuilt, and says why.
// BLOOMLAB_GROWTH_SHOTS=DIR also saves the main window after each fill (for looking at it).
#ifndef Q_MOC_RUN
#include "core/filter_io.h"
#include "ui/filter_probe.h"
#include "ui/filter_session.h"
#include "ui/main_window.h"
#include "ui/parameter_panel.h"
#endif
#include "test_support.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>
#include <string>

using namespace bloomlab;
using bloomlab::ui::FilterSession;
using bloomlab::ui::MainWindow;
using bloomlab::ui::ParameterPanel;

namespace {

bool waitForJob(FilterSession& session) {
    QSignalSpy finished(&session, &FilterSession::jobFinished);
    return finished.wait(120000);
}

std::string fillKey(std::uint64_t i) {
    return std::string(FilterSession::kFillPrefix) + std::to_string(i);
}

} // namespace

class TestUiGrowth : public QObject {
    Q_OBJECT

  private slots:
    void panelOffersThePoliciesOfEachType() {
        ParameterPanel panel;
        QComboBox* type = panel.typeCombo();
        QComboBox* growth = panel.growthCombo();
        auto* model = qobject_cast<QStandardItemModel*>(growth->model());
        QVERIFY(model != nullptr);
        const auto enabled = [&](GrowthAction action) {
            return model->item(growth->findData(static_cast<int>(action)))->isEnabled();
        };
        type->setCurrentIndex(type->findData(static_cast<int>(FilterType::Classic)));
        QVERIFY(enabled(GrowthAction::Reject) && !enabled(GrowthAction::Tier) &&
                enabled(GrowthAction::Rebuild));
        growth->setCurrentIndex(growth->findData(static_cast<int>(GrowthAction::Rebuild)));
        FilterSpec spec = panel.spec();
        QCOMPARE(spec.growthPolicy.action, GrowthAction::Rebuild);
        QCOMPARE(spec.growthPolicy.thresholds.estimatedFpr, 2.0 * spec.fpr); // rebuild at 2p
        type->setCurrentIndex(type->findData(static_cast<int>(FilterType::Cuckoo)));
        QVERIFY(enabled(GrowthAction::Tier));
        QCOMPARE(panel.spec().growthPolicy.thresholds.failedInserts, std::uint64_t{1});
        growth->setCurrentIndex(growth->findData(static_cast<int>(GrowthAction::Tier)));
        QCOMPARE(panel.spec().growthPolicy.action, GrowthAction::Tier);
        QVERIFY(AnyFilter::create(panel.spec()).tiered() != nullptr);
        // Back to classic: tier is not a classic policy, so the panel falls back to reject.
        type->setCurrentIndex(type->findData(static_cast<int>(FilterType::Classic)));
        QCOMPARE(panel.spec().growthPolicy.action, GrowthAction::Reject);
        // Scalable: its layers, nothing to choose.
        type->setCurrentIndex(type->findData(static_cast<int>(FilterType::Scalable)));
        QVERIFY(!growth->isEnabled());
        QCOMPARE(panel.spec().growthPolicy.action, GrowthAction::Reject);
        QVERIFY(AnyFilter::create(panel.spec()).stats().growthAction ==
                std::uint8_t(GrowthAction::Tier));
        // Shown growth steps, newest first, at most three.
        for (int i = 1; i <= 4; ++i)
            panel.showGrowthEvent(QStringLiteral("step %1").arg(i));
        QCOMPARE(panel.growthText(), QStringLiteral("step 4\nstep 3\nstep 2"));
        panel.clearGrowthEvents();
        QVERIFY(panel.growthText().isEmpty());
    }

    void fillAddsTiersWithALineEach() {
        FilterSession session;
        FilterSpec spec;
        spec.type = FilterType::Cuckoo;
        spec.capacity = 1000;
        spec.fpr = 0.01;
        spec.growthPolicy.action = GrowthAction::Tier;
        QVERIFY(session.setSpec(spec));
        QSignalSpy events(&session, &FilterSession::growthEvent);
        QVERIFY(session.fillAndMeasure(7000, 14, 4000)); // 1,000 + 2,000 + 4,000: three full tiers
        QVERIFY(waitForJob(session));
        const AnyFilter* filter = session.filter();
        QVERIFY(filter != nullptr && filter->tiered() != nullptr);
        QCOMPARE(filter->tiered()->tierCount(), 3U);
        QCOMPARE(ui::layerCount(*filter), 3U); // one strip per tier in the bit view
        QCOMPARE(events.count(), 2);
        QCOMPARE(session.growthLog().size(), 2);
        QVERIFY2(session.growthLog().first().startsWith(
                     QStringLiteral("Tier 2 added after 1,000 items: tier 1 was full")),
                 qPrintable(session.growthLog().first()));
        QVERIFY2(session.growthLog().last().contains(QStringLiteral("Lookups now ask 3 tables")),
                 qPrintable(session.growthLog().last()));
        for (std::uint64_t i = 0; i < 7000; ++i)
            QVERIFY(filter->mightContain(fillKey(i)));
        // Every measured point stays below p: the compounded bound.
        for (const ui::FprPoint& p : session.measuredPoints())
            QVERIFY2(double(p.falsePositives) <= math::binomialAcceptance(p.tested, 0.01).high,
                     qPrintable(QString::number(p.falsePositives)));
        // A key typed by hand into the full newest tier adds the fourth tier at once.
        QSignalSpy changed(&session, &FilterSession::filterChanged);
        session.insertKey("typed");
        QCOMPARE(filter->tiered()->tierCount(), 4U);
        QCOMPARE(events.count(), 3);
        QVERIFY(changed.count() >= 1);
    }

    void fillRebuildsFromTheKnownKeys() {
        FilterSession session;
        FilterSpec spec;
        spec.type = FilterType::Classic;
        spec.capacity = 1000;
        spec.fpr = 0.01;
        spec.growthPolicy.action = GrowthAction::Rebuild;
        spec.growthPolicy.thresholds.estimatedFpr = 0.02;
        QVERIFY(session.setSpec(spec));
        for (int i = 0; i < 50; ++i)
            session.insertKey("typed-" + std::to_string(i));
        QVERIFY(session.fillAndMeasure(4000, 16, 20000));
        QVERIFY(waitForJob(session));
        const AnyFilter* filter = session.filter();
        QVERIFY(filter != nullptr);
        QVERIFY2(filter->rebuilds() >= 1, qPrintable(session.growthLog().join('\n')));
        QCOMPARE(session.growthLog().size(), qsizetype(filter->rebuilds()));
        QVERIFY2(session.growthLog().first().startsWith(QStringLiteral("Rebuild 1 at ")),
                 qPrintable(session.growthLog().first()));
        QVERIFY(session.growthLog().first().contains(QStringLiteral("estimated-fpr threshold")));
        QVERIFY(filter->stats().capacity > 1000);
        for (int i = 0; i < 50; ++i)
            QVERIFY(filter->mightContain("typed-" + std::to_string(i)));
        for (std::uint64_t i = 0; i < 4000 - 50; ++i)
            QVERIFY(filter->mightContain(fillKey(i)));
        // The FPR measured right after the first rebuild is below the one right before it.
        const auto& points = session.measuredPoints();
        double before = -1, after = -1;
        std::uint64_t previousCapacityItems = 0;
        for (std::size_t i = 1; i < points.size(); ++i) {
            const double rate = double(points[i].falsePositives) / double(points[i].tested);
            const double last = double(points[i - 1].falsePositives) / double(points[i - 1].tested);
            if (rate < last && before < 0) {
                before = last;
                after = rate;
                previousCapacityItems = points[i].items;
            }
        }
        QVERIFY2(before > 0 && after < before,
                 qPrintable(
                     QString("no drop in the measured FPR; rebuilds %1").arg(filter->rebuilds())));
        qInfo("rebuild: FPR %.4f before, %.4f after (at %llu items)", before, after,
              static_cast<unsigned long long>(previousCapacityItems));
    }

    /// A cuckoo table that refuses a key during the fill is rebuilt at once and the key goes into
    /// the rebuilt table: the fill runs to its end, nothing is refused, every fill key is found.
    void refusedInsertRebuildsAndRetries() {
        FilterSession session;
        FilterSpec spec;
        spec.type = FilterType::Cuckoo;
        spec.capacity = 500;
        spec.fpr = 0.01;
        spec.growthPolicy.action = GrowthAction::Rebuild;
        spec.growthPolicy.thresholds.failedInserts = 1;
        QVERIFY(session.setSpec(spec));
        QSignalSpy finished(&session, &FilterSession::jobFinished);
        QVERIFY(session.fillAndMeasure(5000, 8, 2000));
        QVERIFY(finished.wait(120000));
        const QString summary = finished.first().first().toString();
        QVERIFY2(!summary.contains(QStringLiteral("refused")), qPrintable(summary));
        const AnyFilter* filter = session.filter();
        QVERIFY(filter != nullptr);
        QVERIFY2(filter->rebuilds() >= 2, qPrintable(session.growthLog().join('\n')));
        QCOMPARE(filter->stats().items, std::uint64_t{5000});
        QCOMPARE(filter->stats().failedInserts, std::uint64_t{0});
        for (std::uint64_t i = 0; i < 5000; ++i)
            QVERIFY(filter->mightContain(fillKey(i)));
        QVERIFY(session.growthLog().first().contains(QStringLiteral("failed-inserts threshold")));
    }

    void loadedFilterIsNotRebuilt() {
        FilterSpec spec;
        spec.type = FilterType::Cuckoo;
        spec.capacity = 200;
        spec.fpr = 0.01;
        spec.growthPolicy.action = GrowthAction::Rebuild;
        spec.growthPolicy.thresholds.failedInserts = 1;
        AnyFilter filter = AnyFilter::create(spec);
        for (int i = 0; i < 100; ++i)
            filter.insert("loaded-" + std::to_string(i));
        FilterSession session;
        session.adoptFilter(std::move(filter), false);
        QVERIFY(session.fillAndMeasure(2000, 4, 1000));
        QVERIFY(waitForJob(session));
        QCOMPARE(session.growthLog().size(), 1);
        QVERIFY2(session.growthLog().first().contains(QStringLiteral("does not know every key")),
                 qPrintable(session.growthLog().first()));
        QCOMPARE(session.filter()->rebuilds(), std::uint64_t{0});
        for (int i = 0; i < 100; ++i)
            QVERIFY(session.filter()->mightContain("loaded-" + std::to_string(i)));
    }

    /// The main window: the panel's chooser reaches the session, and the growth lines appear
    /// under it. With BLOOMLAB_GROWTH_SHOTS=DIR the window is saved after each fill.
    void mainWindowShowsTheGrowthSteps() {
        MainWindow window(MainWindow::Options{false, false});
        window.resize(1280, 800);
        window.show();
        ParameterPanel* panel = window.parameterPanel();
        FilterSession* session = window.session();
        const QString shots = qEnvironmentVariable("BLOOMLAB_GROWTH_SHOTS");
        struct Case {
            FilterType type;
            GrowthAction action;
            const char* name;
        };
        for (const Case c : {Case{FilterType::Cuckoo, GrowthAction::Tier, "tier"},
                             Case{FilterType::Classic, GrowthAction::Rebuild, "rebuild"}}) {
            panel->typeCombo()->setCurrentIndex(
                panel->typeCombo()->findData(static_cast<int>(c.type)));
            panel->growthCombo()->setCurrentIndex(
                panel->growthCombo()->findData(static_cast<int>(c.action)));
            panel->setNAndP(2000, 0.01);
            session->requestSpec(panel->spec(), 0); // what the window does after the sliders rest
            QTRY_COMPARE(session->spec().growthPolicy.action, c.action);
            QTRY_COMPARE(session->spec().type, c.type);
            QTest::qWait(300); // no rebuild from the panel pending
            QVERIFY(panel->growthText().isEmpty());
            QVERIFY(session->fillAndMeasure(8000, 16, 20000));
            QVERIFY(waitForJob(*session));
            QVERIFY2(!panel->growthText().isEmpty(), c.name);
            QCOMPARE(panel->growthText().section(QLatin1Char('\n'), 0, 0),
                     session->growthLog().last());
            if (!shots.isEmpty()) {
                QTest::qWait(300);
                QVERIFY(window.grab().save(shots + QStringLiteral("/growth-%1.png").arg(c.name)));
            }
        }
    }
};

QTEST_MAIN(TestUiGrowth)
#include "tst_ui_growth.moc"
