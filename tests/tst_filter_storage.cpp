// tst_filter_storage: the filters' array allocator — alignment by size, whole huge pages for large
// arrays, usable memory to the last byte, and the filters really use it (a large filter's array
// starts on a 2-MiB boundary, a small one on a cache line), with BLOOMLAB_NO_HUGEPAGES only
// changing the advice, never the layout.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/blocked_bloom_filter.h"
#include "core/bloom_filter.h"
#include "core/filter_storage.h"
#endif

#include <cstdint>
#include <cstring>

using namespace bloomlab;

namespace {

bool alignedTo(const void* pointer, std::size_t alignment) {
    return reinterpret_cast<std::uintptr_t>(pointer) % alignment == 0;
}

} // namespace

class TestFilterStorage : public QObject {
    Q_OBJECT

private slots:
    void alignmentBySize() {
        QCOMPARE(storage::alignmentFor(0), storage::kCacheLine);
        QCOMPARE(storage::alignmentFor(storage::kHugePage - 1), storage::kCacheLine);
        QCOMPARE(storage::alignmentFor(storage::kHugePage), storage::kHugePage);
        QCOMPARE(storage::alignmentFor(std::size_t{1} << 40), storage::kHugePage);
    }

    void allocationsAreAlignedAndWritable() {
        for (const std::size_t bytes : {std::size_t{0}, std::size_t{1}, std::size_t{63}, std::size_t{4096},
                                        storage::kHugePage - 8, storage::kHugePage, storage::kHugePage + 8,
                                        3 * storage::kHugePage + 1}) {
            void* const p = storage::allocate(bytes);
            QVERIFY(p != nullptr);
            QVERIFY2(alignedTo(p, storage::alignmentFor(bytes)), qPrintable(QString::number(bytes)));
            // Every requested byte is usable (ASan reports any write past the allocation).
            if (bytes > 0) std::memset(p, 0xA5, bytes);
            storage::deallocate(p, bytes);
        }
    }

    void cacheResidentIsAQuarterOfTheLastLevelCache() {
        // The classic filter's one-key lookup variant depends on it (tst_bloom_filter checks both
        // variants' answers); here only the threshold: a quarter of the L3, or 4 MiB when unknown.
        const std::uint64_t cache = storage::lastLevelCacheBytes();
        const std::uint64_t limit = cache != 0 ? cache / 4 : std::uint64_t{4} << 20;
        QVERIFY(storage::cacheResident(0));
        QVERIFY(storage::cacheResident(limit));
        QVERIFY(!storage::cacheResident(limit + 1));
        QVERIFY(!storage::cacheResident(std::uint64_t{1} << 40));
    }

    void filtersUseIt() {
        // ~3 MiB arrays: on a huge-page boundary; tiny ones on a cache line.
        const BloomFilter bigClassic(std::uint64_t{24} << 20, 7);
        QVERIFY(alignedTo(bigClassic.words().data(), storage::kHugePage));
        const BloomFilter smallClassic(1000, 7);
        QVERIFY(alignedTo(smallClassic.words().data(), storage::kCacheLine));
        BloomFilter copy = bigClassic;  // copies allocate through it too
        QVERIFY(alignedTo(copy.words().data(), storage::kHugePage));
        const BlockedBloomFilter blocked(std::uint64_t{1} << 17);  // 131072 blocks x 32 bytes = 4 MiB
        QVERIFY(alignedTo(blocked.words().data(), storage::kHugePage));
        // The reported size is the array itself, not the rounding.
        QCOMPARE(bigClassic.stats().bytes, std::uint64_t{3} << 20);
    }

    void environmentSwitch() {
        // The switch is read once; whatever it says, the layout above held. Here only its meaning
        // is checked against the environment this test runs in.
        const char* off = std::getenv("BLOOMLAB_NO_HUGEPAGES");
        const bool disabled = off != nullptr && *off != '\0';
#if defined(__linux__)
        QCOMPARE(storage::hugePagesAdvised(), !disabled);
#else
        QVERIFY(!storage::hugePagesAdvised());
#endif
        const std::string mode = storage::transparentHugePageMode();
        QVERIFY(mode == "always" || mode == "madvise" || mode == "never" || mode == "unknown");
    }
};

QTEST_GUILESS_MAIN(TestFilterStorage)
#include "tst_filter_storage.moc"
