// tst_blocked_bloom_filter: the Parquet split-block Bloom filter.
//   - Parquet known answer ("hello" in a 32-block filter) and the little-endian bitset;
//   - sizing: withBytes rounding, forCapacity measuring at most about p (docs/pitfalls.md #11);
//   - no false negatives; batched and single paths agree; measured FPR within binomial bounds;
//   - AVX2 and portable kernels produce identical bits and answers;
//   - set operations, copy / move, validation, concurrent inserts.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/blocked_bloom_filter.h"
#include "core/hash_batch.h"
#include "core/key_batch.h"
#include "core/prefetch_distance.h"
#include "core/filter_math.h"
#include "test_support.h"
#endif

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace bloomlab;

namespace {

using test::randomKeys;
using test::sameWords;
using test::throwsWith;
using test::views;

/// Reference build with the portable kernel on a plain array (the spec's algorithm, word by word).
std::vector<std::uint32_t> portableReference(std::uint64_t numBlocks, const std::vector<std::string>& keys) {
    std::vector<std::uint32_t> words(numBlocks * 8, 0);
    for (const std::string& key : keys) {
        const std::uint64_t h = xxh64(key, 0);
        const std::uint64_t block = ((h >> 32) * numBlocks) >> 32;
        BlockedBloomFilter::blockInsertPortable(words.data() + block * 8, static_cast<std::uint32_t>(h));
    }
    return words;
}

/// Per-block FPR terms of an instance: prod_i popcount(word_i) / 32. Their mean is the exact
/// FPR of the instance for a uniform absent hash; their spread gives its standard error.
struct InstanceFpr {
    double mean = 0;
    double standardError = 0;
};
InstanceFpr instanceFpr(const BlockedBloomFilter& filter) {
    const auto words = filter.words();
    double sum = 0;
    double sumSquares = 0;
    for (std::uint64_t b = 0; b < filter.numBlocks(); ++b) {
        double term = 1;
        for (unsigned i = 0; i < 8; ++i) {
            term *= std::popcount(words[b * 8 + i]) / 32.0;
        }
        sum += term;
        sumSquares += term * term;
    }
    const double count = static_cast<double>(filter.numBlocks());
    const double mean = sum / count;
    return {mean, std::sqrt(std::max(0.0, sumSquares / count - mean * mean) / (count - 1))};
}

} // namespace

class TestBlockedBloomFilter : public QObject {
    Q_OBJECT

private slots:
    void keyBatchMatchesPerKey() {
        // Keys in one buffer with offsets (KeyBatch) set the bits and give the answers of the one-key
        // calls: runs of 8-byte keys (hashed eight per vector with AVX-512), lengths 0..64, long
        // keys; both writer modes; slices that start inside the buffer and end inside a group.
        const std::vector<std::string> keys = test::mixedLengthKeys(31);
        const KeyBatchBuilder builder = test::packed(keys);
        const KeyBatch batch = builder.view();
        QCOMPARE(batch.size(), keys.size());
        for (std::size_t i = 0; i < keys.size(); ++i) QCOMPARE(batch[i], std::string_view(keys[i]));
        const std::size_t half = keys.size() / 2;
        for (const Writers writers : {Writers::One, Writers::Many}) {
            BlockedBloomFilter single(300);
            BlockedBloomFilter packed(300);
            single.setWriters(writers);
            packed.setWriters(writers);
            for (std::size_t i = 0; i < half; ++i) single.insert(keys[i]);
            packed.insertMany(batch.subspan(0, half));
            QVERIFY(sameWords(single, packed));
            QCOMPARE(packed.itemCount(), single.itemCount());
        }
        BlockedBloomFilter filter(300);
        filter.insertMany(batch.subspan(0, half));
        const std::string whole = test::sliceMismatch(filter, batch, {0}, {batch.size()});
        QVERIFY2(whole.empty(), whole.c_str());
        const auto positives = static_cast<std::size_t>(
            std::ranges::count_if(keys, [&](const std::string& key) { return filter.mightContain(key); }));
        QVERIFY(positives >= half && positives < keys.size());  // every inserted key, not every key
        const std::string slices =
            test::sliceMismatch(filter, batch, {0, 1, 299, 300, 513}, {0, 1, 7, 8, 9, 31, 32, 33, 64, 65, 200});
        QVERIFY2(slices.empty(), slices.c_str());
        // A caller's own buffer, first offset not 0 (a slice of a column).
        const std::string buffer = std::string("..") + keys[0] + keys[half + 1];
        const std::uint32_t offsets[] = {2, static_cast<std::uint32_t>(2 + keys[0].size()),
                                         static_cast<std::uint32_t>(buffer.size())};
        std::vector<std::uint8_t> two(2, 7);
        filter.mightContainMany(KeyBatch(buffer, offsets), two);
        QCOMPARE(two[0], std::uint8_t{1});
        QCOMPARE(two[1] != 0, filter.mightContain(keys[half + 1]));
        std::vector<std::uint8_t> wrong(3);
        QVERIFY(throwsWith([&] { filter.mightContainMany(batch.subspan(0, 2), wrong); }, "results has 3 slots for 2 keys"));
    }

