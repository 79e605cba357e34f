/// Reads a property list in whichever form the bytes are: binary `bplist00` or XML.
public enum PropertyListReader {
    /// Decodes `bytes`, choosing the reader from their first bytes.
    public static func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyList {
        if BinaryPropertyListReader.isBinaryPropertyList(bytes) {
            return try BinaryPropertyListReader.read(bytes)
        }
        if XMLPropertyListReader.isXMLPropertyList(bytes) {
            return try XMLPropertyListReader.read(bytes)
        }
        throw .unknownFormat
    }
}
