// redis_url: parsing of redis:// and redis-cluster:// filter addresses; see redis_url.h.
#include "core/redis/redis_url.h"

#include <charconv>
#include <cstdlib>

namespace bloomlab::redis {

namespace {

constexpr std::string_view kSingle = "redis://";
constexpr std::string_view kCluster = "redis-cluster://";
constexpr std::size_t kMaxNameLength = 128;
/// The longest DNS name (RFC 1035); longer hosts are refused before any resolver sees them.
constexpr std::size_t kMaxHostLength = 253;
/// Characters of a malformed address quoted in its message (a pasted megabyte stays readable).
constexpr std::size_t kMaxQuoted = 200;

bool startsWith(std::string_view text, std::string_view prefix) noexcept {
    return text.substr(0, prefix.size()) == prefix;
}

[[noreturn]] void refuse(std::string_view url, std::string problem) {
    if (problem.size() > 2 * kMaxQuoted) {
        problem = problem.substr(0, 2 * kMaxQuoted) + "...";
    }
    std::string quoted = maskRedisUrl(url);
    if (quoted.size() > kMaxQuoted) {
        quoted = quoted.substr(0, kMaxQuoted) + "...\" (" + std::to_string(url.size()) + " characters";
        throw RedisUrlError("\"" + quoted + ") is not a Redis filter address: " + problem +
                            ". Accepted forms: " + std::string(kRedisUrlForms));
    }
    throw RedisUrlError("\"" + quoted + "\" is not a Redis filter address: " + problem +
                        ". Accepted forms: " + std::string(kRedisUrlForms));
}

int hexDigit(char c) noexcept {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::string percentDecode(std::string_view url, std::string_view text, const char* what) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out += text[i];
            continue;
        }
        const int high = i + 2 < text.size() ? hexDigit(text[i + 1]) : -1;
        const int low = i + 2 < text.size() ? hexDigit(text[i + 2]) : -1;
        if (high < 0 || low < 0) {
            refuse(url, std::string("the ") + what + " has a '%' not followed by two hex digits");
        }
        out += static_cast<char>(high * 16 + low);
        i += 2;
    }
    return out;
}

int parsePort(std::string_view url, std::string_view text) {
    int port = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), port);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || port < 1 || port > 65535) {
        refuse(url, "the port \"" + std::string(text) + "\" must be a number from 1 to 65535");
    }
    return port;
}

RedisEndpoint parseHostPort(std::string_view url, std::string_view text) {
    RedisEndpoint endpoint;
    std::string_view portText;
    if (startsWith(text, "[")) {
        const std::size_t close = text.find(']');
        if (close == std::string_view::npos) {
            refuse(url, "the IPv6 address \"" + std::string(text) + "\" lacks its closing ']'");
        }
        endpoint.host = std::string(text.substr(1, close - 1));
        const std::string_view rest = text.substr(close + 1);
        if (!rest.empty()) {
            if (rest[0] != ':') {
                refuse(url, "expected ':port' after \"" + std::string(text.substr(0, close + 1)) + "\"");
            }
            portText = rest.substr(1);
            endpoint.port = parsePort(url, portText);
        }
    } else {
        const std::size_t colon = text.rfind(':');
        endpoint.host = std::string(text.substr(0, colon));
        if (colon != std::string_view::npos) {
            endpoint.port = parsePort(url, text.substr(colon + 1));
        }
    }
    if (endpoint.host.empty()) {
        refuse(url, "the host is missing");
    }
    if (endpoint.host.size() > kMaxHostLength) {
        refuse(url, "the host has " + std::to_string(endpoint.host.size()) + " characters; a host name has at most " +
                        std::to_string(kMaxHostLength));
    }
    return endpoint;
}

bool validNameChar(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
           c == '-' || c == ':';
}

} // namespace

bool isRedisUrl(std::string_view text) noexcept { return startsWith(text, kSingle) || startsWith(text, kCluster); }

std::string maskRedisUrl(std::string_view url) {
    const std::size_t scheme = url.find("://");
    if (scheme == std::string_view::npos) {
        return std::string(url);
    }
    const std::size_t authorityStart = scheme + 3;
    const std::size_t slash = url.find('/', authorityStart);
    const std::string_view authority = url.substr(authorityStart, slash == std::string_view::npos ? url.npos : slash - authorityStart);
    const std::size_t at = authority.rfind('@');
    if (at == std::string_view::npos) {
        return std::string(url);
    }
    const std::size_t colon = authority.substr(0, at).find(':');
    if (colon == std::string_view::npos) {
        return std::string(url);
    }
    return std::string(url.substr(0, authorityStart + colon + 1)) + "***" +
           std::string(url.substr(authorityStart + at));
}

