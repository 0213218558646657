#include "test_support.h"

#include <QProcess>
#include <QtGlobal>

#include <random>

namespace bloomlab::test {

std::vector<std::string> randomKeys(std::size_t count, std::size_t minLength, std::size_t maxLength,
                                    std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::size_t> length(minLength, maxLength);
    std::uniform_int_distribution<int> byte(0, 255);
    std::vector<std::string> keys(count);
    for (std::string& key : keys) {
        key.resize(length(rng));
        for (char& c : key) {
            c = static_cast<char>(byte(rng));
        }
    }
    return keys;
}

std::vector<std::string> insertedKeys(std::size_t count, std::uint64_t seed) {
    std::vector<std::string> keys = randomKeys(count, 4, 32, seed);
    keys.emplace_back("");
    keys.emplace_back(std::string("\0", 1));
    keys.emplace_back(std::string("\0\0\0", 3));
    keys.emplace_back("\xD0\xBA\xD0\xBB\xD1\x8E\xD1\x87");  // "ключ"
    keys.emplace_back("\xE3\x82\xAD\xE3\x83\xBC");          // "キー"
    keys.emplace_back(std::string(32, '\xFE'));
    return keys;
}

std::vector<std::string> absentKeys(std::size_t count, std::uint64_t seed) {
    return randomKeys(count, 33, 48, seed);
}

std::vector<std::string> mixedLengthKeys(std::uint64_t seed) {
    std::vector<std::string> keys = randomKeys(300, 8, 8, seed);
    for (std::string& key : randomKeys(700, 0, 64, seed + 1)) keys.push_back(std::move(key));
    for (std::string& key : randomKeys(8, 200, 5000, seed + 2)) keys.push_back(std::move(key));
    keys.emplace_back();
    return keys;
}

KeyBatchBuilder packed(const std::vector<std::string>& keys) {
    KeyBatchBuilder builder;
    for (const std::string& key : keys) builder.append(key);
    return builder;
}

std::vector<std::string_view> views(const std::vector<std::string>& keys) {
    return {keys.begin(), keys.end()};
}

bool messageContains(const char* what, const char* fragment, QString* message) {
    if (message != nullptr) {
        *message = QString::fromUtf8(what);
    }
    const bool found = std::string_view(what).find(fragment) != std::string_view::npos;
    if (!found) {
        qWarning("message was: %s", what);
    }
    return found;
}

bool within(std::uint64_t count, const math::Interval& band) {
    const auto c = static_cast<double>(count);
    return c >= band.low && c <= band.high;
}

QByteArray bandMessage(const char* what, std::uint64_t count, std::uint64_t trials, double p,
                       const math::Interval& band) {
    return QStringLiteral("%1: %2 positives of %3 (%4), expected p = %5, accepted [%6, %7]")
        .arg(what)
        .arg(count)
        .arg(trials)
        .arg(static_cast<double>(count) / static_cast<double>(trials))
        .arg(p, 0, 'g', 6)
        .arg(band.low, 0, 'f', 1)
        .arg(band.high, 0, 'f', 1)
        .toUtf8();
}

CliResult runCli(const QStringList& args, const QByteArray& input, int timeoutMs) {
    QProcess process;
    process.start(QStringLiteral(BLOOMLAB_CLI_PATH), args);
    CliResult result;
    if (!process.waitForStarted(30000)) {
        result.err = "did not start: " + process.errorString().toUtf8();
        return result;
    }
    if (!input.isEmpty()) {
        process.write(input);
    }
    process.closeWriteChannel();
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        result.err = "timed out after " + QByteArray::number(timeoutMs) + " ms";
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

CliTextResult runCliText(const QStringList& args, int timeoutMs) {
    const CliResult result = runCli(args, {}, timeoutMs);
    return {result.exitCode, QString::fromUtf8(result.out), QString::fromUtf8(result.err)};
}

} // namespace bloomlab::test
