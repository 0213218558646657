// tst_hashing: the hash functions every filter depends on, checked against published vectors.
//
// Sources of the expected values (all independent of this project):
//   - XXH64 and XXH3 sanity vectors of the xxHash reference CLI (cli/xsum_sanity_check.c, and
//     the older xxhsum.c BMK_sanityCheck): a 101-byte (XXH64) or N-byte (XXH3) buffer generated
//     by byteGen = PRIME32; buf[i] = byteGen >> 24 (or >> 56); byteGen *= byteGen (or PRIME64).
//   - XXH3-64 of an xorshift buffer at every length class (LLVM unittests/Support/xxhashTest.cpp).
//   - XXH64("hello") = 0x26C7827D889F6DA3: the Parquet bloom-filter known answer.
//   - Short-string XXH64 values quoted in several independent ports ("a", "abc", "foo",
//     "Nobody inspects the spammish repetition").
#include "core/hash_batch.h"
#include "core/hashing.h"
#include "core/key_batch.h"
#include "core/simd_avx512.h"
#include "test_support.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <cstdint>
#include <cstring>

#include <sys/mman.h>
#include <unistd.h>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using namespace bloomlab;

namespace {

constexpr std::uint64_t kPrime32 = 2654435761ULL;
constexpr std::uint64_t kPrime64 = 0x9E3779B185EBCA8DULL;

/// xxhsum.c (v0.6) sanity buffer used for the XXH64 vectors: 32-bit generator squared.
std::string legacySanityBuffer() {
    std::string buffer(101, '\0');
    std::uint32_t byteGen = static_cast<std::uint32_t>(kPrime32);
    for (char& byte : buffer) {
        byte = static_cast<char>(byteGen >> 24);
        byteGen *= byteGen;
    }
    return buffer;
}

/// xsum_sanity_check.c (v0.8) sanity buffer used for the XXH3 vectors.
std::string sanityBuffer(std::size_t length) {
    std::string buffer(length, '\0');
    std::uint64_t byteGen = kPrime32;
    for (char& byte : buffer) {
        byte = static_cast<char>(byteGen >> 56);
        byteGen *= kPrime64;
    }
    return buffer;
}

/// LLVM xxhashTest buffer: xorshift64 (13, 7, 17) from 1, low byte of each state.
std::string xorshiftBuffer(std::size_t length) {
    std::string buffer(length, '\0');
    std::uint64_t x = 1;
    for (char& byte : buffer) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        byte = static_cast<char>(static_cast<std::uint8_t>(x));
    }
    return buffer;
}

#if defined(__x86_64__)
// GCC 12 reports the intrinsics' deliberately undefined merge operands (see hash_batch.cpp).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
/// simd::reduceRange and simd::reduceRangeBelow32 for one (hash, range) pair, through a vector
/// whose eight lanes hold it; every lane must agree (all = false when they do not).
__attribute__((target("avx512f,avx512dq"))) std::pair<std::uint64_t, std::uint64_t> vectorReduce(
    std::uint64_t hash, std::uint64_t range, bool& all) {
    alignas(64) std::uint64_t full[8];
    alignas(64) std::uint64_t below[8];
    _mm512_store_si512(full, simd::reduceRange(simd::broadcast(hash), simd::broadcast(range)));
    _mm512_store_si512(below, simd::reduceRangeBelow32(simd::broadcast(hash), simd::broadcast(range)));
    all = std::all_of(full, full + 8, [&](std::uint64_t x) { return x == full[0]; }) &&
          std::all_of(below, below + 8, [&](std::uint64_t x) { return x == below[0]; });
    return {full[0], below[0]};
}
#pragma GCC diagnostic pop
#endif

QString hex(std::uint64_t value) { return QStringLiteral("0x%1").arg(value, 16, 16, QLatin1Char('0')).toUpper(); }

} // namespace