    void parquetKnownAnswer() {
        // Parquet spec: XXH64("hello") = 0x26C7827D889F6DA3; in a 32-block filter it
        // sets block 4, bits 20, 9, 10, 7, 9, 31, 28, 27 of words 0..7.
        BlockedBloomFilter filter(32);
        const std::uint64_t h = BlockedBloomFilter::hashOf("hello");
        QCOMPARE(h, std::uint64_t{0x26C7827D889F6DA3ULL});
        QCOMPARE(filter.blockIndex(h), std::uint64_t{4});
        const std::array<std::uint8_t, 8> expectedBits = {20, 9, 10, 7, 9, 31, 28, 27};
        QCOMPARE(BlockedBloomFilter::blockMask(h), expectedBits);
        QVERIFY(!filter.mightContain("hello"));
        filter.insert("hello");
        QVERIFY(filter.mightContain("hello"));
        const auto words = filter.words();
        for (std::size_t w = 0; w < words.size(); ++w) {
            const std::uint32_t expected = (w / 8 == 4) ? (std::uint32_t{1} << expectedBits[w % 8]) : 0;
            QCOMPARE(words[w], expected);
        }
        // The bitset as Parquet stores it: little-endian 32-bit words.
        const std::vector<std::uint8_t> bytes = filter.bitsetBytes();
        QCOMPARE(bytes.size(), std::size_t{1024});
        for (std::size_t i = 0; i < bytes.size(); ++i) {
            std::uint8_t expected = 0;
            if (i >= 128 && i < 160) {
                const unsigned word = static_cast<unsigned>((i - 128) / 4);
                const unsigned byteInWord = static_cast<unsigned>((i - 128) % 4);
                if (expectedBits[word] / 8 == byteInWord) {
                    expected = static_cast<std::uint8_t>(1U << (expectedBits[word] % 8));
                }
            }
            QCOMPARE(bytes[i], expected);
        }
        // Teaching-mode positions: block * 256 + word * 32 + bit.
        const std::vector<std::uint64_t> positions = filter.probePositions("hello");
        for (unsigned i = 0; i < 8; ++i) {
            QCOMPARE(positions[i], std::uint64_t{4 * 256 + i * 32 + expectedBits[i]});
            QVERIFY(filter.testBit(positions[i]));
        }
        QCOMPARE(filter.popcount(), std::uint64_t{8});
    }

    void bitsetRoundTripIsLittleEndian() {
        BlockedBloomFilter filter(3);
        for (const auto& key : randomKeys(40, 1, 10, 1)) {
            filter.insert(key);
        }
        const std::vector<std::uint8_t> bytes = filter.bitsetBytes();
        for (std::size_t w = 0; w < filter.words().size(); ++w) {
            const std::uint32_t word = filter.words()[w];
            QCOMPARE(bytes[4 * w], static_cast<std::uint8_t>(word & 0xFF));
            QCOMPARE(bytes[4 * w + 3], static_cast<std::uint8_t>(word >> 24));
        }
        const BlockedBloomFilter restored = BlockedBloomFilter::fromBitset(bytes, 40, 0.05, 40);
        QVERIFY(sameWords(restored, filter));
        QCOMPARE(restored.numBlocks(), std::uint64_t{3});
        QCOMPARE(restored.itemCount(), std::uint64_t{40});
        QCOMPARE(restored.capacity(), std::uint64_t{40});
        QVERIFY(throwsWith([] { BlockedBloomFilter::fromBitset({}, 0, 0, 0); }, "non-zero multiple of 32 bytes"));
        const std::vector<std::uint8_t> odd(33);
        QVERIFY(throwsWith([&] { BlockedBloomFilter::fromBitset(odd, 0, 0, 0); }, "got 33 bytes"));
    }

