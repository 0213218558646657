// Tests for core/parse_units: every accepted syntax with its exact value, every rejection with
// a message that names the text.
#include "core/parse_units.h"

#include <QtTest>

#include <cstdint>
#include <stdexcept>
#include <string>

using namespace bloomlab;

namespace {

/// Runs fn(text) expecting std::invalid_argument whose message contains the text and `reason`.
template <class Fn>
bool rejects(Fn fn, const std::string& text, const std::string& reason,
             std::string* message = nullptr) {
    try {
        (void)fn(text);
    } catch (const std::invalid_argument& e) {
        const std::string what = e.what();
        if (message != nullptr) *message = what;
        return what.find("'" + text.substr(0, 80)) != std::string::npos &&
               what.find(reason) != std::string::npos;
    }
    return false;
}

} // namespace

class TestParseUnits : public QObject {
    Q_OBJECT

  private slots:
    void countAccepts_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<quint64>("expected");
        QTest::newRow("plain") << "1000" << quint64(1000);
        QTest::newRow("one") << "1" << quint64(1);
        QTest::newRow("exponent") << "1e6" << quint64(1000000);
        QTest::newRow("exponent upper") << "1E6" << quint64(1000000);
        QTest::newRow("exponent plus") << "2.5e+3" << quint64(2500);
        QTest::newRow("k") << "10k" << quint64(10000);
        QTest::newRow("K") << "10K" << quint64(10000);
        QTest::newRow("M") << "1M" << quint64(1000000);
        QTest::newRow("fraction G") << "2.5G" << quint64(2500000000ULL);
        QTest::newRow("T") << "3T" << quint64(3000000000000ULL);
        QTest::newRow("underscores") << "1_000_000" << quint64(1000000);
        QTest::newRow("trailing zero fraction") << "100.000" << quint64(100);
        QTest::newRow("leading zeros") << "007" << quint64(7);
        QTest::newRow("fraction k") << "0.001k" << quint64(1);
        QTest::newRow("negative exponent whole") << "1000e-3" << quint64(1);
        QTest::newRow("whitespace") << "  42\t" << quint64(42);
        QTest::newRow("2^63") << "9223372036854775808" << quint64(9223372036854775808ULL);
        QTest::newRow("exponent 18") << "9e18" << quint64(9000000000000000000ULL);
    }
    void countAccepts() {
        QFETCH(QString, text);
        QFETCH(quint64, expected);
        QCOMPARE(parseCount(text.toStdString()), std::uint64_t(expected));
    }

    void countRejects_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("reason");
        QTest::newRow("empty") << ""
                               << "expected a number";
        QTest::newRow("zero") << "0"
                              << "greater than 0";
        QTest::newRow("zero exp") << "0e5"
                                  << "greater than 0";
        QTest::newRow("negative") << "-5"
                                  << "negative";
        QTest::newRow("plus") << "+5"
                              << "'+'";
        QTest::newRow("fraction") << "1.5"
                                  << "whole number";
        QTest::newRow("tiny") << "1e-3"
                              << "whole number";
        QTest::newRow("huge exponent negative") << "1e-99999999"
                                                << "whole number";
        QTest::newRow("trailing garbage") << "10x"
                                          << "unexpected 'x'";
        QTest::newRow("trailing unit") << "10kB"
                                       << "unexpected 'B'";
        QTest::newRow("two suffixes") << "1kk"
                                      << "unexpected 'k'";
        QTest::newRow("space inside") << "10 000"
                                      << "unexpected";
        QTest::newRow("nan") << "nan"
                             << "expected a number";
        QTest::newRow("inf") << "inf"
                             << "expected a number";
        QTest::newRow("hex") << "0x10"
                             << "unexpected 'x10'";
        QTest::newRow("overflow") << "9223372036854775809"
                                  << "too large";
        QTest::newRow("overflow exp") << "1e19"
                                      << "too large";
        QTest::newRow("overflow suffix") << "10000000T"
                                         << "too large";
        QTest::newRow("huge exponent") << "1e99999999999999999999"
                                       << "too large";
        QTest::newRow("20 digits") << "99999999999999999999"
                                   << "too large";
        QTest::newRow("many digits") << "1234567890123456789012345678901234567890"
                                     << "too many significant digits";
        QTest::newRow("dot only") << "."
                                  << "after '.'";
        QTest::newRow("dangling dot") << "5."
                                      << "after '.'";
        QTest::newRow("dangling e") << "5e"
                                    << "unexpected 'e'";
        QTest::newRow("dangling e sign") << "5e+"
                                         << "unexpected 'e+'";
        QTest::newRow("bad underscore") << "1__000"
                                        << "'_'";
        QTest::newRow("trailing underscore") << "1000_"
                                             << "'_'";
        QTest::newRow("percent") << "5%"
                                 << "unexpected '%'";
    }
    void countRejects() {
        QFETCH(QString, text);
        QFETCH(QString, reason);
        std::string message;
        QVERIFY2(rejects(parseCount, text.toStdString(), reason.toStdString(), &message),
                 message.c_str());
    }

    void probabilityAccepts_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("expected");
        QTest::newRow("decimal") << "0.01" << 0.01;
        QTest::newRow("leading dot") << ".25" << 0.25;
        QTest::newRow("exponent") << "1e-3" << 1e-3;
        QTest::newRow("fraction") << "1/100" << 0.01;
        QTest::newRow("fraction spaces") << "1 / 3" << 1.0 / 3.0;
        QTest::newRow("fraction exp") << "1/1e6" << 1e-6;
        QTest::newRow("percent") << "1%" << 0.01;
        QTest::newRow("percent fraction") << "0.5%" << 0.005;
        QTest::newRow("tiny") << "1e-300" << 1e-300;
        QTest::newRow("smallest normal") << "2.2250738585072014e-308" << 2.2250738585072014e-308;
        QTest::newRow("almost one") << "0.999999" << 0.999999;
    }
    void probabilityAccepts() {
        QFETCH(QString, text);
        QFETCH(double, expected);
        QCOMPARE(parseProbability(text.toStdString()), expected);
    }

    void probabilityRejects_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("reason");
        QTest::newRow("empty") << ""
                               << "expected a number";
        QTest::newRow("zero") << "0"
                              << "invalid probability '0': must be in (0, 1)";
        QTest::newRow("one") << "1"
                             << "invalid probability '1': must be in (0, 1)";
        QTest::newRow("above") << "1.5"
                               << "invalid probability '1.5': must be in (0, 1)";
        // The value as typed, never rounded to "got 1".
        QTest::newRow("just above one") << "1.0000001"
                                        << "invalid probability '1.0000001': must be in (0, 1), both ends excluded";
        QTest::newRow("percent above") << "150%"
                                       << "'150%': must be in (0, 1), both ends excluded; it is 1.5";
        QTest::newRow("hundred percent") << "100%"
                                         << "must be in (0, 1)";
        QTest::newRow("negative") << "-0.1"
                                  << "negative";
        QTest::newRow("negative denominator") << "1/-100"
                                              << "negative";
        QTest::newRow("div zero") << "1/0"
                                  << "division by zero";
        QTest::newRow("improper fraction") << "3/2"
                                           << "must be in (0, 1)";
        QTest::newRow("nan") << "nan"
                             << "expected a number";
        QTest::newRow("NaN") << "NaN"
                             << "expected a number";
        QTest::newRow("inf") << "inf"
                             << "expected a number";
        QTest::newRow("hex float") << "0x1p-3"
                                   << "unexpected 'x1p-3'";
        QTest::newRow("trailing") << "0.01abc"
                                  << "unexpected 'abc'";
        QTest::newRow("underflow") << "1e-400"
                                   << "out of range";
        QTest::newRow("subnormal") << "1e-320"
                                   << "invalid probability '1e-320': too small: the smallest probability taken is 2.2e-308";
        QTest::newRow("subnormal fraction") << "1e-300/1e10"
                                            << "too small";
        QTest::newRow("overflow") << "1e400"
                                  << "out of range";
        QTest::newRow("missing denominator") << "1/"
                                             << "after '/'";
        QTest::newRow("double percent") << "1%%"
                                        << "unexpected '%'";
    }
    void probabilityRejects() {
        QFETCH(QString, text);
        QFETCH(QString, reason);
        std::string message;
        QVERIFY2(rejects(parseProbability, text.toStdString(), reason.toStdString(), &message),
                 message.c_str());
    }

    // ---- exact integers: no detour through double --------------------------------------------

    void integersAreExact() {
        // 2^53 + 1 is the first integer a double cannot hold; 2^63 - 1 and 2^63 are exact too.
        QCOMPARE(parseCount("9007199254740993"), std::uint64_t{9007199254740993ULL});
        QCOMPARE(parseSizeBits("9007199254740993"), std::uint64_t{9007199254740993ULL});
        QCOMPARE(parseCount("9223372036854775807"), std::uint64_t{9223372036854775807ULL});
        QCOMPARE(parseSizeBits("9223372036854775807 bits"), std::uint64_t{9223372036854775807ULL});
        QCOMPARE(parseCount("9223372036854775808"), std::uint64_t{1} << 63);
        QCOMPARE(parseCount("9_007_199_254_740_993"), std::uint64_t{9007199254740993ULL});
        QCOMPARE(parseCount("9007199254740.993k"), std::uint64_t{9007199254740993ULL});
        QCOMPARE(parseSizeBits("1125899906842624.125B"), std::uint64_t{9007199254740993ULL});
    }
    void integersThatDoNotFitAreRefused_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("size");
        QTest::newRow("2^64") << "18446744073709551616" << false;
        QTest::newRow("2^64 bits") << "18446744073709551616" << true;
        QTest::newRow("2^63 + 1") << "9223372036854775809" << false;
        QTest::newRow("suffix overflow T") << "9223373T" << false;
        QTest::newRow("suffix overflow G") << "9300000000G" << false;
        QTest::newRow("suffix overflow GiB") << "1073741825GiB" << true;
        QTest::newRow("suffix overflow TB") << "1153000TB" << true;
        QTest::newRow("exponent overflow") << "1e19" << false;
        QTest::newRow("huge exponent") << "1e100000000" << true;
    }
    void integersThatDoNotFitAreRefused() {
        QFETCH(QString, text);
        QFETCH(bool, size);
        std::string message;
        const std::string t = text.toStdString();
        const bool refused = size ? rejects(parseSizeBits, t, "too large (the limit is 2^63 = 9223372036854775808)", &message)
                                  : rejects(parseCount, t, "too large (the limit is 2^63 = 9223372036854775808)", &message);
        QVERIFY2(refused, message.c_str());
        QVERIFY2(message.find("'" + t + "'") != std::string::npos, message.c_str());  // the text as typed
    }

    void fractionIncludesBothEnds() {
        // The hot ratio's syntax: the probability syntax with 0 and 1 included.
        const std::pair<const char*, double> accepted[] = {{"0", 0.0},  {"0.0", 0.0},   {"0%", 0.0},   {"1", 1.0},
                                                           {"1e0", 1.0}, {"100%", 1.0}, {"3/10", 0.3}, {"30%", 0.3}};
        for (const auto& [text, expected] : accepted) QCOMPARE(parseFraction(text), expected);
    }
    void fractionRejects() {
        std::string message;
        QVERIFY2(rejects(parseFraction, "1.0000001", "invalid fraction '1.0000001': must be in [0, 1], both ends included", &message),
                 message.c_str());
        QVERIFY2(rejects(parseFraction, "101%", "must be in [0, 1], both ends included; it is 1.01", &message), message.c_str());
        QVERIFY2(rejects(parseFraction, "-0", "negative", &message), message.c_str());
        QVERIFY2(rejects(parseFraction, "inf", "expected a number", &message), message.c_str());
    }

    void sizeAccepts_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<quint64>("bits");
        QTest::newRow("bits") << "47926" << quint64(47926);
        QTest::newRow("bits exp") << "1e6" << quint64(1000000);
        QTest::newRow("bits k") << "10k" << quint64(10000);
        QTest::newRow("bits M") << "1M" << quint64(1000000);
        QTest::newRow("b suffix") << "100b" << quint64(100);
        QTest::newRow("bit suffix") << "1bit" << quint64(1);
        QTest::newRow("bits suffix") << "64 bits" << quint64(64);
        QTest::newRow("kilobits") << "2kb" << quint64(2000);
        QTest::newRow("kibibits") << "1Kib" << quint64(1024);
        QTest::newRow("bytes") << "512B" << quint64(4096);
        QTest::newRow("bytes word") << "3 bytes" << quint64(24);
        QTest::newRow("KiB") << "64KiB" << quint64(64ULL * 1024 * 8);
        QTest::newRow("kiB") << "1kiB" << quint64(8192);
        QTest::newRow("KiB space") << "1 KiB" << quint64(8192);
        QTest::newRow("MiB") << "1MiB" << quint64(8ULL << 20);
        QTest::newRow("GiB") << "1GiB" << quint64(8ULL << 30);
        QTest::newRow("TiB") << "2TiB" << quint64(16ULL << 40);
        QTest::newRow("KB") << "1KB" << quint64(8000);
        QTest::newRow("kB") << "1kB" << quint64(8000);
        QTest::newRow("MB") << "1MB" << quint64(8000000);
        QTest::newRow("GB") << "1GB" << quint64(8000000000ULL);
        QTest::newRow("fraction MiB") << "1.5MiB" << quint64(12582912);
        QTest::newRow("fraction KiB exact") << "0.125KiB" << quint64(1024);
        QTest::newRow("tenth of a KB") << "0.1KB" << quint64(800);
        QTest::newRow("exp bytes") << "1e3B" << quint64(8000);
    }
    void sizeAccepts() {
        QFETCH(QString, text);
        QFETCH(quint64, bits);
        QCOMPARE(parseSizeBits(text.toStdString()), std::uint64_t(bits));
    }

    void sizeLimit() {
        // 2^63 bits = 1 EiB, expressed with the largest supported unit: 2^20 TiB.
        QCOMPARE(parseSizeBits("1048576TiB"), std::uint64_t{1} << 63);
        std::string message;
        QVERIFY2(rejects(parseSizeBits, "1048577TiB", "too large", &message), message.c_str());
    }

    void sizeRejects_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("reason");
        QTest::newRow("empty") << ""
                               << "expected bits";
        QTest::newRow("zero") << "0"
                              << "greater than 0";
        QTest::newRow("zero bytes") << "0KiB"
                                    << "greater than 0";
        QTest::newRow("negative") << "-1KiB"
                                  << "negative";
        QTest::newRow("fraction of a bit") << "0.1B"
                                           << "whole number";
        QTest::newRow("fraction bits") << "1.5"
                                       << "whole number";
        QTest::newRow("unknown unit") << "5 furlongs"
                                      << "unknown unit 'furlongs'";
        QTest::newRow("PiB") << "1PiB"
                             << "unknown unit";
        QTest::newRow("Mi alone") << "1Mi"
                                  << "unknown unit";
        QTest::newRow("trailing garbage") << "64KiBx"
                                          << "unknown unit";
        QTest::newRow("EiB") << "2EiB"
                             << "unknown unit 'EiB'";
        QTest::newRow("overflow GiB") << "2000000000GiB"
                                      << "too large";
        QTest::newRow("nan") << "nan"
                             << "expected bits";
        QTest::newRow("inf bytes") << "infB"
                                   << "expected bits";
    }
    void sizeRejects() {
        QFETCH(QString, text);
        QFETCH(QString, reason);
        std::string message;
        QVERIFY2(rejects(parseSizeBits, text.toStdString(), reason.toStdString(), &message),
                 message.c_str());
    }

    // Byte sizes (copy --segment-bytes): a plain number is bytes; units as for bit sizes.
    void sizeBytes_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<quint64>("bytes");
        QTest::newRow("plain") << "65536" << quint64(65536);
        QTest::newRow("count suffix") << "64k" << quint64(64000);
        QTest::newRow("KiB") << "64KiB" << quint64(65536);
        QTest::newRow("MiB") << "1MiB" << quint64(1 << 20);
        QTest::newRow("MB") << "1MB" << quint64(1000000);
        QTest::newRow("B") << "512B" << quint64(512);
        QTest::newRow("bits making bytes") << "1024b" << quint64(128);
        QTest::newRow("exponent") << "1e3" << quint64(1000);
    }
    void sizeBytes() {
        QFETCH(QString, text);
        QFETCH(quint64, bytes);
        QCOMPARE(bloomlab::parseSizeBytes(text.toStdString()), std::uint64_t(bytes));
    }
    void sizeBytesRejects() {
        std::string message;
        QVERIFY2(rejects(bloomlab::parseSizeBytes, "1001b", "must be a whole number of bytes (got 1001 bits)", &message),
                 message.c_str());
        QVERIFY2(rejects(bloomlab::parseSizeBytes, "0", "greater than 0", &message), message.c_str());
        QVERIFY2(rejects(bloomlab::parseSizeBytes, "64 furlongs", "or a plain number of bytes", &message), message.c_str());
        QVERIFY2(rejects(bloomlab::parseSizeBytes, "", "expected bytes (65536, 64k, 64KiB", &message), message.c_str());
    }

    void messagesEscapeControlBytes() {
        const std::string text("1\x01", 2);
        try {
            (void)parseCount(text);
            QFAIL("accepted a control byte");
        } catch (const std::invalid_argument& e) {
            const std::string message = e.what();
            QVERIFY2(message.find("'1\\x01'") != std::string::npos, message.c_str());
            QVERIFY(message.find('\x01') == std::string::npos); // the raw byte is not echoed
        }
    }

    void formatBytesExamples() {
        QCOMPARE(formatBytes(0), std::string("0 B"));
        QCOMPARE(formatBytes(512), std::string("512 B"));
        QCOMPARE(formatBytes(47926.0 / 8.0), std::string("5.85 KiB"));
        QCOMPARE(formatBytes(9585059.0 / 8.0), std::string("1.14 MiB"));
        QCOMPARE(formatBytes(1024), std::string("1.00 KiB"));
        QCOMPARE(formatBytes(1048575), std::string("1.00 MiB"));
        QCOMPARE(formatBytes(1.5 * 1024 * 1024 * 1024), std::string("1.50 GiB"));
    }
};

QTEST_GUILESS_MAIN(TestParseUnits)
#include "tst_parse_units.moc"
