// tst_thrift_compact: the Thrift compact-protocol reader and writer primitives (core/thrift_compact.h)
// on hand-encoded bytes from the protocol spec: varints, zigzag, both field-header forms, values
// of every type, skipping of every type (nested lists, sets, maps, structs), the depth limit,
// and that hostile input (truncated, over-long varints, unknown types) fails with a message
// naming the data, never reading past the span; a reader given a file offset names the file
// position and the value (list and map counts checked against the bytes left, wrong field types).
#include "core/thrift_compact.h"

#include <QtTest/QtTest>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using namespace bloomlab;
using namespace bloomlab::thrift;

namespace {

using Bytes = std::vector<std::uint8_t>;

std::string errorOf(const Bytes& bytes, void (*read)(CompactReader&)) {
    CompactReader r(bytes, "test blob");
    try {
        read(r);
    } catch (const FilterIoError& e) {
        return e.what();
    }
    return "";
}

} // namespace

class TestThriftCompact : public QObject {
    Q_OBJECT

private slots:
    void varintsAndZigzag() {
        // 300 = 0b1_0010_1100 -> AC 02; zigzag: 0 -> 0, -1 -> 1, 1 -> 2, -2 -> 3, 2147483647 -> FE FF FF FF 0F.
        Bytes out;
        appendVarint(out, 300);
        QCOMPARE(out, (Bytes{0xAC, 0x02}));
        out.clear();
        for (std::int64_t v : {0, -1, 1, -2}) appendZigzag(out, v);
        QCOMPARE(out, (Bytes{0x00, 0x01, 0x02, 0x03}));
        out.clear();
        appendZigzag(out, 2147483647);
        QCOMPARE(out, (Bytes{0xFE, 0xFF, 0xFF, 0xFF, 0x0F}));

        const Bytes encoded = {0xAC, 0x02, 0x03, 0xFE, 0xFF, 0xFF, 0xFF, 0x0F};
        CompactReader r(encoded, "test blob");
        QCOMPARE(r.varint(kMaxVarintBytesI32), std::uint64_t{300});
        QCOMPARE(r.zigzag(kMaxVarintBytesI32), std::int64_t{-2});
        QCOMPARE(r.i32(), std::int32_t{2147483647});
        QCOMPARE(r.remaining(), std::size_t{0});
    }

    void roundTripOfEveryValue() {
        const Bytes data = {0x03,                                     // i16 -2
                            0xFE, 0xFF, 0xFF, 0xFF, 0x0F,             // i32 2^31 - 1
                            0x01,                                     // i64 -1
                            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x3F,  // double 1.0 (LE)
                            0x03, 'a', 'b', 'c'};                     // binary "abc"
        CompactReader r(data, "test blob");
        QCOMPARE(r.i16(), std::int16_t{-2});
        QCOMPARE(r.i32(), std::int32_t{2147483647});
        QCOMPARE(r.i64(), std::int64_t{-1});
        QCOMPARE(r.f64(), 1.0);
        const auto text = r.binary();
        QCOMPARE(std::string(text.begin(), text.end()), std::string("abc"));
        QCOMPARE(r.position(), data.size());
    }

    void fieldHeaders() {
        // Short form: field 1 i32 (0x15), then delta 3 -> field 4 bool true (0x31);
        // long form: type 8 with the id as a zigzag varint (id 300 -> D8 04); then the end.
        const Bytes data = {0x15, 0x00, 0x31, 0x08, 0xD8, 0x04, 0x00, 0x00};
        CompactReader r(data, "test blob");
        std::int16_t last = 0;
        auto f = r.field(last);
        QVERIFY(f);
        QCOMPARE(f->id, std::int16_t{1});
        QCOMPARE(f->type, static_cast<std::uint8_t>(CompactType::I32));
        QCOMPARE(r.i32(), 0);
        f = r.field(last);
        QVERIFY(f);
        QCOMPARE(f->id, std::int16_t{4});
        QVERIFY(CompactReader::boolField(f->type));
        f = r.field(last);
        QVERIFY(f);
        QCOMPARE(f->id, std::int16_t{300});
        QCOMPARE(f->type, static_cast<std::uint8_t>(CompactType::Binary));
        QCOMPARE(r.binary().size(), std::size_t{0});
        QVERIFY(!r.field(last));
        QCOMPARE(r.remaining(), std::size_t{0});

        Bytes header;
        appendShortFieldHeader(header, 2, CompactType::Struct);
        appendStructEnd(header);
        QCOMPARE(header, (Bytes{0x2C, 0x00}));
    }

