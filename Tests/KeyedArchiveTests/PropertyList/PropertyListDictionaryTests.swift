import KeyedArchive
import Testing

struct PropertyListDictionaryTests {
    @Test func keysThatOnlyLookAlikeStayDistinct() throws {
        let precomposed = "Caf\u{E9}"
        let decomposed = "Cafe\u{301}"
        let dictionary = PropertyListDictionary([(precomposed, .integer(1)), (decomposed, .integer(2))])
        #expect(dictionary.count == 2)
        #expect(dictionary[precomposed] == .integer(1))
        #expect(dictionary[decomposed] == .integer(2))
        let reread = try PropertyListReader.read(BinaryPropertyListWriter.write(.dictionary(dictionary)))
        #expect(reread == .dictionary(dictionary))
    }

    @Test func aRepeatedKeyKeepsItsPlaceAndTakesTheLastValue() {
        let dictionary = PropertyListDictionary([("a", .integer(1)), ("b", .integer(2)), ("a", .integer(3))])
        #expect(dictionary.keys == ["a", "b"])
        #expect(dictionary["a"] == .integer(3))
    }
}
