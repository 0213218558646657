#include "ui/glossary.h"

#include <QCoreApplication>
#include <QDockWidget>
#include <QVariant>
#include <QTextBrowser>

#include <algorithm>
#include <cstddef>
#include <iterator>

namespace bloomlab::ui::glossary {

namespace {

enum class Term { N, P, M, K, Fpr, BitsPerItem, FillRatio, EstimatedItems, HotRatio, Backend, FilterTypes };
constexpr std::size_t kTerms = static_cast<std::size_t>(Term::FilterTypes) + 1;

struct Entry {
    Term term;
    const char* text;
};

/// Every term once, in the order of the Help page.
constexpr Entry kEntries[] = {
    {Term::N, QT_TRANSLATE_NOOP("bloomlab::ui::Glossary",
                       "n — expected number of items (capacity).\nThe filter is sized so that after n inserts "
                       "the false-positive rate is p. Inserting more still works, but the FPR climbs fast.")},
    {Term::P, QT_TRANSLATE_NOOP("bloomlab::ui::Glossary",
                       "p — target false-positive probability at n items.\nA query for a key that was never "
                       "inserted answers \"maybe\" with probability about p. Each factor of 10 smaller costs "
                       "about 4.8 more bits per item.")},
    {Term::M, QT_TRANSLATE_NOOP("bloomlab::ui::Glossary",
                       "m — size of the filter in bits.\nClassic Bloom: m = −n·ln p / (ln 2)², "
                       "about 9.6 bits per item at p = 1 %.")},
    {Term::K, QT_TRANSLATE_NOOP("bloomlab::ui::Glossary",
                       "k — number of hash positions per key.\nOptimal k = (m/n)·ln 2, rounded to the nearest "
                       "whole number. Every insert sets k bits; every query checks k bits.")},
    {Term::Fpr, QT_TRANSLATE_NOOP("bloomlab::ui::Glossary",
                       "FPR — false-positive rate: the share of absent keys the filter wrongly answers "
                       "\"maybe\" for.\nExpected after n items: (1 − e^(−k·n/m))^k. A filter never gives a "
                       "false \"no\": \"definitely not\" is always right.")},
    {Term::BitsPerItem, QT_TRANSLATE_NOOP("bloomlab::ui::Glossary",
                       "Bits per item = m / n: the memory the filter spends per key. No filter can do with fewer "
                       "than log2(1/p) bits per key (6.6 at p = 1 %); a classic Bloom filter needs about 1.44 times "
                       "that.")},
    {Term::FillRatio, QT_TRANSLATE_NOOP("bloomlab::ui::Glossary",
                       "Fill ratio — share of bits that are 1 (counters that are non-zero, slots that are "
                       "occupied). A well-sized Bloom filter is about half full at n items.")},
    {Term::EstimatedItems, QT_TRANSLATE_NOOP("bloomlab::ui::Glossary",
                       "Estimated items — how many keys the filter holds, worked out from how many of its bits "
                       "are 1: −(m/k)·ln(1 − X/m), where X is the number of bits that are 1. Useful when the real "
                       "count is unknown, e.g. for a filter loaded from a file.")},
    {Term::HotRatio, QT_TRANSLATE_NOOP("bloomlab::ui::Glossary",
                       "Hot ratio — in the benchmark, the share of queries for keys that really are in the data "
                       "(\"hot\").\nThe other queries (\"cold\") ask for keys that are not there: the filter "
                       "says \"definitely not\" for almost all of them, so the slow lookup in the data is skipped. "
                       "The lower the hot ratio, the larger the speedup.")},
    {Term::Backend, QT_TRANSLATE_NOOP("bloomlab::ui::Glossary",
                       "Backend — the slow store the filter sits in front of in the benchmark: scan (reads all "
                       "100,000 phrases one by one, the slowest), hash (a hash-table lookup), sqlite (a query on "
                       "an indexed database table), latency (a fixed wait per lookup, like asking a server over "
                       "the network).")},
    {Term::FilterTypes, QT_TRANSLATE_NOOP("bloomlab::ui::Glossary",
                       "Filter type:\n• classic — one array of bits, k bits per key\n• blocked — all 8 bits of "
                       "a key in one 256-bit block, so a lookup touches memory once (the layout Parquet files "
                       "use); a slightly higher FPR\n• counting — a 4-bit counter instead of each bit: it can "
                       "delete, and needs 4 times the memory of a classic filter with as many cells\n"
                       "• scalable — adds a larger filter each time the last one is full, so the overall FPR "
                       "stays within p\n• cuckoo — keeps a short fingerprint of each key in one of two buckets; "
                       "it can delete, and it is smaller than a Bloom filter when p is low")},
};
static_assert(std::size(kEntries) == kTerms);

/// tr() in the translation context "bloomlab::ui::Glossary" (this file's functions are no QObject
/// members; lupdate files Text::tr() strings under that context too).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(bloomlab::ui::Glossary)
};

QString entry(Term term) {
    for (const Entry& e : kEntries)
        if (e.term == term)
            return Text::tr(e.text);
    return {};
}

} // namespace

QString n() { return entry(Term::N); }
QString p() { return entry(Term::P); }
QString m() { return entry(Term::M); }
QString k() { return entry(Term::K); }
QString fpr() { return entry(Term::Fpr); }
QString hotRatio() { return entry(Term::HotRatio); }
QString bitsPerItem() { return entry(Term::BitsPerItem); }
QString fillRatio() { return entry(Term::FillRatio); }
QString estimatedItems() { return entry(Term::EstimatedItems); }
QString backend() { return entry(Term::Backend); }
QString filterType() { return entry(Term::FilterTypes); }

QString html() {
    QString page = QStringLiteral("<h3>") + Text::tr("Glossary") + QStringLiteral("</h3>");
    for (const Entry& e : kEntries) {
        QString text = Text::tr(e.text).toHtmlEscaped();
        text.replace(QLatin1Char('\n'), QStringLiteral("<br>"));
        page += QStringLiteral("<p>") + text + QStringLiteral("</p>");
    }
    return page;
}

QDockWidget* newGlossaryDock(QWidget* parent) {
    auto* dock = new QDockWidget(Text::tr("Glossary"), parent);
    dock->setObjectName(QStringLiteral("glossaryDock"));
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
    auto* text = new QTextBrowser(dock);
    text->setObjectName(QStringLiteral("glossaryText"));
    text->setHtml(html());
    text->setOpenLinks(false);
    dock->setWidget(text);
    dock->hide();
    return dock;
}

void showGlossaryDock(QDockWidget* dock) {
    if (!dock->property("glossaryShown").toBool()) {
        dock->setProperty("glossaryShown", true);
        dock->setFloating(true);
        dock->resize(440, 560);
        if (const QWidget* window = dock->parentWidget() ? dock->parentWidget()->window() : nullptr) {
            const QRect frame = window->geometry();
            dock->move(std::max(frame.left(), frame.right() - 440 - 24), frame.top() + 60);
        }
    }
    dock->show();
    dock->raise();
}

} // namespace bloomlab::ui::glossary