    void sizing() {
        QCOMPARE(BlockedBloomFilter::withBytes(1024).numBlocks(), std::uint64_t{32});  // -m 1KiB
        QCOMPARE(BlockedBloomFilter::withBytes(1).numBlocks(), std::uint64_t{1});
        QCOMPARE(BlockedBloomFilter::withBytes(32).numBlocks(), std::uint64_t{1});
        QCOMPARE(BlockedBloomFilter::withBytes(33).numBlocks(), std::uint64_t{2});
        QCOMPARE(BlockedBloomFilter::withBytes(1024).numBits(), std::uint64_t{8192});
        QVERIFY(throwsWith([] { BlockedBloomFilter::withBytes(0); }, "got 0"));
        QVERIFY(throwsWith([] { BlockedBloomFilter((std::uint64_t{1} << 32) + 1); }, "at most 2^32 blocks"));
        QVERIFY(throwsWith([] { BlockedBloomFilter(0); }, "at least 1 block"));
        QVERIFY(throwsWith([] { BlockedBloomFilter(10, 100, 2.0); }, "target p must be in (0, 1)"));
        QVERIFY(throwsWith([] { BlockedBloomFilter::forCapacity(0, 0.01); }, "n (expected items) must be >= 1"));
        QVERIFY(throwsWith([] { BlockedBloomFilter::forCapacity(100, 0.0); }, "p must be in (0, 1)"));
        const BlockedBloomFilter sized = BlockedBloomFilter::forCapacity(1'000'000, 0.01);
        QCOMPARE(sized.numBlocks(), math::blockedBlocksFor(1'000'000, 0.01));
        QCOMPARE(sized.capacity(), std::uint64_t{1'000'000});
        QCOMPARE(sized.targetFpr(), 0.01);
        // The storage is cache-line aligned: no block straddles two lines.
        QCOMPARE(reinterpret_cast<std::uintptr_t>(sized.words().data()) % 64, std::uintptr_t{0});
    }

