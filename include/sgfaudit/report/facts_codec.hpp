#pragma once
// The encoding of one game's facts (report::GameFacts) in a shard's records (shard.chunks,
// docs/shards.md): field by field, little-endian 64-bit numbers and length-prefixed strings.
// The pipeline frames the records (files, headers, checksums: src/pipeline/shard.cpp) with the
// same ByteWriter and ByteReader; this file owns what a GameFacts becomes inside a record.
// Every field read is checked against its range: nothing read indexes an array unchecked.

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "sgfaudit/report/folder.hpp"

namespace sgfaudit::report {

// Appends little-endian 64-bit numbers and strings (their length, then their bytes) to `out`.
class ByteWriter {
  public:
    void u(std::uint64_t v) {
        char b[8];
        for (int i = 0; i < 8; ++i) b[i] = static_cast<char>((v >> (8 * i)) & 0xFF);
        out.append(b, 8);
    }
    void s(std::string_view v) {
        u(v.size());
        out += v;
    }
    std::string out;
};

// Reads what ByteWriter wrote. A read past the end, or a value out of the range asked for, is
// damage: ok() turns false, and every later read gives 0 or "".
class ByteReader {
  public:
    explicit ByteReader(std::string_view in) : in_(in) {}
    bool ok() const noexcept { return ok_; }
    bool done() const noexcept { return in_.empty(); }
    // A value read is out of its range: the record is damaged.
    void damage() { fail(); }
    std::uint64_t u() {
        if (in_.size() < 8) return fail();
        std::uint64_t v = 0;
        for (int i = 0; i < 8; ++i)
            v |= static_cast<std::uint64_t>(static_cast<unsigned char>(in_[i])) << (8 * i);
        in_.remove_prefix(8);
        return v;
    }
    std::string s() {
        const std::uint64_t n = u();
        if (!ok_ || n > in_.size()) {
            fail();
            return {};
        }
        std::string v(in_.substr(0, n));
        in_.remove_prefix(n);
        return v;
    }
    // A value that must be at most `max`, else damage.
    std::uint64_t below_or_at(std::uint64_t max) {
        const std::uint64_t v = u();
        if (v > max) return fail();
        return v;
    }
    // A flag, written as 0 or 1: anything else is damage.
    bool flag() { return below_or_at(1) != 0; }
    std::uint16_t u16() { return static_cast<std::uint16_t>(below_or_at(0xFFFF)); }
    std::uint32_t u32() { return static_cast<std::uint32_t>(below_or_at(0xFFFFFFFF)); }
    // A signed int, written as its 64-bit two's complement: outside int's range is damage.
    int i32() {
        const auto v = static_cast<std::int64_t>(u());
        if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) {
            return static_cast<int>(fail());
        }
        return static_cast<int>(v);
    }

  private:
    std::uint64_t fail() {
        ok_ = false;
        in_ = {};
        return 0;
    }
    std::string_view in_;
    bool ok_ = true;
};

// Appends every field of `facts` to `w`.
void write_game_facts(ByteWriter& w, const GameFacts& facts);
// One game's facts as write_game_facts wrote them; the kinds, causes, knobs, rulesets, bins and
// groups it names are checked against their ranges and the run's `rulesets` (their number):
// out of range is damage (r.ok() false).
GameFacts read_game_facts(ByteReader& r, std::uint64_t rulesets);

}  // namespace sgfaudit::report
