import Testing

@testable import KeyedArchive

/// The one reader of object markers and headers: each kind, short and long counts, and every way
/// a header can run past the objects.
struct ObjectMarkerTests {
    /// The header of the object at 0 of `bytes`, the objects ending at `limit` (all of them by default).
    static func header(_ bytes: [UInt8], limit: Int? = nil) -> ObjectHeader? {
        bytes.withUnsafeBytes { ObjectMarker.header(in: $0, at: 0, limit: limit ?? bytes.count) }
    }

    /// The error the checked read throws for the object at 0 of `bytes`, or `nil` when it reads it.
    static func error(_ bytes: [UInt8]) -> PropertyListError? {
        bytes.withUnsafeBytes { raw -> PropertyListError? in
            do throws(PropertyListError) {
                _ = try ObjectMarker.header(in: raw, at: 0, limit: raw.count, index: 7)
                return nil
            } catch {
                return error
            }
        }
    }

    @Test(
        arguments: [
            (0x00, ObjectMarker.Kind.singleton), (0x08, .singleton), (0x09, .singleton), (0x0F, .singleton),
            (0x10, .integer), (0x13, .integer), (0x22, .real), (0x23, .real), (0x33, .date), (0x44, .data),
            (0x55, .asciiString), (0x66, .utf16String), (0x80, .uid), (0x87, .uid), (0xA1, .array), (0xC2, .set),
            (0xD3, .dictionary),
        ] as [(UInt8, ObjectMarker.Kind)])
    func kindIsTheHighBits(byte: UInt8, kind: ObjectMarker.Kind) {
        let marker = ObjectMarker(byte: byte)
        #expect(marker.kind == kind)
        #expect(marker.is(kind))
        #expect(marker.low == byte & 0x0F)
        #expect(ObjectMarker(kind, low: byte & 0x0F) == marker)
    }

    @Test func namedMarkersAreCoreFoundations() {
        #expect(ObjectMarker.null.byte == 0x00)
        #expect(ObjectMarker.false.byte == 0x08)
        #expect(ObjectMarker.true.byte == 0x09)
        #expect(ObjectMarker.fill.byte == 0x0F)
        #expect(ObjectMarker.real32.byte == 0x22)
        #expect(ObjectMarker.real64.byte == 0x23)
        #expect(ObjectMarker.date.byte == 0x33)
        #expect(ObjectMarker.byteInteger.byte == 0x10)
        #expect(ObjectMarker(.asciiString, count: 3).byte == 0x53)
        #expect(ObjectMarker(.dictionary, count: 14).byte == 0xDE)
        #expect(ObjectMarker(.array, count: 15).byte == 0xAF)
        #expect(ObjectMarker(.utf16String, count: 300).byte == 0x6F)
    }

    @Test func sizesOfScalars() {
        #expect(ObjectMarker(byte: 0x10).scalarSize == 1)
        #expect(ObjectMarker(byte: 0x13).scalarSize == 8)
        #expect(ObjectMarker.real32.scalarSize == 4)
        #expect(ObjectMarker(byte: 0x80).uidSize == 1)
        #expect(ObjectMarker(byte: 0x83).uidSize == 4)
        #expect(ObjectMarker(byte: 0x55).isString && ObjectMarker(byte: 0x61).isString)
        #expect(!ObjectMarker(byte: 0x81).isString)
        #expect(ObjectMarker(byte: 0xA1).isArrayOrSet && ObjectMarker(byte: 0xC1).isArrayOrSet)
        #expect(!ObjectMarker(byte: 0xD1).isArrayOrSet)
    }

    @Test func shortCountsAreTheLowBits() throws {
        for byte: UInt8 in [0x43, 0x55, 0x6E, 0xA0, 0xC2, 0xDE] {
            let header = try #require(Self.header([byte, 0, 0]))
            #expect(header.marker.byte == byte)
            #expect(header.count == Int(byte & 0x0F))
            #expect(header.contents == 1)
        }
    }

    @Test func uncountedKindsKeepTheirLowBits() throws {
        // An integer, real, UID or singleton marker ending in 0xF has no count after it.
        for byte: UInt8 in [0x0F, 0x1F, 0x2F, 0x8F] {
            let header = try #require(Self.header([byte]))
            #expect(header.count == 15)
            #expect(header.contents == 1)
        }
    }

    @Test(
        arguments: [
            ([0x5F, 0x10, 0x20], 0x20, 3),
            ([0x6F, 0x11, 0x01, 0x2C], 300, 4),
            ([0xAF, 0x12, 0x00, 0x00, 0x00, 0x10], 16, 6),
            ([0xDF, 0x13, 0, 0, 0, 0, 0, 0, 0, 0x0F], 15, 10),
            ([0x4F, 0x10, 0x00], 0, 3),
        ] as [([UInt8], Int, Int)])
    func longCountsFollowTheMarker(prefix: [UInt8], count: Int, contents: Int) throws {
        // Room for the counts, which must not exceed the objects' end.
        let bytes = prefix + [UInt8](repeating: 0, count: 400)
        let header = try #require(Self.header(bytes))
        #expect(header.marker.byte == prefix[0])
        #expect(header.count == count)
        #expect(header.contents == contents)
        #expect(Self.error(bytes) == nil)
    }

    @Test func truncatedHeadersAreNotRead() {
        // The marker past the end, the count's marker past it, the count's bytes past it.
        #expect(Self.header([]) == nil)
        #expect(Self.header([0x51], limit: 0) == nil)
        #expect(Self.header([0x5F]) == nil)
        #expect(Self.header([0x5F, 0x10]) == nil)
        #expect(Self.header([0x5F, 0x11, 0x00]) == nil)
        #expect(Self.header([0x5F, 0x10, 0x01, 0x41], limit: 2) == nil)
        #expect(Self.error([0x5F]) == .invalidObject(index: 7, reason: "length runs past the object area"))
        #expect(Self.error([0x5F, 0x11, 0x00]) == .invalidObject(index: 7, reason: "length runs past the object area"))
        // A start outside the objects, and a limit past the bytes.
        [UInt8]([0x51, 0x41]).withUnsafeBytes { raw in
            #expect(ObjectMarker.header(in: raw, at: -1, limit: 2) == nil)
            #expect(ObjectMarker.header(in: raw, at: 2, limit: 2) == nil)
            #expect(ObjectMarker.header(in: raw, at: 0, limit: 3) == nil)
        }
    }

    @Test func countsPastTheEndAreNotRead() {
        // A count larger than the objects: 0xFF of 3 bytes, 2^32 of 6.
        #expect(Self.header([0x5F, 0x10, 0xFF]) == nil)
        #expect(Self.header([0xAF, 0x12, 0x01, 0x00, 0x00, 0x00]) == nil)
        #expect(Self.error([0x5F, 0x10, 0xFF]) == .invalidObject(index: 7, reason: "length 255 exceeds the file"))
        // A count as large as the objects is read: the contents' span is checked by kind.
        #expect(Self.header([0x5F, 0x10, 0x03])?.count == 3)
    }

    @Test func longCountsMustBeSmallIntegers() {
        // A real, a 16-byte integer and a string in place of the count.
        for second: UInt8 in [0x23, 0x14, 0x51] {
            let bytes = [0x5F, second] + [UInt8](repeating: 0, count: 20)
            #expect(Self.header(bytes) == nil)
            #expect(Self.error(bytes) == .invalidObject(index: 7, reason: "length is not an integer"))
        }
    }
}
