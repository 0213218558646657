// Batched hashing: the hash of every key of a run, for the filters' batched calls.
//
// Same values as hashing.h, key for key (tst_hashing compares every path with the scalar
// functions). Runs whose first key is 8 bytes long can be hashed several keys per vector; the
// path is chosen once per process at run time (__builtin_cpu_supports, function target
// attributes, no global -m flags):
//   AVX-512 (F + DQ): eight keys per 512-bit vector, with the 64-bit lane multiply and rotate;
//                     XXH64 runs four vectors side by side, each step of the four together, so
//                     their chains of dependent multiplies (vpmullq: long latency) overlap;
//   AVX2:             four keys per 256-bit vector. AVX2 has neither a 64-bit multiply nor a
//                     rotate: each 64 x 64-bit multiply is built from 32 x 32-bit ones (three
//                     for the low half, four for XXH3's 128-bit product), each rotate from two
//                     shifts and an OR;
//   scalar:           hashing.h's functions, key by key.
// XXH64 also has an AVX-512 kernel for strings (words, names, phrases, addresses): eight keys
// of any lengths from 4 bytes per vector, xxHash's 32-byte stripes for the lanes that have them
// and its short-input steps for every lane's last len & 31 bytes, each step masked to the lanes
// it applies to and read by a masked gather that stays inside each key. A run takes it when any
// of its first eight keys is 4 to 63 bytes long, so keys whose lengths vary key by key (a column,
// not fixed-width test keys) stay in vectors. Its AVX2 counterpart takes runs of keys that share
// one length from 4 to 31 bytes (a fixed-width column: codes, ids, dates, hex digests), sixteen
// at a time: with every lane taking every step it needs no masks, and reads each word with four
// scalar loads (a mixed-length AVX2 kernel, built from gathers and blends, measured slower than
// the scalar loop). Keys shorter than 4 bytes inside a run, and the last keys of a run short of
// a vector, take the scalar functions. BLOOMLAB_NO_AVX512=1 leaves AVX2
// (how most laptops and cloud VMs run); BLOOMLAB_NO_AVX2=1 as well leaves the scalar loop.
//
// Why: in the batched loops of a cache-resident filter the scalar hash of an 8-byte key (XXH64:
// five dependent 64-bit multiplies) costs about as much as the cache line the key then reads, so
// the loop is bound by the multiplier, not the memory; lanes share that cost.
//
// What runs where (hashBatchPath tells):
//   xxh3_128Many: AVX-512, else AVX2, else scalar. Its AVX2 form hashes faster than the scalar
//     loop. The classic filter's batched calls chunk their hashing through it on both vector
//     paths, the cuckoo filter's placementsOf on every path, and the cuckoo filter's batched
//     lookup on both vector paths, which then places and matches the keys in vectors of the same
//     width (hashing in AVX2 chunks but placing key by key measured no faster than its scalar
//     block pipeline; placing and matching four keys per AVX2 vector too did).
//   xxh64Many (the blocked filter's batched pipeline, Parquet's hash): AVX-512; else AVX2 for
//     runs of strings of one length, scalar for the rest. The AVX2 form for 8-byte keys (four
//     keys in a vector interleaved with four scalar ones, the fastest AVX2 mix alone) gives the
//     same values but, called per group to fill an array, made the blocked filter's batched
//     lookup slower than the scalar hash; that pipeline hashes 8-byte keys four per vector
//     itself, fused with their placement (simd::xxh64Len8x4). The array form stays, tested,
//     behind xxh64ManyOn for measuring other CPUs. A 30-byte string costs the scalar hash 17
//     multiplies against 5, and there the AVX2 kernel made that loop faster.
// Figures for each path: docs/performance.md.
#pragma once

#include "core/key_batch.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace bloomlab {

enum class HashAlgorithm : std::uint8_t; // core/hashing.h

/// out[i] = xxh64(keys[i], seed) for i in [0, keys.size()); out has room for keys.size() values.
void xxh64Many(std::span<const std::string_view> keys, std::uint64_t seed,
               std::uint64_t* out) noexcept;

/// The same through the scalar functions only (the reference the tests compare against).
void xxh64ManyScalar(std::span<const std::string_view> keys, std::uint64_t seed,
                     std::uint64_t* out) noexcept;