class TestHashing : public QObject {
    Q_OBJECT

private slots:
    void keyBatchHashesEqualKeyByKey() {
        // xxh64Many / xxh3_128Many over a KeyBatch give each key's scalar hash: runs of 8-byte keys
        // (one 64-byte load per eight with AVX-512), runs broken by other lengths, empty and long
        // keys, slices starting anywhere, tails shorter than eight.
        std::vector<std::string> keys = test::randomKeys(200, 8, 8, 61);
        for (std::string& key : test::randomKeys(300, 0, 40, 62)) keys.push_back(std::move(key));
        for (std::string& key : test::randomKeys(100, 8, 9, 63)) keys.push_back(std::move(key));
        for (std::string& key : test::randomKeys(4, 100, 3000, 64)) keys.push_back(std::move(key));
        KeyBatchBuilder builder;
        for (const std::string& key : keys) builder.append(key);
        const KeyBatch batch = builder.view();
        QCOMPARE(batch.size(), keys.size());
        for (const std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{0xDEADBEEFCAFEF00DULL}}) {
            for (const std::size_t start : {0, 3, 200, 500}) {
                for (const std::size_t count : {0, 1, 7, 8, 9, 63, 104}) {
                    const KeyBatch run = batch.subspan(start, count);
                    std::vector<std::uint64_t> out(count + 1, 77), low(count + 1, 77), high(count + 1, 77);
                    xxh64Many(run, seed, out.data());
                    xxh3_128Many(run, seed, low.data(), high.data());
                    for (std::size_t i = 0; i < count; ++i) {
                        const std::string& key = keys[start + i];
                        if (out[i] != xxh64(key, seed) || low[i] != xxh3_128(key, seed).low ||
                            high[i] != xxh3_128(key, seed).high) {
                            QFAIL(qPrintable(QString("key %1 (%2 bytes), seed %3: batch hash differs")
                                                 .arg(start + i).arg(key.size()).arg(seed)));
                        }
                    }
                    QCOMPARE(out[count], std::uint64_t{77});  // nothing written past the run
                    QCOMPARE(low[count], std::uint64_t{77});
                    QCOMPARE(high[count], std::uint64_t{77});
                }
            }
        }
    }

    void sharedLengthRunsEqualKeyByKey() {
        // Runs of keys that share one length: xxh64Many gives the scalar value for every length
        // 0..100 (no stripe, one to three 32-byte stripes, each tail) and some longer ones in both
        // layouts (whichever loop the run's first keys select), with the run ending at the very
        // end of its buffer, for any seed.
        std::vector<std::size_t> lengths;
        for (std::size_t length = 0; length <= 100; ++length) lengths.push_back(length);
        for (const std::size_t length : {127, 128, 129, 200, 1000}) lengths.push_back(length);
        for (const std::size_t length : lengths) {
            const std::vector<std::string> keys = test::randomKeys(19, length, length, 70 + length);
            KeyBatchBuilder builder;
            for (const std::string& key : keys) builder.append(key);
            std::vector<std::string> heap(keys.begin(), keys.end());  // separate allocations
            const std::vector<std::string_view> views(heap.begin(), heap.end());
            for (const std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{0x9E3779B97F4A7C15ULL}}) {
                std::vector<std::uint64_t> packed(keys.size()), spans(keys.size());
                xxh64Many(builder.view(), seed, packed.data());
                xxh64Many(views, seed, spans.data());
                for (std::size_t i = 0; i < keys.size(); ++i) {
                    const std::uint64_t expected = xxh64(keys[i], seed);
                    if (packed[i] != expected || spans[i] != expected) {
                        QFAIL(qPrintable(QString("length %1, key %2, seed %3: batch XXH64 differs").arg(length).arg(i).arg(seed)));
                    }
                }
            }
        }
    }

    void everyPathEqualsKeyByKey() {
        // Each batched path (AVX-512, AVX2, scalar), taken explicitly whatever this machine would
        // choose, gives the scalar hash of every key: runs of 8-byte keys (the vector loops), runs
        // of every length 0..40 and runs that mix them, both layouts (span and KeyBatch), runs
        // starting anywhere and ending short of a vector (counts not a multiple of 4 or 8), several
        // seeds. A path this CPU cannot run falls back to scalar, which must give the same values.
        const HashBatchPath paths[] = {HashBatchPath::Scalar, HashBatchPath::Avx2, HashBatchPath::Avx512};
        for (const HashBatchPath path : paths)
            qInfo("%s path supported: %d", hashBatchPathName(path), hashBatchPathSupported(path) ? 1 : 0);
        // Runs of each length are 20 keys long: more than the sixteen the AVX2 string kernel takes
        // at once (starts 480 and 1000: the 4- and 30-byte runs; 483: a run of sixteen 4-byte keys,
        // then sixteen that mix 4 and 5 bytes).
        constexpr std::size_t kPerLength = 20;
        std::vector<std::string> keys = test::randomKeys(400, 8, 8, 81);  // all 8 bytes
        for (std::size_t length = 0; length <= 100; ++length) {
            for (std::string& key : test::randomKeys(kPerLength, length, length, 82 + length)) keys.push_back(std::move(key));
        }
        for (std::string& key : test::randomKeys(300, 0, 40, 230)) keys.push_back(std::move(key));  // mixed
        for (std::string& key : test::randomKeys(300, 0, 140, 231)) keys.push_back(std::move(key));  // with stripes
        for (std::string& key : test::randomKeys(200, 8, 8, 232)) keys.push_back(std::move(key));
        KeyBatchBuilder builder;
        for (const std::string& key : keys) builder.append(key);
        const KeyBatch batch = builder.view();
        const std::vector<std::string_view> views(keys.begin(), keys.end());
        const std::size_t starts[] = {0,    1,    3,    395,  400,  411, 400 + 4 * kPerLength, 400 + 4 * kPerLength + 3,
                                      400 + 30 * kPerLength, 1700, keys.size() - 503, keys.size() - 203};
        const std::size_t counts[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 13, 31, 32, 33, 197, 203};
        for (const std::uint64_t seed :
             {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{0x9E3779B97F4A7C15ULL}, ~std::uint64_t{0}}) {
            for (const std::size_t start : starts) {
                for (const std::size_t count : counts) {
                    if (start + count > keys.size()) continue;
                    const std::span<const std::string_view> run(views.data() + start, count);
                    const KeyBatch packed = batch.subspan(start, count);
                    for (const HashBatchPath path : paths) {
                        std::vector<std::uint64_t> spanOut(count + 1, 77), packedOut(count + 1, 77);
                        std::vector<std::uint64_t> spanLow(count + 1, 77), spanHigh(count + 1, 77);
                        std::vector<std::uint64_t> packedLow(count + 1, 77), packedHigh(count + 1, 77);
                        xxh64ManyOn(path, run, seed, spanOut.data());
                        xxh64ManyOn(path, packed, seed, packedOut.data());
                        xxh3_128ManyOn(path, run, seed, spanLow.data(), spanHigh.data());
                        xxh3_128ManyOn(path, packed, seed, packedLow.data(), packedHigh.data());
                        for (std::size_t i = 0; i < count; ++i) {
                            const std::string& key = keys[start + i];
                            const std::uint64_t h64 = xxh64(key, seed);
                            const Hash128 h128 = xxh3_128(key, seed);
                            if (spanOut[i] != h64 || packedOut[i] != h64 || spanLow[i] != h128.low ||
                                spanHigh[i] != h128.high || packedLow[i] != h128.low || packedHigh[i] != h128.high) {
                                QFAIL(qPrintable(QString("%1 path: key %2 (%3 bytes) of a run of %4 from %5, seed %6: "
                                                         "batch hash differs")
                                                     .arg(hashBatchPathName(path))
                                                     .arg(start + i)
                                                     .arg(key.size())
                                                     .arg(count)
                                                     .arg(start)
                                                     .arg(seed)));
                            }
                        }
                        // Nothing written past the run.
                        for (const auto* out : {&spanOut, &packedOut, &spanLow, &spanHigh, &packedLow, &packedHigh})
                            QCOMPARE(out->back(), std::uint64_t{77});
                    }
                }
            }
        }
    }

    void pathChoice() {
        // xxh64Many and xxh3_128Many take the widest path the CPU runs and the environment allows
        // (xxh64Many's AVX2 path covers runs of strings of one length only: see
        // xxh64VectorizesByRun); hashBatchVectorized() means exactly "the AVX-512 paths run".
        const HashBatchPath xxh64Path = hashBatchPath(HashAlgorithm::Xxh64);
        const HashBatchPath xxh3Path = hashBatchPath(HashAlgorithm::Xxh3_128);
        qInfo("XXH64 batched path: %s, XXH3-128 batched path: %s", hashBatchPathName(xxh64Path),
              hashBatchPathName(xxh3Path));
        QCOMPARE(xxh64Path, xxh3Path);
        QCOMPARE(hashBatchVectorized(), xxh3Path == HashBatchPath::Avx512);
        QCOMPARE(hashBatchPath(HashAlgorithm::Xxh3_64), HashBatchPath::Scalar);
        QVERIFY(hashBatchPathSupported(xxh3Path));
        QVERIFY(hashBatchPathSupported(HashBatchPath::Scalar));
        QCOMPARE(hashBatchPathSupported(HashBatchPath::Avx512), cpuHasAvx512());
        const QByteArray noAvx512 = qgetenv("BLOOMLAB_NO_AVX512");
        const QByteArray noAvx2 = qgetenv("BLOOMLAB_NO_AVX2");
        if (!noAvx512.isEmpty()) QVERIFY(xxh3Path != HashBatchPath::Avx512);
        if (!noAvx512.isEmpty() && !noAvx2.isEmpty()) QCOMPARE(xxh3Path, HashBatchPath::Scalar);
        if (noAvx512.isEmpty() && cpuHasAvx512()) QCOMPARE(xxh3Path, HashBatchPath::Avx512);
        if (!noAvx512.isEmpty() && noAvx2.isEmpty() && hashBatchPathSupported(HashBatchPath::Avx2))
            QCOMPARE(xxh3Path, HashBatchPath::Avx2);
        QCOMPARE(QByteArray(hashBatchPathName(HashBatchPath::Avx512)), QByteArray("AVX-512"));
        QCOMPARE(QByteArray(hashBatchPathName(HashBatchPath::Avx2)), QByteArray("AVX2"));
        QCOMPARE(QByteArray(hashBatchPathName(HashBatchPath::Scalar)), QByteArray("scalar"));
    }

    void xxh64VectorizesByRun() {
        // Which runs xxh64Many hashes in vectors, per path: with AVX-512 8-byte keys and strings
        // of any lengths from 4 bytes; with AVX2 only sixteen strings of one length from 4 to 31
        // bytes (8-byte keys stay scalar there: the blocked filter hashes them inline); scalar
        // none. The blocked filter picks its loop by this answer.
        const std::vector<std::string> eightByte = test::randomKeys(32, 8, 8, 301);
        const std::vector<std::string> thirty = test::randomKeys(32, 30, 30, 302);
        const std::vector<std::string> four = test::randomKeys(32, 4, 4, 303);
        const std::vector<std::string> thirtyOne = test::randomKeys(32, 31, 31, 308);
        const std::vector<std::string> thirtyTwo = test::randomKeys(32, 32, 32, 304);
        const std::vector<std::string> three = test::randomKeys(32, 3, 3, 305);
        const std::vector<std::string> varying = test::randomKeys(32, 9, 31, 306);
        std::vector<std::string> fifteenThenOther = test::randomKeys(15, 30, 30, 307);
        fifteenThenOther.push_back(std::string(26, 'k'));
        for (std::string& key : test::randomKeys(16, 30, 30, 309)) fifteenThenOther.push_back(std::move(key));
        const std::vector<std::string> fifteen = test::randomKeys(15, 30, 30, 310);  // shorter than a run
        const HashBatchPath path = hashBatchPath(HashAlgorithm::Xxh64);
        struct Case {
            const char* name;
            const std::vector<std::string>* keys;
            bool avx512;
            bool avx2;
        };
        const Case cases[] = {
            {"8-byte keys", &eightByte, true, false},      {"30-byte keys", &thirty, true, true},
            {"4-byte keys", &four, true, true},            {"31-byte keys", &thirtyOne, true, true},
            {"32-byte keys", &thirtyTwo, true, false},     {"3-byte keys", &three, false, false},
            {"9 to 31 bytes", &varying, true, false},      {"a 26-byte key 16th", &fifteenThenOther, true, false},
            {"fifteen 30-byte keys", &fifteen, true, false},
        };
        for (const Case& c : cases) {
            const bool expected = path == HashBatchPath::Avx512 ? c.avx512 : path == HashBatchPath::Avx2 ? c.avx2 : false;
            const std::vector<std::string_view> spans = test::views(*c.keys);
            const KeyBatchBuilder builder = test::packed(*c.keys);
            QVERIFY2(xxh64ManyVectorizes(spans) == expected, qPrintable(QString("%1, %2 path, span").arg(c.name).arg(hashBatchPathName(path))));
            QVERIFY2(xxh64ManyVectorizes(builder.view()) == expected,
                     qPrintable(QString("%1, %2 path, KeyBatch").arg(c.name).arg(hashBatchPathName(path))));
            // Whatever loop the run takes, the values are the scalar ones.
            std::vector<std::uint64_t> out(spans.size());
            xxh64Many(spans, 7, out.data());
            for (std::size_t i = 0; i < spans.size(); ++i) QCOMPARE(out[i], xxh64(spans[i], 7));
        }
    }

    void batchedReadsStayInsideTheKeys() {
        // Keys that end exactly where readable memory ends (the next page is mapped PROT_NONE): a
        // batched read past a key's last byte faults and the test dies. Every length 0..100, runs
        // of one length and runs mixing them, both layouts, every path this CPU runs.
        const long page = sysconf(_SC_PAGESIZE);
        QVERIFY(page >= 4096);
        void* mapped = mmap(nullptr, 2 * static_cast<std::size_t>(page), PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        QVERIFY(mapped != MAP_FAILED);
        // Unmapped however the test leaves (a failed check returns early).
        struct Unmap {
            void* at;
            std::size_t bytes;
            ~Unmap() { munmap(at, bytes); }
        } const unmap{mapped, 2 * static_cast<std::size_t>(page)};
        char* const end = static_cast<char*>(mapped) + page;  // first byte that faults
        QCOMPARE(mprotect(end, static_cast<std::size_t>(page), PROT_NONE), 0);
        const auto check = [&](const std::vector<std::size_t>& lengths, const char* what) {
            // The keys back to back, the last one ending at `end`.
            std::size_t total = 0;
            for (const std::size_t length : lengths) total += length;
            char* const start = end - total;
            std::vector<std::uint32_t> offsets{0};
            std::vector<std::string_view> views;
            std::uint32_t at = 0;
            for (std::size_t i = 0; i < lengths.size(); ++i) {
                for (std::size_t b = 0; b < lengths[i]; ++b) start[at + b] = static_cast<char>(i * 31 + b * 7 + 1);
                views.emplace_back(start + at, lengths[i]);
                at += static_cast<std::uint32_t>(lengths[i]);
                offsets.push_back(at);
            }
            const KeyBatch batch(std::string_view(start, total), offsets);
            for (const HashBatchPath path : {HashBatchPath::Scalar, HashBatchPath::Avx2, HashBatchPath::Avx512}) {
                std::vector<std::uint64_t> spanOut(views.size()), packedOut(views.size());
                std::vector<std::uint64_t> low(views.size()), high(views.size());
                xxh64ManyOn(path, views, 5, spanOut.data());
                xxh64ManyOn(path, batch, 5, packedOut.data());
                xxh3_128ManyOn(path, batch, 5, low.data(), high.data());
                for (std::size_t i = 0; i < views.size(); ++i) {
                    if (spanOut[i] != xxh64(views[i], 5) || packedOut[i] != xxh64(views[i], 5) ||
                        low[i] != xxh3_128(views[i], 5).low || high[i] != xxh3_128(views[i], 5).high)
                        QFAIL(qPrintable(QString("%1, %2 path: key %3 (%4 bytes) differs")
                                             .arg(what).arg(hashBatchPathName(path)).arg(i).arg(views[i].size())));
                }
            }
        };
        for (std::size_t length = 0; length <= 100; ++length) {
            check(std::vector<std::size_t>(16, length), "one length");
            // The key of this length last, after keys that take the vector loops.
            std::vector<std::size_t> mixed{8, 8, 8, 8, 8, 8, 8, length};
            check(mixed, "after 8-byte keys");
            mixed.assign({30, 5, 17, 12, 4, 29, 9, length});
            check(mixed, "after short keys");
            mixed.assign({40, 5, 71, 12, 33, 96, 9, length});
            check(mixed, "after keys with stripes");
        }
    }

    void keyBatchRejectsBadOffsets() {
        const std::string buffer = "how to installxa longer key";
        const std::uint32_t good[] = {0, 14, 15, 15, 27};
        const KeyBatch batch(buffer, good);
        QCOMPARE(batch.size(), std::size_t{4});
        QCOMPARE(batch[0], std::string_view("how to install"));
        QCOMPARE(batch[2], std::string_view());
        QCOMPARE(batch[3], std::string_view("a longer key"));
        QCOMPARE(KeyBatch(buffer, std::span<const std::uint32_t>()).size(), std::size_t{0});
        QCOMPARE(KeyBatch(buffer, std::span(good, 1)).size(), std::size_t{0});
        QCOMPARE(batch.subspan(1, 2)[1], std::string_view());
        const std::uint32_t decreasing[] = {0, 14, 9};
        QVERIFY(test::throwsWith([&] { (void)KeyBatch(buffer, decreasing); }, "offset 2 (9) is below offset 1 (14)"));
        const std::uint32_t pastEnd[] = {0, 14, 28};
        QVERIFY(test::throwsWith([&] { (void)KeyBatch(buffer, pastEnd); }, "last offset (28) is past the end of the 27-byte buffer"));
        KeyBatchBuilder builder;
        builder.append("ab");
        builder.append("");
        builder.append("cde");
        QCOMPARE(builder.view().size(), std::size_t{3});
        QCOMPARE(builder.view()[2], std::string_view("cde"));
        builder.clear();
        QCOMPARE(builder.view().size(), std::size_t{0});
    }

    void xxh64ShortStrings() {
        QCOMPARE(hex(xxh64("hello")), hex(0x26C7827D889F6DA3ULL));  // Parquet known answer
        QCOMPARE(hex(xxh64("")), hex(0xEF46DB3751D8E999ULL));
        QCOMPARE(hex(xxh64("", 1)), hex(0xD5AFBA1336A3BE4BULL));
        QCOMPARE(hex(xxh64("a")), hex(0xD24EC4F1A98C6E5BULL));
        QCOMPARE(hex(xxh64("abc")), hex(0x44BC2CF5AD770999ULL));
        QCOMPARE(hex(xxh64("foo")), hex(0x33BF00A859C4BA3FULL));
        QCOMPARE(hex(xxh64("bar")), hex(0x48A37C90AD27A659ULL));
        QCOMPARE(hex(xxh64("0123456789abcdefghijklmnopqrstuvwxyz")), hex(0x69196C1B3AF0BFF9ULL));
        QCOMPARE(hex(xxh64("Nobody inspects the spammish repetition")), hex(0xFBCEA83C8A378BF1ULL));
    }

    void xxh64SanityBuffer() {
        const std::string buffer = legacySanityBuffer();
        const std::string_view all(buffer);
        QCOMPARE(hex(xxh64(std::string_view(), 0)), hex(0xEF46DB3751D8E999ULL));
        QCOMPARE(hex(xxh64(std::string_view(), kPrime32)), hex(0xAC75FDA2929B17EFULL));
        QCOMPARE(hex(xxh64(all.substr(0, 1), 0)), hex(0x4FCE394CC88952D8ULL));
        QCOMPARE(hex(xxh64(all.substr(0, 1), kPrime32)), hex(0x739840CB819FA723ULL));
        QCOMPARE(hex(xxh64(all.substr(0, 14), 0)), hex(0xCFFA8DB881BC3A3DULL));
        QCOMPARE(hex(xxh64(all.substr(0, 14), kPrime32)), hex(0x5B9611585EFCC9CBULL));
        QCOMPARE(hex(xxh64(all, 0)), hex(0x0EAB543384F878ADULL));
        QCOMPARE(hex(xxh64(all, kPrime32)), hex(0xCAA65939306F1E21ULL));
    }

    void xxh3_64EveryLengthClass_data() {
        QTest::addColumn<int>("length");
        QTest::addColumn<quint64>("expected");
        // LLVM's table: covers 0, 1-3, 4-8, 9-16, 17-128, 129-240 and > 240 bytes (stripes).
        const std::pair<int, quint64> rows[] = {
            {0, 0x2d06800538d394c2ULL},    {1, 0xd0d496e05c553485ULL},    {2, 0x84d625edb7055eacULL},
            {3, 0x6ea2d59aca5c3778ULL},    {4, 0xbf65290914e80242ULL},    {5, 0xc01fd099ad4fc8e4ULL},
            {6, 0x9e3ea8187399caa5ULL},    {7, 0x9da8b60540644f5aULL},    {8, 0xabc1413da6cd0209ULL},
            {9, 0x8bc89400bfed51f6ULL},    {16, 0x7e46916754d7c9b8ULL},   {17, 0xed4be912ba5f836dULL},
            {32, 0xf59b59b58c304fd1ULL},   {33, 0x9013fb74ca603e0cULL},   {64, 0xfa5271fcce0db1c3ULL},
            {65, 0x79c42431727f1012ULL},   {96, 0x591ee0ddf9c9ccd1ULL},   {97, 0x8ffc6a3111fe19daULL},
            {128, 0x06a146ee9a2da378ULL},  {129, 0xbc7138129bf065daULL},  {403, 0xcefeb3ffa532ad8cULL},
            {512, 0xcdfa6b6268e3650fULL},  {513, 0x4bb5d42742f9765fULL},  {2048, 0x330ce110cbb79eaeULL},
            {2049, 0x3ba6afa0249fef9aULL}, {2240, 0xd61d4d2a94e926a8ULL}, {2243, 0x0979f786a24edde7ULL},
        };
        for (const auto& [length, expected] : rows) {
            QTest::newRow(qPrintable(QStringLiteral("len %1").arg(length))) << length << expected;
        }
    }
    void xxh3_64EveryLengthClass() {
        QFETCH(int, length);
        QFETCH(quint64, expected);
        static const std::string buffer = xorshiftBuffer(2243);
        QCOMPARE(hex(xxh3_64(std::string_view(buffer).substr(0, static_cast<std::size_t>(length)))), hex(expected));
    }

    void xxh3_64SeededSanity() {
        QCOMPARE(hex(xxh3_64("")), hex(0x2D06800538D394C2ULL));
        QCOMPARE(hex(xxh3_64("", kPrime64)), hex(0xA8A6B918B2F0364AULL));
        const struct {
            std::size_t length;
            std::uint64_t seed;
            std::uint64_t expected;
        } rows[] = {
            {1, 0, 0xC44BDFF4074EECDBULL},    {1, kPrime64, 0x032BE332DD766EF8ULL},
            {6, 0, 0x27B56A84CD2D7325ULL},    {6, kPrime64, 0x84589C116AB59AB9ULL},
            {12, 0, 0xA713DAF0DFBB77E7ULL},   {12, kPrime64, 0xE7303E1B2336DE0EULL},
            {24, 0, 0xA3FE70BF9D3510EBULL},   {24, kPrime64, 0x850E80FC35BDD690ULL},
            {48, 0, 0x397DA259ECBA1F11ULL},   {48, kPrime64, 0xADC2CBAA44ACC616ULL},
            {80, 0, 0xBCDEFBBB2C47C90AULL},   {80, kPrime64, 0xC6DD0CB699532E73ULL},
            {195, 0, 0xCD94217EE362EC3AULL},  {195, kPrime64, 0xBA68003D370CB3D9ULL},
        };
        for (const auto& row : rows) {
            const std::string buffer = sanityBuffer(row.length);
            QVERIFY2(xxh3_64(buffer, row.seed) == row.expected,
                     qPrintable(QStringLiteral("XXH3-64 len %1 seed %2: got %3, want %4")
                                    .arg(row.length)
                                    .arg(hex(row.seed), hex(xxh3_64(buffer, row.seed)), hex(row.expected))));
        }
    }

    void xxh3_128Sanity() {
        // The filters' hash (algorithm id 1). Values are {low64, high64}.
        const Hash128 empty = xxh3_128("");
        QCOMPARE(hex(empty.low), hex(0x6001C324468D497FULL));
        QCOMPARE(hex(empty.high), hex(0x99AA06D3014798D8ULL));
        const Hash128 emptySeeded = xxh3_128("", kPrime32);
        QCOMPARE(hex(emptySeeded.low), hex(0x5444F7869C671AB0ULL));
        QCOMPARE(hex(emptySeeded.high), hex(0x92220AE55E14AB50ULL));
        const struct {
            std::size_t length;
            std::uint64_t seed;
            std::uint64_t low;
            std::uint64_t high;
        } rows[] = {
            {1, 0, 0xC44BDFF4074EECDBULL, 0xA6CD5E9392000F6AULL},
            {1, kPrime32, 0xB53D5557E7F76F8DULL, 0x89B99554BA22467CULL},
            {6, 0, 0x3E7039BDDA43CFC6ULL, 0x082AFE0B8162D12AULL},
            {6, kPrime32, 0x269D8F70BE98856EULL, 0x5A865B5389ABD2B1ULL},
            {12, 0, 0x061A192713F69AD9ULL, 0x6E3EFD8FC7802B18ULL},
            {12, kPrime32, 0x9BE9F9A67F3C7DFBULL, 0xD7E09D518A3405D3ULL},
            {24, 0, 0x1E7044D28B1B901DULL, 0x0CE966E4678D3761ULL},
            {24, kPrime32, 0xD7304C54EBAD40A9ULL, 0x3162026714A6A243ULL},
            {48, 0, 0xF942219AED80F67BULL, 0xA002AC4E5478227EULL},
            {48, kPrime32, 0x7BA3C3E453A1934EULL, 0x163ADDE36C072295ULL},
            {81, 0, 0x5E8BAFB9F95FB803ULL, 0x4952F58181AB0042ULL},
            {81, kPrime32, 0x703FBB3D7A5F755CULL, 0x2724EC7ADC750FB6ULL},
        };
        for (const auto& row : rows) {
            const std::string buffer = sanityBuffer(row.length);
            const Hash128 h = xxh3_128(buffer, row.seed);
            QVERIFY2(h.low == row.low && h.high == row.high,
                     qPrintable(QStringLiteral("XXH3-128 len %1: got %2:%3").arg(row.length).arg(hex(h.high), hex(h.low))));
        }
        // XXH3-64 equals the low half of XXH3-128 only for lengths 1..3 (a documented property of
        // the 1-3 byte path); checked here so a mix-up of the two functions is caught.
        QCOMPARE(hex(xxh3_128(sanityBuffer(1)).low), hex(xxh3_64(sanityBuffer(1))));
    }

    void hashDependsOnlyOnBytes() {
        // Keys are byte strings: embedded NULs and high bytes count; the same bytes from another
        // buffer give the same hash; one changed byte changes it.
        const std::string a("a\0b\xff", 4);
        const std::string b(a);
        QCOMPARE(a.size(), std::size_t{4});
        QCOMPARE(xxh64(a), xxh64(b));
        QVERIFY(xxh64(a) != xxh64(std::string_view("a")));
        QVERIFY(xxh3_128(a).low != xxh3_128(std::string("a\0b\xfe", 4)).low);
        QVERIFY(xxh3_64(a, 1) != xxh3_64(a, 2));  // the seed matters
    }

    void eightByteKeysTakeTheSameValuesOnTheFastPath() {
        // The wrappers hash 8-byte keys by their own code (xxh3_128Len8) or by xxHash with a
        // constant length 8; the values must be those of xxHash's plain call with the length
        // known only at run time (volatile below), for seed 0 and 1,333 others.
        volatile std::size_t runtimeLength = 8;
        std::uint64_t state = 0x9E3779B97F4A7C15ULL;
        for (int i = 0; i < 2000; ++i) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            char bytes[8];
            for (int b = 0; b < 8; ++b) bytes[b] = static_cast<char>(state >> (8 * b));
            const std::string_view key(bytes, 8);
            const std::uint64_t seed = i % 3 == 0 ? 0 : state >> 7;
            const std::size_t length = runtimeLength;
            QCOMPARE(xxh64(key, seed), static_cast<std::uint64_t>(XXH64(bytes, length, seed)));
            QCOMPARE(xxh3_64(key, seed), static_cast<std::uint64_t>(XXH3_64bits_withSeed(bytes, length, seed)));
            const XXH128_hash_t h = XXH3_128bits_withSeed(bytes, length, seed);
            QCOMPARE(xxh3_128(key, seed).low, static_cast<std::uint64_t>(h.low64));
            QCOMPARE(xxh3_128(key, seed).high, static_cast<std::uint64_t>(h.high64));
            const SeededXxh3_128 seeded(seed);
            QCOMPARE(seeded.seed(), seed);
            QCOMPARE(seeded(key).low, static_cast<std::uint64_t>(h.low64));
            QCOMPARE(seeded(key).high, static_cast<std::uint64_t>(h.high64));
        }
    }

    void seededHasherEqualsXxHashAtEveryLength() {
        // What the filters keep instead of a bare seed: its values must be xxHash's for every
        // length class (the 8-byte fast path and the library's own call for the rest), for the
        // default seed and others, and in copies and assignments of the hasher.
        const std::uint64_t seeds[] = {0, 3, kPrime32, 0xFFFFFFFFFFFFFFFFULL, 0x8000000000000001ULL};
        for (const std::uint64_t seed : seeds) {
            const SeededXxh3_128 original(seed);
            SeededXxh3_128 assigned;
            QCOMPARE(assigned.seed(), std::uint64_t{0});
            assigned = original;
            const SeededXxh3_128 copied(original);
            for (const std::size_t length : {0, 1, 3, 4, 7, 8, 9, 16, 17, 128, 129, 240, 241, 1000}) {
                const std::string buffer = sanityBuffer(length);
                const XXH128_hash_t h = XXH3_128bits_withSeed(buffer.data(), buffer.size(), seed);
                for (const SeededXxh3_128* hasher : {&original, static_cast<const SeededXxh3_128*>(&assigned), &copied}) {
                    const Hash128 got = (*hasher)(buffer);
                    QVERIFY2(got.low == h.low64 && got.high == h.high64,
                             qPrintable(QStringLiteral("seed %1, length %2: got %3:%4, xxHash %5:%6")
                                            .arg(hex(seed))
                                            .arg(length)
                                            .arg(hex(got.high), hex(got.low), hex(h.high64), hex(h.low64))));
                }
            }
        }
    }

    void batchedHashesEqualKeyByKey() {
        // xxh64Many and xxh3_128Many hash runs of eight 8-byte keys with AVX-512 where the CPU has it: every value
        // must be the scalar one, for runs of 8-byte keys, runs broken by other lengths (0, 7, 9,
        // 30 bytes), tails shorter than eight, and any seed.
        qInfo("hashBatchVectorized() = %d", hashBatchVectorized() ? 1 : 0);
        std::vector<std::string> storage;
        std::uint64_t state = 0x243F6A8885A308D3ULL;
        for (int i = 0; i < 3000; ++i) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            std::size_t length = 8;
            if (i >= 1000 && i % 37 == 0) length = (state >> 60) % 2 == 0 ? 7 : 9;
            if (i >= 2000 && i % 5 == 0) length = (state >> 59) % 31;  // 0..30
            std::string key(length, '\0');
            for (std::size_t b = 0; b < length; ++b) key[b] = static_cast<char>(state >> (8 * (b % 8)) ^ b);
            storage.push_back(std::move(key));
        }
        std::vector<std::string_view> keys(storage.begin(), storage.end());
        for (const std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{0xDEADBEEFCAFEF00DULL}}) {
            for (const std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{8},
                                            std::size_t{9}, std::size_t{63}, keys.size()}) {
                const std::span<const std::string_view> run(keys.data(), count);
                std::vector<std::uint64_t> vectorised(count + 1, 77);
                std::vector<std::uint64_t> scalar(count, 0);
                xxh64Many(run, seed, vectorised.data());
                xxh64ManyScalar(run, seed, scalar.data());
                for (std::size_t i = 0; i < count; ++i) {
                    QCOMPARE(scalar[i], xxh64(keys[i], seed));
                    if (vectorised[i] != scalar[i]) {
                        QFAIL(qPrintable(QString("key %1 (%2 bytes), seed %3: %4 != %5")
                                             .arg(i).arg(keys[i].size()).arg(seed).arg(vectorised[i]).arg(scalar[i])));
                    }
                }
                QCOMPARE(vectorised[count], std::uint64_t{77});  // nothing written past the run

                std::vector<std::uint64_t> low(count + 1, 77), high(count + 1, 77);
                std::vector<std::uint64_t> lowScalar(count, 0), highScalar(count, 0);
                xxh3_128Many(run, seed, low.data(), high.data());
                xxh3_128ManyScalar(run, seed, lowScalar.data(), highScalar.data());
                for (std::size_t i = 0; i < count; ++i) {
                    const Hash128 h = xxh3_128(keys[i], seed);
                    QCOMPARE(lowScalar[i], h.low);
                    QCOMPARE(highScalar[i], h.high);
                    if (low[i] != h.low || high[i] != h.high) {
                        QFAIL(qPrintable(QString("XXH3-128 of key %1 (%2 bytes), seed %3 differs").arg(i).arg(keys[i].size()).arg(seed)));
                    }
                }
                QCOMPARE(low[count], std::uint64_t{77});
                QCOMPARE(high[count], std::uint64_t{77});
            }
        }
    }

    void reduceRangeIsMultiplyShift() {
        // floor(h * r / 2^64): stays in range and is monotone in h.
        QCOMPARE(reduceRange(0, 1000), std::uint64_t{0});
        QCOMPARE(reduceRange(~std::uint64_t{0}, 1000), std::uint64_t{999});
        QCOMPARE(reduceRange(std::uint64_t{1} << 63, 1000), std::uint64_t{500});
        QCOMPARE(reduceRange(std::uint64_t{1} << 63, (std::uint64_t{1} << 32) + 1000), (std::uint64_t{1} << 31) + 500);
        const std::uint64_t huge = ~std::uint64_t{0};  // range 2^64 - 1: reaches past 2^32
        QVERIFY(reduceRange(std::uint64_t{1} << 40, huge) == (std::uint64_t{1} << 40) - 1);
        QCOMPARE(reduceRange32(0x80000000U, 10U), 5U);
        QCOMPARE(reduceRange32(0xFFFFFFFFU, 10U), 9U);
    }

    void vectorReduceRangeEqualsScalar() {
        // The AVX-512 multiply-shifts of the cuckoo filter's batched placement give reduceRange's
        // values: the four-multiply form for any range, the two-multiply form for ranges below
        // 2^32 (fingerprints, bucket counts), at the extremes of both operands (carries between
        // the 32-bit halves) and on random pairs.
#if defined(__x86_64__)
        if (!cpuHasAvx512()) QSKIP("the CPU has no AVX-512");
        std::vector<std::uint64_t> hashes = {0, 1, 0xFFFFFFFFULL, 0x100000000ULL, 0x1FFFFFFFFULL,
                                             std::uint64_t{1} << 63, ~std::uint64_t{0}, ~std::uint64_t{0} - 1,
                                             0xFFFFFFFF00000000ULL, 0x00000000FFFFFFFFULL};
        std::vector<std::uint64_t> below = {1, 2, 3, 255, 4095, 65535, 70'001, 2'659'575,
                                            std::uint64_t{1} << 31, 0xFFFFFFFEULL, 0xFFFFFFFFULL};
        std::vector<std::uint64_t> above = {0x100000000ULL, 0x100000001ULL, std::uint64_t{1} << 40,
                                            ~std::uint64_t{0}};
        std::uint64_t x = 0x9E3779B97F4A7C15ULL;
        for (int i = 0; i < 300; ++i) {
            x = splitmix64(x);
            hashes.push_back(x);
            below.push_back(1 + (x >> 33));  // [1, 2^31]
            above.push_back(splitmix64(x) | (std::uint64_t{1} << 32));
        }
        for (const std::uint64_t hash : hashes) {
            for (const auto& [ranges, narrow] : {std::pair{&below, true}, std::pair{&above, false}}) {
                for (const std::uint64_t range : *ranges) {
                    bool all = false;
                    const auto [full, reduced] = vectorReduce(hash, range, all);
                    QVERIFY(all);
                    if (full != reduceRange(hash, range) || (narrow && reduced != reduceRange(hash, range))) {
                        QFAIL(qPrintable(QString("hash %1, range %2: vector %3 / %4, scalar %5")
                                             .arg(hex(hash), hex(range), hex(full), hex(reduced),
                                                  hex(reduceRange(hash, range)))));
                    }
                }
            }
        }
#else
        QSKIP("AVX-512 is an x86-64 path");
#endif
    }
};

QTEST_GUILESS_MAIN(TestHashing)
#include "tst_hashing.moc"
