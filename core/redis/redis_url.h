// redis_url — where a shared filter lives, as typed on a command line or in the GUI:
//   redis://[user[:password]@]host[:port][/db]/NAME          one Redis server
//   redis-cluster://[user[:password]@]host:port[,host:port...]/NAME   a Redis Cluster (seed nodes)
// The port defaults to 6379, db to 0. user and password may be percent-encoded (%40 for '@').
// NAME: 1-128 characters from A-Z a-z 0-9 . _ - : (no braces, which would break the key's hash
// tags, and no '/'). IPv6 literals in brackets: redis://[::1]:6379/NAME.
// The password comes from the address or, when the address has none, from REDISCLI_AUTH (the
// variable redis-cli reads). It is never printed: display() masks it.
#pragma once

#include "core/redis/redis_connection.h"

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab::redis {

/// A malformed address; the message quotes it (password masked) and lists the accepted forms.
class RedisUrlError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

struct RedisLocation {
    bool cluster = false;
    std::vector<RedisEndpoint> nodes;  ///< one for redis://, the seed nodes for redis-cluster://
    std::string user;
    std::string password;
    bool passwordInUrl = false;
    int database = 0;
    std::string name;

    /// The address with the password replaced by "***" (safe for messages and logs).
    std::string display() const;
    /// Connection settings for these credentials and database (timeouts as given).
    RedisConnectOptions connectOptions(std::chrono::milliseconds connectTimeout = std::chrono::milliseconds(3000),
                                       std::chrono::milliseconds replyTimeout = std::chrono::milliseconds(5000)) const;
};

/// The two accepted forms, for messages and --help.
inline constexpr std::string_view kRedisUrlForms =
    "redis://[user[:password]@]host[:port][/db]/NAME or redis-cluster://host:port[,host:port...]/NAME";

/// True when `text` starts with redis:// or redis-cluster:// (a FILTER argument that is not a file).
bool isRedisUrl(std::string_view text) noexcept;

/// Parses an address. The password is the URL's, else `environmentPassword` (pass the value of
/// REDISCLI_AUTH; empty for none). Throws RedisUrlError.
RedisLocation parseRedisUrl(std::string_view url, std::string_view environmentPassword);
/// Same, with REDISCLI_AUTH read from the environment.
RedisLocation parseRedisUrl(std::string_view url);

/// `url` with any password between "user:" and "@" replaced by "***" (for quoting bad input).
std::string maskRedisUrl(std::string_view url);

} // namespace bloomlab::redis