/// XXH3-128 (hashing.h's xxh3_128) of every key, as two arrays: low[i] and high[i] are the two
/// halves of xxh3_128(keys[i], seed); each has room for keys.size() values.
void xxh3_128Many(std::span<const std::string_view> keys, std::uint64_t seed, std::uint64_t* low,
                  std::uint64_t* high) noexcept;
void xxh3_128ManyScalar(std::span<const std::string_view> keys, std::uint64_t seed,
                        std::uint64_t* low, std::uint64_t* high) noexcept;

/// The same over keys in one buffer (KeyBatch, core/key_batch.h): eight (four) 8-byte keys that
/// lie back to back are one 64-byte (32-byte) load. Other lengths are hashed key by key, as above.
void xxh64Many(const KeyBatch& keys, std::uint64_t seed, std::uint64_t* out) noexcept;
void xxh3_128Many(const KeyBatch& keys, std::uint64_t seed, std::uint64_t* low,
                  std::uint64_t* high) noexcept;

/// How runs of 8-byte keys are hashed (and, for XXH64, runs of strings: of 4 bytes or more on the
/// AVX-512 path, of one length from 4 to 31 bytes on the AVX2 path): eight per AVX-512 vector,
/// four per AVX2 vector, or one by one.
enum class HashBatchPath : std::uint8_t { Scalar, Avx2, Avx512 };
/// The path xxh64Many (Xxh64; on AVX2 only for runs of strings of one length) or xxh3_128Many
/// (Xxh3_128) takes on this machine; Xxh3_64 has no batched function (Scalar).
HashBatchPath hashBatchPath(HashAlgorithm algorithm) noexcept;
/// "AVX-512", "AVX2" or "scalar".
const char* hashBatchPathName(HashBatchPath path) noexcept;
/// True when this CPU (and OS) can run `path`, whatever BLOOMLAB_NO_AVX512 / BLOOMLAB_NO_AVX2 say.
bool hashBatchPathSupported(HashBatchPath path) noexcept;

/// True when xxh64Many hashes these keys in vectors on this machine, judged as it judges a run
/// by its first keys: with AVX-512 a first key of 8 bytes (eight per load) or any of the first
/// eight 4 to 63 bytes long (the string kernel, every length from 4 bytes; keys shorter go
/// through the scalar function); with AVX2 the first sixteen sharing one length from 4 to 31
/// bytes. False for the scalar loop.
bool xxh64ManyVectorizes(std::span<const std::string_view> keys) noexcept;
bool xxh64ManyVectorizes(const KeyBatch& keys) noexcept;

/// True when the AVX-512 paths run (hashBatchPath() == Avx512): the batched hashing, and the
/// filters' AVX-512 loops that take their hashes eight at a time (the cuckoo filter's batched
/// lookup and placement). False on the AVX2 path.
bool hashBatchVectorized() noexcept;
/// True when this CPU (and OS) could run the AVX-512 paths, whether or not BLOOMLAB_NO_AVX512
/// disables them.
bool cpuHasAvx512() noexcept;

/// xxh64Many / xxh3_128Many through a given path, whatever hashBatchPath() is (a path the CPU
/// cannot run gives the scalar loop): for tests and measurements that compare the paths, and for
/// the Morton filter's AVX2 lookup, which hashes 8-byte keys with XXH64's AVX2 kernel where
/// xxh64Many would not (see hashBatchPath).
void xxh64ManyOn(HashBatchPath path, std::span<const std::string_view> keys, std::uint64_t seed,
                 std::uint64_t* out) noexcept;
void xxh64ManyOn(HashBatchPath path, const KeyBatch& keys, std::uint64_t seed,
                 std::uint64_t* out) noexcept;
void xxh3_128ManyOn(HashBatchPath path, std::span<const std::string_view> keys, std::uint64_t seed,
                    std::uint64_t* low, std::uint64_t* high) noexcept;
void xxh3_128ManyOn(HashBatchPath path, const KeyBatch& keys, std::uint64_t seed,
                    std::uint64_t* low, std::uint64_t* high) noexcept;

} // namespace bloomlab