RedisLocation parseRedisUrl(std::string_view url, std::string_view environmentPassword) {
    RedisLocation location;
    std::string_view rest;
    if (startsWith(url, kCluster)) {
        location.cluster = true;
        rest = url.substr(kCluster.size());
    } else if (startsWith(url, kSingle)) {
        rest = url.substr(kSingle.size());
    } else {
        refuse(url, "it must start with redis:// or redis-cluster://");
    }
    const std::size_t slash = rest.find('/');
    if (slash == std::string_view::npos) {
        refuse(url, "the filter NAME is missing (it follows the last '/')");
    }
    std::string_view authority = rest.substr(0, slash);
    const std::string_view path = rest.substr(slash + 1);

    const std::size_t at = authority.rfind('@');
    if (at != std::string_view::npos) {
        const std::string_view userInfo = authority.substr(0, at);
        const std::size_t colon = userInfo.find(':');
        location.user = percentDecode(url, userInfo.substr(0, colon), "user");
        if (colon != std::string_view::npos) {
            location.password = percentDecode(url, userInfo.substr(colon + 1), "password");
            location.passwordInUrl = true;
        }
        authority = authority.substr(at + 1);
    }
    if (authority.empty()) {
        refuse(url, "the host is missing");
    }
    std::size_t start = 0;
    while (start <= authority.size()) {
        const std::size_t comma = authority.find(',', start);
        const std::string_view part = authority.substr(start, comma == std::string_view::npos ? authority.npos : comma - start);
        location.nodes.push_back(parseHostPort(url, part));
        if (comma == std::string_view::npos) {
            break;
        }
        start = comma + 1;
    }
    if (!location.cluster && location.nodes.size() > 1) {
        refuse(url, "redis:// names one server; for several seed nodes use redis-cluster://");
    }

    std::string_view name = path;
    const std::size_t dbSlash = path.find('/');
    if (dbSlash != std::string_view::npos) {
        const std::string_view db = path.substr(0, dbSlash);
        name = path.substr(dbSlash + 1);
        if (location.cluster) {
            refuse(url, "a Redis Cluster has database 0 only, so redis-cluster:// takes no /db");
        }
        const auto [end, error] = std::from_chars(db.data(), db.data() + db.size(), location.database);
        if (db.empty() || error != std::errc() || end != db.data() + db.size() || location.database < 0) {
            refuse(url, "the database \"" + std::string(db) + "\" must be a whole number (0, 1, ...)");
        }
    }
    if (name.empty()) {
        refuse(url, "the filter NAME is missing (it follows the last '/')");
    }
    if (name.size() > kMaxNameLength) {
        refuse(url, "the filter NAME has " + std::to_string(name.size()) + " characters; at most " +
                        std::to_string(kMaxNameLength) + " are allowed");
    }
    for (const char c : name) {
        if (!validNameChar(c)) {
            refuse(url, "the filter NAME \"" + std::string(name) + "\" may only hold letters, digits and . _ - :");
        }
    }
    location.name = std::string(name);
    if (!location.passwordInUrl) {
        location.password = std::string(environmentPassword);
    }
    return location;
}

RedisLocation parseRedisUrl(std::string_view url) {
    const char* environment = std::getenv("REDISCLI_AUTH");
    return parseRedisUrl(url, environment != nullptr ? std::string_view(environment) : std::string_view());
}

std::string RedisLocation::display() const {
    std::string out = cluster ? std::string(kCluster) : std::string(kSingle);
    if (!user.empty() || passwordInUrl) {
        out += user;
        if (passwordInUrl) {
            out += ":***";
        }
        out += '@';
    }
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        // Appended piece by piece: `"," + string` provokes GCC 12's -Wrestrict false positive
        // (GCC bug 105329) when inlined at -O3.
        if (i != 0) out += ',';
        out += nodes[i].display();
    }
    out += '/';
    if (database != 0) {
        out += std::to_string(database) + '/';
    }
    return out + name;
}

RedisConnectOptions RedisLocation::connectOptions(std::chrono::milliseconds connectTimeout,
                                                  std::chrono::milliseconds replyTimeout) const {
    return RedisConnectOptions{connectTimeout, replyTimeout, user, password, database, nullptr};
}

} // namespace bloomlab::redis
