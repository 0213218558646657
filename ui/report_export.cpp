// MainWindow::exportReport: the Markdown report of the session (filter, false-positive counter,
// speedup sweep, comparison) with the charts saved next to it as PNG and the sweep as CSV.
#include "ui/main_window.h"

#include "core/parse_units.h"
#include "ui/chart_export.h"
#include "ui/compare_view.h"
#include "ui/derived_sizing.h"
#include "ui/false_positive_panel.h"
#include "ui/filter_session.h"
#include "ui/output_file.h"
#include "ui/speedup_chart_view.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QStringList>

#include <functional>
#include <vector>

namespace bloomlab::ui {

bool MainWindow::exportReport(const QString& path) {
    const QFileInfo info(path);
    const QString base = info.completeBaseName();
    const QDir dir = info.absoluteDir();
    QString md;
    md += tr("# BloomLab report\n\n");
    md += tr("Generated %1 by BloomLab %2.\n\n")
              .arg(QDateTime::currentDateTime().toString(Qt::ISODate), QStringLiteral(BLOOMLAB_VERSION_STRING));
    const FilterSpec spec = m_session->spec();
    md += tr("## Filter\n\n");
    md += tr("- type: %1\n- n (capacity): %2\n- p (target FPR): %3\n").arg(filterTypeKeyword(spec.type), formatCount(static_cast<double>(spec.capacity)),
                                                                          QString::number(spec.fpr, 'g', 4));
    try {
        const DerivedSizing d = deriveSizing(spec);
        md += tr("- m: %1 bits (%2)%3\n- k: %4\n- bits per item: %5 (lower bound %6)\n- expected FPR at n: %7\n")
                  .arg(formatCount(static_cast<double>(d.bits)), QString::fromStdString(formatBytes(d.bytes)),
                       d.approximate ? tr(" (estimate)") : QString())
                  .arg(d.hashes)
                  .arg(QString::number(d.bitsPerItem, 'f', 2), QString::number(d.lowerBoundBitsPerItem, 'f', 2),
                       QString::number(d.expectedFpr, 'g', 4));
    } catch (const std::exception&) {
    }
    if (const AnyFilter* f = m_session->filter()) {
        md += QStringLiteral("\n```\n") + QString::fromStdString(f->describe()) + QStringLiteral("\n```\n");
    }
    md += tr("\n## False-positive counter\n\n%1\n\n").arg(m_fpPanel->summaryText());
    if (!m_session->measuredPoints().empty()) {
        md += tr("| items inserted | absent keys tested | false positives | observed FPR | theory |\n|---:|---:|---:|---:|---:|\n");
        for (const FprPoint& p : m_session->measuredPoints()) {
            const double theory = m_session->filter() ? theoreticalFpr(*m_session->filter(), static_cast<double>(p.items)) : 0.0;
            md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                      .arg(p.items)
                      .arg(p.tested)
                      .arg(p.falsePositives)
                      .arg(QString::number(p.tested ? static_cast<double>(p.falsePositives) / static_cast<double>(p.tested) : 0.0, 'g', 4),
                           QString::number(theory, 'g', 4));
        }
    }
    // The files written next to the report: its charts and the sweep's CSV. Each is checked
    // before anything is written, and existing ones are replaced only when the user agrees.
    struct Sibling {
        QString file;           // name in the report's directory
        std::function<QString(const QString&)> write;  // empty string, or the reason it failed
    };
    std::vector<Sibling> siblings;
    auto chart = [&](Tab tab, const QString& suffix, const QString& title) {
        const QString file = base + QLatin1Char('-') + suffix + QStringLiteral(".png");
        siblings.push_back({file, [this, tab](const QString& at) { return exportWidget(chartWidget(tab), at); }});
        return QStringLiteral("\n![%1](%2)\n").arg(title, file);
    };
    md += chart(Tab::Explorer, QStringLiteral("fpr"), tr("FPR against items inserted"));
    if (!m_speedup->points().empty()) {
        const bench::SweepConfig& config = m_speedup->measuredConfig();
        md += tr("\n## Speedup sweep\n\nbackend %1, %2 queries, %3 repeats (median shown), corpus %4 phrases.\n\n")
                  .arg(QString::fromStdString(bench::backendName(config.base.backend)))
                  .arg(config.base.queries)
                  .arg(config.base.repeats)
                  .arg(config.base.corpusSize);
        md += m_speedup->markdownTable();
        md += chart(Tab::Benchmark, QStringLiteral("speedup"), tr("Speedup against hot ratio"));
        const QString csv = base + QStringLiteral("-sweep.csv");
        siblings.push_back({csv, [this](const QString& at) { return m_speedup->exportCsv(at); }});
        md += tr("\nAll repeats: [%1](%1)\n").arg(csv);
    }
    if (!m_compare->rows().empty()) {
        md += tr("\n## Comparison at the same memory budget\n\n") + m_compare->markdownTable();
        md += chart(Tab::Compare, QStringLiteral("compare"), tr("Comparison"));
    }

    const auto fail = [this](const QString& why) {
        showError(tr("Cannot export report"), why);
        return false;
    };
    QStringList outputs{info.fileName()};
    for (const Sibling& sibling : siblings)
        outputs << sibling.file;
    QStringList existing;
    for (const QString& output : outputs) {
        const QString at = dir.filePath(output);
        if (const QString problem = outputProblem(at); !problem.isEmpty())
            return fail(problem);
        if (output != info.fileName() && QFileInfo::exists(at))
            existing << output;
    }
    if (!existing.isEmpty() && !askReplaceFiles(dir.absolutePath(), existing)) {
        showStatus(tr("Report not exported: the files next to it were kept."));
        return false;
    }
    for (const Sibling& sibling : siblings)
        if (const QString error = sibling.write(dir.filePath(sibling.file)); !error.isEmpty())
            return fail(error);
    if (const QString error = writeOutputFile(path, md.toUtf8()); !error.isEmpty())
        return fail(error);
    showStatus(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

} // namespace bloomlab::ui
