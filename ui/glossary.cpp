#include "ui/glossary.h"

#include <QCoreApplication>

namespace bloomlab::ui::glossary {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("bloomlab::ui::Glossary", text); }
} // namespace

QString n() {
    return tr("n — expected number of items (capacity).\nThe filter is sized so that after n inserts "
              "the false-positive rate is p. Inserting more still works, but the FPR climbs fast.");
}
QString p() {
    return tr("p — target false-positive probability at n items.\nA query for a key that was never "
              "inserted answers \"maybe\" with probability about p. Each factor of 10 smaller costs "
              "about 4.8 more bits per item.");
}
QString m() {
    return tr("m — size of the filter in bits.\nClassic Bloom: m = −n·ln p / (ln 2)², "
              "about 9.6 bits per item at p = 1 %.");
}
QString k() {
    return tr("k — number of hash positions per key.\nOptimal k = (m/n)·ln 2, rounded to the nearest "
              "whole number. Every insert sets k bits; every query checks k bits.");
}
QString fpr() {
    return tr("FPR — false-positive rate: the share of absent keys the filter wrongly answers "
              "\"maybe\" for.\nExpected after n items: (1 − e^(−k·n/m))^k. A filter never gives a "
              "false \"no\": \"definitely not\" is always right.");
}
QString hotRatio() {
    return tr("Hot ratio — the share of benchmark queries the backend can answer (\"hot\").\nThe other "
              "queries are \"cold\": the filter says \"definitely not\" for almost all of them and the "
              "slow backend lookup is skipped. The lower the hot ratio, the larger the speedup.");
}
QString bitsPerItem() {
    return tr("Bits per item = m / n: the memory the filter spends per key. The information-theoretic "
              "minimum for FPR p is log2(1/p) bits.");
}
QString fillRatio() {
    return tr("Fill ratio — share of bits that are 1 (counters that are non-zero, slots that are "
              "occupied). A well-sized Bloom filter is about half full at n items.");
}
QString estimatedItems() {
    return tr("Estimated items from the fill (Swamidass & Baldi 2007): n* = −(m/k)·ln(1 − X/m), "
              "X = set bits. Useful when the real count is unknown.");
}
QString backend() {
    return tr("Backend — what the filter protects in the benchmark: scan (O(n) search of 100,000 "
              "phrases, the seed's baseline), hash (hash-table lookup), sqlite (indexed query), "
              "latency (a fixed delay per lookup, like a remote call).");
}
QString filterType() {
    return tr("Filter type:\n• classic — one bit array, k probes per key\n• blocked — Parquet split-block: "
              "all 8 probes in one 256-bit block (fast, slightly higher FPR)\n• counting — 4-bit counters, "
              "supports delete, 4× memory\n• scalable — adds layers as it fills, error budget kept\n"
              "• cuckoo — fingerprints in buckets, supports delete, compact at low p");
}

QString html() {
    auto item = [](const QString& text) {
        QString html = text.toHtmlEscaped();
        html.replace(QLatin1Char('\n'), QStringLiteral("<br>"));
        return QStringLiteral("<p>") + html + QStringLiteral("</p>");
    };
    return QStringLiteral("<h3>") + tr("Glossary") + QStringLiteral("</h3>") + item(n()) + item(p()) + item(m()) +
           item(k()) + item(fpr()) + item(bitsPerItem()) + item(fillRatio()) + item(estimatedItems()) +
           item(hotRatio()) + item(backend()) + item(filterType());
}

} // namespace bloomlab::ui::glossary