    void skipsEveryType() {
        // A struct holding: bool, byte, i16, i32, i64, double, binary, list<i32> of 3, set<bool>
        // of 2, a long list (size 15 -> varint) of 16 bytes, map<binary, struct{}> of 1, and a
        // nested struct; then one more byte that must be where the reader stops.
        Bytes s = {0x11,                    // 1: bool true
                   0x13, 0x7F,              // 2: byte
                   0x14, 0x05,              // 3: i16
                   0x15, 0x80, 0x01,        // 4: i32
                   0x16, 0x81, 0x80, 0x01,  // 5: i64
                   0x17, 1, 2, 3, 4, 5, 6, 7, 8,  // 6: double
                   0x18, 0x02, 'h', 'i',    // 7: binary
                   0x19, 0x35, 0x02, 0x04, 0x06,  // 8: list<i32> of 3
                   0x1A, 0x21, 0x01, 0x00,  // 9: set<bool> of 2, one byte each
                   0x19, 0xF3, 0x10};       // 10: list<byte> of 16 (long form)
        for (int i = 0; i < 16; ++i) s.push_back(static_cast<std::uint8_t>(i));
        const Bytes tail = {0x1B, 0x01, 0x8C, 0x01, 'k', 0x00,  // 11: map<binary, struct> {"k": {}}
                            0x1C, 0x15, 0x02, 0x00,             // 12: struct { 1: i32 1 }
                            0x00,                               // end of the outer struct
                            0xEE};
        s.insert(s.end(), tail.begin(), tail.end());
        CompactReader r(s, "test blob");
        r.skip(static_cast<std::uint8_t>(CompactType::Struct), 1);
        QCOMPARE(r.remaining(), std::size_t{1});
        QCOMPARE(r.byte(), std::uint8_t{0xEE});
    }