    void noFalseNegatives() {
        std::vector<std::string> keys = randomKeys(100'000, 0, 32, 2);
        keys.emplace_back("");
        keys.emplace_back(std::string("a\0b", 3));
        keys.emplace_back(std::string("\0\0", 2));
        keys.emplace_back("\xff\xfe\x80");
        keys.emplace_back("ключ");
        keys.emplace_back("キー");
        keys.emplace_back(std::string(1000, 'y'));
        for (std::size_t i = 0; i < 1000; ++i) {
            keys.push_back(keys[i]);  // duplicates
        }
        BlockedBloomFilter filter = BlockedBloomFilter::forCapacity(keys.size(), 0.01);
        for (const auto& key : keys) {
            QVERIFY(filter.insert(key));
        }
        QCOMPARE(filter.itemCount(), static_cast<std::uint64_t>(keys.size()));
        for (const auto& key : keys) {
            QVERIFY(filter.mightContain(key));
        }
        // Batched paths: same bits, all present.
        BlockedBloomFilter batched = BlockedBloomFilter::forCapacity(keys.size(), 0.01);
        const std::vector<std::string_view> keyViews = views(keys);
        batched.insertMany(keyViews);
        QVERIFY(sameWords(batched, filter));
        QCOMPARE(batched.itemCount(), filter.itemCount());
        std::vector<std::uint8_t> results(keys.size(), 0);
        batched.mightContainMany(keyViews, results);
        QVERIFY(std::ranges::all_of(results, [](std::uint8_t r) { return r == 1; }));
        std::vector<std::uint64_t> hashes;
        for (const auto& key : keys) {
            hashes.push_back(BlockedBloomFilter::hashOf(key));
        }
        std::ranges::fill(results, 0);
        batched.mightContainHashes(hashes, results);
        QVERIFY(std::ranges::all_of(results, [](std::uint8_t r) { return r == 1; }));
        // And the bits are the spec's, as built by the portable reference.
        QVERIFY(std::ranges::equal(filter.words(), portableReference(filter.numBlocks(), keys)));
        // Spans that end inside a pipeline group (32 keys with AVX-512 hashing, 16 without) or
        // inside the prefetch distance (64), or hold less than one.
        for (const std::size_t size : {0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 95, 127, 128, 129, 1000}) {
            BlockedBloomFilter one = BlockedBloomFilter::forCapacity(keys.size(), 0.01);
            BlockedBloomFilter many = BlockedBloomFilter::forCapacity(keys.size(), 0.01);
            const std::span<const std::string_view> part(keyViews.data() + 100, size);
            for (const std::string_view key : part) one.insert(key);
            many.insertMany(part);
            QVERIFY(sameWords(one, many));
            std::vector<std::uint8_t> partial(size + 1, 7);
            filter.mightContainMany(std::span(keyViews.data() + 100, size), std::span(partial).first(size));
            QVERIFY(std::all_of(partial.begin(), partial.begin() + static_cast<std::ptrdiff_t>(size),
                                [](std::uint8_t r) { return r == 1; }));
            QCOMPARE(partial[size], std::uint8_t{7});  // nothing written past the span
        }
    }

    void mostlyEightByteKeysBatchedAsOneByOne() {
        // Without AVX-512 a full group of keys that are all 8 bytes long is hashed and placed four
        // per AVX2 vector (by the written-out 8-byte XXH64 in a partial group, or without AVX2)
        // and any other group key by key through XXH64: runs of 8-byte keys with a key of another
        // length here and there take all of these, in both key layouts.
        std::vector<std::string> keys = randomKeys(5'000, 8, 8, 5);
        for (std::size_t i = 0; i < keys.size(); i += 37) {
            keys[i] += i % 2 == 0 ? "+" : "longer than eight";
        }
        keys[keys.size() - 1].clear();  // and an empty key in the last, partial group
        BlockedBloomFilter one = BlockedBloomFilter::forCapacity(keys.size(), 0.01);
        for (const auto& key : keys) one.insert(key);
        BlockedBloomFilter many = BlockedBloomFilter::forCapacity(keys.size(), 0.01);
        many.insertMany(views(keys));
        QVERIFY(sameWords(one, many));
        QVERIFY(std::ranges::equal(one.words(), portableReference(one.numBlocks(), keys)));
        KeyBatchBuilder builder;
        for (const auto& key : keys) builder.append(key);
        BlockedBloomFilter packed = BlockedBloomFilter::forCapacity(keys.size(), 0.01);
        packed.insertMany(builder.view());
        QVERIFY(sameWords(one, packed));
        const std::vector<std::string> absent = randomKeys(5'000, 8, 9, 55);
        std::vector<std::uint8_t> results(absent.size(), 7);
        many.mightContainMany(views(absent), results);
        KeyBatchBuilder absentBuilder;
        for (const auto& key : absent) absentBuilder.append(key);
        std::vector<std::uint8_t> packedResults(absent.size(), 7);
        many.mightContainMany(absentBuilder.view(), packedResults);
        for (std::size_t i = 0; i < absent.size(); ++i) {
            const auto expected = static_cast<std::uint8_t>(one.mightContain(absent[i]) ? 1 : 0);
            QCOMPARE(results[i], expected);
            QCOMPARE(packedResults[i], expected);
        }
    }

    void fixedWidthStringsBatchedAsOneByOne() {
        // Runs of keys that share one length (a fixed-width column): without AVX-512 the batched
        // calls hash sixteen at a time in AVX2 vectors when the run's first sixteen share a
        // length from 4 to 31 bytes, and key by key otherwise. Runs of 4, 17, 30 and 31 bytes,
        // each broken now and then by a key of another length; 32-byte keys (key by key there);
        // both key layouts; the same bits and answers as the one-key calls.
        for (const std::size_t length : {std::size_t{4}, std::size_t{17}, std::size_t{30}, std::size_t{31}, std::size_t{32}}) {
            std::vector<std::string> keys = randomKeys(3'001, length, length, 400 + length);
            for (std::size_t i = 45; i < keys.size(); i += 101) keys[i] += "+";
            BlockedBloomFilter one = BlockedBloomFilter::forCapacity(keys.size(), 0.01);
            for (const auto& key : keys) one.insert(key);
            BlockedBloomFilter many = BlockedBloomFilter::forCapacity(keys.size(), 0.01);
            many.insertMany(views(keys));
            QVERIFY2(sameWords(one, many), qPrintable(QString("%1-byte keys").arg(length)));
            QVERIFY(std::ranges::equal(one.words(), portableReference(one.numBlocks(), keys)));
            BlockedBloomFilter packed = BlockedBloomFilter::forCapacity(keys.size(), 0.01);
            packed.insertMany(test::packed(keys).view());
            QVERIFY2(sameWords(one, packed), qPrintable(QString("%1-byte keys, KeyBatch").arg(length)));
            const std::vector<std::string> absent = randomKeys(3'000, length, length, 500 + length);
            std::vector<std::uint8_t> results(absent.size(), 7);
            std::vector<std::uint8_t> packedResults(absent.size(), 7);
            many.mightContainMany(views(absent), results);
            many.mightContainMany(test::packed(absent).view(), packedResults);
            std::vector<std::uint8_t> present(keys.size(), 7);
            many.mightContainMany(test::packed(keys).view(), present);
            QVERIFY(std::ranges::all_of(present, [](std::uint8_t r) { return r == 1; }));
            for (std::size_t i = 0; i < absent.size(); ++i) {
                const auto expected = static_cast<std::uint8_t>(one.mightContain(absent[i]) ? 1 : 0);
                QCOMPARE(results[i], expected);
                QCOMPARE(packedResults[i], expected);
            }
        }
    }

    void eightByteKeysBatchedAsOneByOne() {
        // Runs of 8-byte keys take the vectorised XXH64 in the batched calls (AVX-512 when the CPU
        // has it, else four per AVX2 vector placed in the same vectors; 20,003 keys end in a
        // partial group): the bits and answers must be those of insert / mightContain key by key.
        qInfo("hashBatchVectorized() = %d", hashBatchVectorized() ? 1 : 0);
        const std::vector<std::string> keys = randomKeys(20'003, 8, 8, 4);
        const std::vector<std::string> absent = randomKeys(20'000, 8, 8, 44);
        BlockedBloomFilter one = BlockedBloomFilter::forCapacity(keys.size(), 0.01);
        BlockedBloomFilter many = BlockedBloomFilter::forCapacity(keys.size(), 0.01);
        for (const auto& key : keys) one.insert(key);
        many.insertMany(views(keys));
        QVERIFY(sameWords(one, many));
        QVERIFY(std::ranges::equal(one.words(), portableReference(one.numBlocks(), keys)));
        std::vector<std::uint8_t> results(absent.size(), 7);
        many.mightContainMany(views(absent), results);
        std::size_t positives = 0;
        for (std::size_t i = 0; i < absent.size(); ++i) {
            QCOMPARE(results[i], static_cast<std::uint8_t>(one.mightContain(absent[i]) ? 1 : 0));
            positives += results[i];
        }
        QVERIFY(positives < absent.size() / 20);  // an FPR near 1%, not answers stuck at "maybe"
    }

    void batchedAtBothPrefetchLevels() {
        // Every pipeline exists once per prefetch level (core/prefetch_distance.h; this small
        // filter takes the L1 by the size rule): both give the one-by-one bits and answers, for
        // 8-byte keys and strings, spans and precomputed hashes.
        for (const std::size_t length : {std::size_t{8}, std::size_t{13}}) {
            const std::vector<std::string> keys = randomKeys(3'001, length, length, 600 + length);
            const std::vector<std::string> absent = randomKeys(3'000, length, length + 20, 700 + length);
            BlockedBloomFilter one = BlockedBloomFilter::forCapacity(keys.size(), 0.01);
            for (const auto& key : keys) one.insert(key);
            for (const PrefetchLevel level : {PrefetchLevel::L1, PrefetchLevel::L2}) {
                const ScopedPrefetchLevel scoped(level);
                for (const Writers writers : {Writers::One, Writers::Many}) {
                    BlockedBloomFilter many = BlockedBloomFilter::forCapacity(keys.size(), 0.01);
                    many.setWriters(writers);
                    many.insertMany(views(keys));
                    QVERIFY(sameWords(one, many));
                }
                std::vector<std::uint8_t> results(absent.size(), 7);
                one.mightContainMany(views(absent), results);
                std::vector<std::uint64_t> hashes;
                for (const auto& key : absent) hashes.push_back(BlockedBloomFilter::hashOf(key));
                std::vector<std::uint8_t> byHash(absent.size(), 7);
                one.mightContainHashes(hashes, byHash);
                for (std::size_t i = 0; i < absent.size(); ++i) {
                    const auto expected = static_cast<std::uint8_t>(one.mightContain(absent[i]) ? 1 : 0);
                    QCOMPARE(results[i], expected);
                    QCOMPARE(byHash[i], expected);
                }
            }
        }
    }

    void measuredFprWithinBounds() {
        // Two stages, both with stated bounds:
        //  1. Given the instance, absent-key answers are Bernoulli(instance FPR): the count of
        //     false positives is within math::binomialAcceptance (z = 4) of T x instance FPR, which
        //     stats().estimatedFpr reports exactly.
        //  2. The instance FPR is within 4 standard errors (from the per-block terms) of the
        //     theory math::blockedFpr (the Poisson mixture).
        const std::uint64_t n = 100'000;
        const std::uint64_t blocks = 3000;  // 7.7 bits per key: about 3.9% FPR
        BlockedBloomFilter filter(blocks);
        const std::vector<std::string> keys = randomKeys(n, 8, 24, 3);
        QCOMPARE(std::set<std::string>(keys.begin(), keys.end()).size(), static_cast<std::size_t>(n));
        filter.insertMany(views(keys));
        constexpr std::uint64_t kTrials = 400'000;
        const std::vector<std::string> absent = randomKeys(kTrials, 25, 40, 4);
        std::uint64_t falsePositives = 0;
        for (const auto& key : absent) {
            falsePositives += filter.mightContain(key) ? 1 : 0;
        }
        const InstanceFpr instance = instanceFpr(filter);
        QVERIFY(std::abs(filter.stats().estimatedFpr - instance.mean) <= 1e-12);
        const math::Interval band = math::binomialAcceptance(kTrials, instance.mean);
        const double theory = math::blockedFpr(static_cast<double>(n), blocks);
        qInfo("blocked n=%llu blocks=%llu: measured FPR %.5f, instance %.5f (se %.6f), theory %.5f",
              static_cast<unsigned long long>(n), static_cast<unsigned long long>(blocks),
              static_cast<double>(falsePositives) / kTrials, instance.mean, instance.standardError, theory);
        QVERIFY2(falsePositives >= band.low && falsePositives <= band.high,
                 qPrintable(QStringLiteral("%1 false positives, band [%2, %3]").arg(falsePositives).arg(band.low).arg(band.high)));
        QVERIFY2(std::abs(instance.mean - theory) <= 4 * instance.standardError,
                 qPrintable(QStringLiteral("instance %1 theory %2 se %3").arg(instance.mean).arg(theory).arg(instance.standardError)));
        // Batched answers equal single answers on absent keys.
        std::vector<std::uint8_t> results(absent.size());
        filter.mightContainMany(views(absent), results);
        QCOMPARE(static_cast<std::uint64_t>(std::ranges::count(results, std::uint8_t{1})), falsePositives);
    }

    void forCapacityMeasuresAtMostP() {
        // docs/pitfalls.md #11: sized from the layout's real FPR, a filter built for (n, p) measures about
        // p, not the ~1.5x of the spec's formula. Bound: binomialAcceptance(T, p + 4 se).high,
        // where se is the instance's standard error (stage 2 above); the spec formula's size is
        // shown to exceed that bound for the same keys.
        const std::uint64_t n = 200'000;
        const double p = 0.01;
        BlockedBloomFilter filter = BlockedBloomFilter::forCapacity(n, p);
        const std::vector<std::string> keys = randomKeys(n, 8, 24, 5);
        filter.insertMany(views(keys));
        constexpr std::uint64_t kTrials = 500'000;
        const std::vector<std::string> absent = randomKeys(kTrials, 25, 40, 6);
        std::vector<std::uint8_t> results(kTrials);
        filter.mightContainMany(views(absent), results);
        const auto falsePositives = static_cast<std::uint64_t>(std::ranges::count(results, std::uint8_t{1}));
        const InstanceFpr instance = instanceFpr(filter);
        const double bound = math::binomialAcceptance(kTrials, p + 4 * instance.standardError).high;
        qInfo("blocked forCapacity(n=%llu, p=%g): %.2f bits/key, measured FPR %.5f (bound %.5f)",
              static_cast<unsigned long long>(n), p, static_cast<double>(filter.numBits()) / n,
              static_cast<double>(falsePositives) / kTrials, bound / kTrials);
        QVERIFY2(falsePositives <= bound, qPrintable(QString::number(falsePositives)));

        const double specBitsPerKey = -8.0 / std::log1p(-std::pow(p, 1.0 / 8.0));
        BlockedBloomFilter spec(static_cast<std::uint64_t>(std::ceil(specBitsPerKey * n / 256.0)));
        spec.insertMany(views(keys));
        spec.mightContainMany(views(absent), results);
        const auto specPositives = static_cast<std::uint64_t>(std::ranges::count(results, std::uint8_t{1}));
        qInfo("spec formula: %.2f bits/key, measured FPR %.5f", specBitsPerKey, static_cast<double>(specPositives) / kTrials);
        QVERIFY(specPositives > bound);
    }

    void avx2AndPortableKernelsAgree() {
        if (!BlockedBloomFilter::cpuHasAvx2()) {
            QSKIP("this CPU has no AVX2; only the portable path exists here");
        }
        // Random hashes into a 64-block region, once per kernel: identical bits after every step;
        // checks agree on hits and on misses.
        constexpr std::uint64_t kBlocks = 64;
        FilterArray<std::uint32_t> portable(kBlocks * 8, 0);
        FilterArray<std::uint32_t> avx2(kBlocks * 8, 0);
        std::mt19937_64 rng(8);
        std::uint64_t hits = 0;
        for (int i = 0; i < 200'000; ++i) {
            const std::uint64_t h = rng();
            const std::uint64_t block = ((h >> 32) * kBlocks) >> 32;
            const auto x = static_cast<std::uint32_t>(h);
            const bool before = BlockedBloomFilter::blockCheckPortable(portable.data() + block * 8, x);
            QCOMPARE(BlockedBloomFilter::blockCheckAvx2(avx2.data() + block * 8, x), before);
            hits += before ? 1 : 0;
            if (i % 3 != 0) {  // leave some queries as misses
                BlockedBloomFilter::blockInsertPortable(portable.data() + block * 8, x);
                BlockedBloomFilter::blockInsertAvx2(avx2.data() + block * 8, x);
                QVERIFY(BlockedBloomFilter::blockCheckAvx2(avx2.data() + block * 8, x));
            }
            if (i % 1000 == 0) {
                QVERIFY(portable == avx2);
            }
        }
        QVERIFY(portable == avx2);
        QVERIFY(hits > 1000 && hits < 199'000);  // both answers exercised

        // The unaligned fallback inside the AVX2 insert (a block not on a 16-byte boundary).
        FilterArray<std::uint32_t> shifted(8 + 1, 0);
        std::array<std::uint32_t, 8> reference{};
        for (int i = 0; i < 100; ++i) {
            const auto x = static_cast<std::uint32_t>(rng());
            BlockedBloomFilter::blockInsertAvx2(shifted.data() + 1, x);
            BlockedBloomFilter::blockInsertPortable(reference.data(), x);
        }
        QVERIFY(std::equal(reference.begin(), reference.end(), shifted.begin() + 1));

        // The filter's own path (AVX2 here unless BLOOMLAB_NO_AVX2 is set) matches the portable
        // reference on real keys.
        qInfo("usingAvx2() = %d", BlockedBloomFilter::usingAvx2() ? 1 : 0);
        const std::vector<std::string> keys = randomKeys(50'000, 0, 20, 9);
        BlockedBloomFilter filter(2000);
        for (const auto& key : keys) {
            filter.insert(key);
        }
        QVERIFY(std::ranges::equal(filter.words(), portableReference(2000, keys)));
    }

    void statsReflectTheFill() {
        BlockedBloomFilter filter = BlockedBloomFilter::forCapacity(20'000, 0.01);
        const FilterStats empty = filter.stats();
        QCOMPARE(empty.items, std::uint64_t{0});
        QCOMPARE(empty.estimatedFpr, 0.0);
        QCOMPARE(empty.fillRatio, 0.0);
        QCOMPARE(empty.layers, 1U);
        filter.insertMany(views(randomKeys(20'000, 8, 16, 10)));
        const FilterStats s = filter.stats();
        QCOMPARE(s.items, std::uint64_t{20'000});
        QCOMPARE(s.bytes, filter.numBlocks() * 32);
        QCOMPARE(s.bitsPerItem, 8.0 * static_cast<double>(s.bytes) / 20'000.0);
        QCOMPARE(s.fillRatio, static_cast<double>(filter.popcount()) / static_cast<double>(filter.numBits()));
        QCOMPARE(s.estimatedItems, math::estimatedItems(filter.numBits(), 8, filter.popcount()));
        QVERIFY(!s.overfilled);
        filter.insertMany(views(randomKeys(40'000, 8, 16, 11)));
        QVERIFY(filter.stats().overfilled);
    }

    void unionAndIntersection() {
        const std::vector<std::string> a = randomKeys(3'000, 1, 20, 12);
        const std::vector<std::string> b = randomKeys(3'000, 21, 30, 13);
        const std::vector<std::string> common = randomKeys(300, 31, 40, 14);
        BlockedBloomFilter fa(1000);
        BlockedBloomFilter fb(1000);
        BlockedBloomFilter both(1000);
        for (const auto& key : a) { fa.insert(key); both.insert(key); }
        for (const auto& key : b) { fb.insert(key); both.insert(key); }
        for (const auto& key : common) { fa.insert(key); fb.insert(key); both.insert(key); }
        BlockedBloomFilter united = fa;
        united.unionWith(fb);
        QVERIFY(sameWords(united, both));
        QCOMPARE(united.itemCount(), fa.itemCount() + fb.itemCount());
        BlockedBloomFilter intersected = fa;
        intersected.intersectWith(fb);
        for (std::size_t i = 0; i < intersected.words().size(); ++i) {
            QCOMPARE(intersected.words()[i], fa.words()[i] & fb.words()[i]);
        }
        for (const auto& key : common) {
            QVERIFY(intersected.mightContain(key));
        }
        QCOMPARE(intersected.itemCount(), std::min(fa.itemCount(), fb.itemCount()));
        QVERIFY(throwsWith([&] { fa.unionWith(BlockedBloomFilter(999)); }, "different sizes: 1000 vs 999 blocks"));
        QVERIFY(throwsWith([&] { fa.intersectWith(BlockedBloomFilter(1001)); }, "different sizes"));
    }

    void copyAndMove() {
        BlockedBloomFilter original(100, 500, 0.02);
        original.insertMany(views(randomKeys(500, 1, 10, 15)));
        BlockedBloomFilter copy(original);
        QVERIFY(sameWords(copy, original));
        QCOMPARE(copy.itemCount(), std::uint64_t{500});
        QCOMPARE(copy.capacity(), std::uint64_t{500});
        QCOMPARE(copy.targetFpr(), 0.02);
        QCOMPARE(reinterpret_cast<std::uintptr_t>(copy.words().data()) % 64, std::uintptr_t{0});
        copy.insert("copy only");
        QVERIFY(!sameWords(copy, original));
        BlockedBloomFilter assigned(1);
        assigned = original;
        QVERIFY(sameWords(assigned, original));
        const std::vector<std::uint32_t> words(original.words().begin(), original.words().end());
        BlockedBloomFilter moved(std::move(original));
        QVERIFY(std::ranges::equal(moved.words(), words));
        QCOMPARE(original.numBlocks(), std::uint64_t{0});  // NOLINT(bugprone-use-after-move): documented state
        QCOMPARE(original.stats().bytes, std::uint64_t{0});
        BlockedBloomFilter target(1);
        target = std::move(moved);
        QVERIFY(std::ranges::equal(target.words(), words));
        QCOMPARE(target.itemCount(), std::uint64_t{500});
    }

    void validation() {
        BlockedBloomFilter filter(4);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, filter.testBit(4 * 256));
        const std::vector<std::string_view> keys = {"a", "b", "c"};
        std::vector<std::uint8_t> results(2);
        QVERIFY(throwsWith([&] { filter.mightContainMany(keys, results); }, "results has 2 slots for 3 keys"));
        const std::vector<std::uint64_t> hashes = {1, 2, 3};
        QVERIFY(throwsWith([&] { filter.mightContainHashes(hashes, results); }, "results has 2 slots for 3 hashes"));
    }

    void oneWriterModeSetsTheSameBits() {
        // Writers::One (one vector or plain store per block) sets exactly the bits of the
        // default Writers::Many, single-key and batched, on this process's kernel (AVX2 unless
        // BLOOMLAB_NO_AVX2 is set) and equals the portable reference.
        QCOMPARE(BlockedBloomFilter(4).writers(), Writers::Many);
        const std::vector<std::string> keys = randomKeys(40'000, 0, 24, 31);
        const std::vector<std::string_view> keyViews(keys.begin(), keys.end());
        for (const std::uint64_t blocks : {std::uint64_t{1}, std::uint64_t{3}, std::uint64_t{5000}}) {
            BlockedBloomFilter many(blocks);
            BlockedBloomFilter oneSingle(blocks);
            BlockedBloomFilter oneBatched(blocks);
            oneSingle.setWriters(Writers::One);
            oneBatched.setWriters(Writers::One);
            for (const auto& key : keys) {
                many.insert(key);
                oneSingle.insert(key);
            }
            oneBatched.insertMany(keyViews);
            QVERIFY(sameWords(many, oneSingle));
            QVERIFY(sameWords(many, oneBatched));
            QVERIFY(std::ranges::equal(oneBatched.words(), portableReference(blocks, keys)));
            QCOMPARE(oneBatched.itemCount(), many.itemCount());
        }
        BlockedBloomFilter one(8);
        one.setWriters(Writers::One);
        QCOMPARE(BlockedBloomFilter(one).writers(), Writers::One);
    }

    void concurrentInsertsLoseNoBits() {
        // Small filter, four writers (two single-key, two batched): the result equals the
        // sequential build bit for bit (no OR lost; docs/pitfalls.md #12).
        constexpr int kThreads = 4;
        std::vector<std::vector<std::string>> sets;
        for (int t = 0; t < kThreads; ++t) {
            sets.push_back(randomKeys(20'000, 1, 16, 60 + t));
        }
        BlockedBloomFilter shared(512);
        BlockedBloomFilter sequential(512);
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t) {
            threads.emplace_back([&shared, &set = sets[t], t] {
                if (t % 2 == 0) {
                    for (const auto& key : set) {
                        shared.insert(key);
                    }
                } else {
                    shared.insertMany(std::vector<std::string_view>(set.begin(), set.end()));
                }
            });
        }
        for (auto& thread : threads) {
            thread.join();
        }
        for (const auto& set : sets) {
            for (const auto& key : set) {
                sequential.insert(key);
                QVERIFY(shared.mightContain(key));
            }
        }
        QVERIFY(sameWords(shared, sequential));
        QCOMPARE(shared.itemCount(), std::uint64_t{kThreads * 20'000});
    }
};

QTEST_GUILESS_MAIN(TestBlockedBloomFilter)
#include "tst_blocked_bloom_filter.moc"
