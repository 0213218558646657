// Batched hashing: the hash of every key of a run, for the filters' batched calls.
//
// Same values as hashing.h, key for key (tst_hashing compares them). Where the CPU has AVX-512
// (F + DQ: 64-bit lane multiply and rotate, chosen at run time), eight 8-byte keys are hashed at
// once in one 512-bit register; keys of other lengths, the tail of a run, and CPUs without
// AVX-512 take the scalar hashing.h functions. BLOOMLAB_NO_AVX512=1 forces the scalar path.
//
// Why: in the batched loops of a cache-resident filter (n = 10M in a 32 MiB L3) the scalar
// XXH64 of an 8-byte key (five dependent 64-bit multiplies) costs about as much as the cache
// line the key then reads: the loop is bound by the multiplier, not the memory.
// Eight lanes per multiply remove most of that cost (figures in docs/performance.md).
#pragma once

#include "core/key_batch.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace bloomlab {

/// out[i] = xxh64(keys[i], seed) for i in [0, keys.size()); out has room for keys.size() values.
void xxh64Many(std::span<const std::string_view> keys, std::uint64_t seed, std::uint64_t* out) noexcept;

/// The same through the scalar functions only (the reference the tests compare against).
void xxh64ManyScalar(std::span<const std::string_view> keys, std::uint64_t seed, std::uint64_t* out) noexcept;

/// XXH3-128 (hashing.h's xxh3_128) of every key, as two arrays: low[i] and high[i] are the two
/// halves of xxh3_128(keys[i], seed); each has room for keys.size() values.
void xxh3_128Many(std::span<const std::string_view> keys, std::uint64_t seed, std::uint64_t* low,
                  std::uint64_t* high) noexcept;
void xxh3_128ManyScalar(std::span<const std::string_view> keys, std::uint64_t seed, std::uint64_t* low,
                        std::uint64_t* high) noexcept;

/// The same over keys in one buffer (KeyBatch, core/key_batch.h): eight 8-byte keys that lie
/// back to back are one 64-byte load. Other lengths are hashed key by key, as above.
void xxh64Many(const KeyBatch& keys, std::uint64_t seed, std::uint64_t* out) noexcept;
void xxh3_128Many(const KeyBatch& keys, std::uint64_t seed, std::uint64_t* low, std::uint64_t* high) noexcept;

/// True when xxh64Many and xxh3_128Many hash 8-byte keys with AVX-512 on this machine (CPU has it, not disabled).
bool hashBatchVectorized() noexcept;
/// True when this CPU (and OS) could run the AVX-512 paths, whether or not BLOOMLAB_NO_AVX512 disables them.
bool cpuHasAvx512() noexcept;

} // namespace bloomlab