    void depthLimit() {
        // Structs nested 3 deep pass a limit of 3 and fail a limit of 2.
        const Bytes nested = {0x1C, 0x1C, 0x00, 0x00, 0x00};  // { 1: { 1: {} } }
        CompactReader ok(nested, "test blob", 3);
        ok.skip(static_cast<std::uint8_t>(CompactType::Struct), 1);
        QCOMPARE(ok.remaining(), std::size_t{0});
        CompactReader tooDeep(nested, "test blob", 2);
        bool threw = false;
        try {
            tooDeep.skip(static_cast<std::uint8_t>(CompactType::Struct), 1);
        } catch (const FilterIoError& e) {
            threw = true;
            QCOMPARE(std::string(e.what()), std::string("test blob is nested too deeply"));
        }
        QVERIFY(threw);
        // The default limit stops 100,000 nested structs without exhausting the stack.
        const Bytes deep(100'000, 0x1C);
        QCOMPARE(errorOf(deep, [](CompactReader& r) { r.skip(static_cast<std::uint8_t>(CompactType::Struct), 1); }),
                 std::string("test blob is nested too deeply"));
    }

    void hostileInput() {
        const auto skipStruct = [](CompactReader& r) { r.skip(static_cast<std::uint8_t>(CompactType::Struct), 1); };
        QCOMPARE(errorOf(Bytes{0x15}, skipStruct), std::string("test blob is truncated"));
        QCOMPARE(errorOf(Bytes{0x18, 0x05, 'a'}, skipStruct), std::string("test blob is truncated"));
        Bytes endless(21, 0xFF);
        endless[0] = 0x15;
        QCOMPARE(errorOf(endless, skipStruct), std::string("test blob has an over-long varint"));
        QCOMPARE(errorOf(Bytes{0x1D}, skipStruct), std::string("test blob has an unknown Thrift type 13"));
        // A field id outside i16 in the long form: zigzag 2^16 -> 80 80 08.
        QCOMPARE(errorOf(Bytes{0x05, 0x80, 0x80, 0x08},
                         [](CompactReader& r) {
                             std::int16_t last = 0;
                             (void)r.field(last);
                         }),
                 std::string("test blob has a field id out of range"));
        // An i32 value past 2^31 - 1 (zigzag 2^32 -> 80 80 80 80 10).
        QCOMPARE(errorOf(Bytes{0x80, 0x80, 0x80, 0x80, 0x10}, [](CompactReader& r) { (void)r.i32(); }),
                 std::string("test blob has an i32 out of range"));
        // A list that claims more elements than there are bytes ends at the span's end.
        QCOMPARE(errorOf(Bytes{0x19, 0xF5, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F}, skipStruct),
                 std::string("test blob is truncated"));
    }

    void fileOffsetMessages() {
        // A reader told where its bytes lie names the file position and the value that failed.
        const auto errorAt = [](const Bytes& bytes, std::uint64_t base, void (*read)(CompactReader&)) {
            CompactReader r(bytes, FileOffset{base}, "data.parquet: footer");
            try {
                read(r);
            } catch (const DecodeError& e) {
                return std::pair<std::string, std::uint64_t>(e.what(), e.position());
            }
            return std::pair<std::string, std::uint64_t>("", 0);
        };
        // list<i32> claiming 2^32 - 1 elements with no bytes behind it: refused at the header.
        const auto list = errorAt(Bytes{0xF5, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F}, 1000,
                                  [](CompactReader& r) { (void)r.listHeader(); });
        QCOMPARE(list.first, std::string("data.parquet: footer: a list claims 4294967295 elements but only 0 "
                                         "bytes remain (at byte 1006)"));
        QCOMPARE(list.second, std::uint64_t{1006});
        // A map claiming more entries than bytes remain, inside a struct being skipped.
        const auto map = errorAt(Bytes{0x1B, 0x64, 0x85, 0x00}, 0,
                                 [](CompactReader& r) { r.skip(static_cast<std::uint8_t>(CompactType::Struct)); });
        QCOMPARE(map.first, std::string("data.parquet: footer: a map claims 100 entries but only 1 bytes remain "
                                        "(at byte 3)"));
        // enter() stops at the depth limit; a blob reader gives the short form of the same error.
        CompactReader deep(Bytes{}, FileOffset{7}, "data.parquet: footer", 2);
        deep.enter();
        deep.enter();
        QVERIFY_THROWS_EXCEPTION(DecodeError, deep.enter());
        QCOMPARE(errorOf(Bytes{0x1B, 0x64, 0x85, 0x00},
                         [](CompactReader& r) { r.skip(static_cast<std::uint8_t>(CompactType::Struct), 1); }),
                 std::string("test blob is truncated"));
        // expectType names the field and both types; text() views the bytes as a string.
        const auto wrongType = errorAt(Bytes{0x15, 0x00}, 40, [](CompactReader& r) {
            std::int16_t last = 0;
            r.expectType(*r.field(last), CompactType::Binary, "SchemaElement.name");
        });
        QCOMPARE(wrongType.first, std::string("data.parquet: footer: SchemaElement.name (field 1) should be a "
                                              "binary but is a i32 (at byte 41)"));
        const Bytes name = {0x02, 'i', 'd'};
        CompactReader text(name, FileOffset{0}, "data.parquet: footer");
        QCOMPARE(text.text(), std::string_view("id"));
    }
};

QTEST_GUILESS_MAIN(TestThriftCompact)
#include "tst_thrift_compact.moc"
