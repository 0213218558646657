#include "ui/glossary.h"

#include <QCoreApplication>

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
                       "Bits per item = m / n: the memory the filter spends per key. The information-theoretic "
                       "minimum for FPR p is log2(1/p) bits.")},
    {Term::FillRatio, QT_TRANSLATE_NOOP("bloomlab::ui::Glossary",
                       "Fill ratio — share of bits that are 1 (counters that are non-zero, slots that are "
                       "occupied). A well-sized Bloom filter is about half full at n items.")},
    {Term::EstimatedItems, QT_TRANSLATE_NOOP("bloomlab::ui::Glossary",
                       "Estimated items from the fill (Swamidass & Baldi 2007): n* = −(m/k)·ln(1 − X/m), "
                       "X = set bits. Useful when the real count is unknown.")},
    {Term::HotRatio, QT_TRANSLATE_NOOP("bloomlab::ui::Glossary",
                       "Hot ratio — the share of benchmark queries the backend can answer (\"hot\").\nThe other "
                       "queries are \"cold\": the filter says \"definitely not\" for almost all of them and the "
                       "slow backend lookup is skipped. The lower the hot ratio, the larger the speedup.")},
    {Term::Backend, QT_TRANSLATE_NOOP("bloomlab::ui::Glossary",
                       "Backend — what the filter protects in the benchmark: scan (O(n) search of 100,000 "
                       "phrases, the baseline), hash (hash-table lookup), sqlite (indexed query), "
                       "latency (a fixed delay per lookup, like a remote call).")},
    {Term::FilterTypes, QT_TRANSLATE_NOOP("bloomlab::ui::Glossary",
                       "Filter type:\n• classic — one bit array, k probes per key\n• blocked — Parquet split-block: "
                       "all 8 probes in one 256-bit block (fast, slightly higher FPR)\n• counting — 4-bit counters, "
                       "supports delete, 4× memory\n• scalable — adds layers as it fills, error budget kept\n"
                       "• cuckoo — fingerprints in buckets, supports delete, compact at low p")},
};
static_assert(std::size(kEntries) == kTerms);

QString tr(const char* text) { return QCoreApplication::translate("bloomlab::ui::Glossary", text); }

QString entry(Term term) {
    for (const Entry& e : kEntries)
        if (e.term == term)
            return tr(e.text);
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
    QString page = QStringLiteral("<h3>") + tr("Glossary") + QStringLiteral("</h3>");
    for (const Entry& e : kEntries) {
        QString text = tr(e.text).toHtmlEscaped();
        text.replace(QLatin1Char('\n'), QStringLiteral("<br>"));
        page += QStringLiteral("<p>") + text + QStringLiteral("</p>");
    }
    return page;
}

} // namespace bloomlab::ui::glossary
