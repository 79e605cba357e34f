/// What a terminal shows after a program's output: enough of xterm's control sequences to follow
/// a line editor redrawing one line (carriage return, backspace, cursor moves, insert and delete
/// of characters, erase to the end of the line), so a test can read the line as a person sees it.
///
/// Lines are never wrapped: a test keeps its lines shorter than the window.
struct TerminalScreen {
    /// The rows written so far, top first.
    private(set) var rows: [[Character]] = [[]]
    /// The cursor: a row of `rows` and a column.
    private(set) var row = 0
    private(set) var column = 0
    /// Whether characters written push the rest of the row right (`ESC [ 4 h`).
    private var inserting = false

    /// The screen after `output`, written to an empty terminal.
    init(_ output: String) {
        var scalars = output.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\r": column = 0
            case "\n": moveDown(1)
            case "\u{8}": column = max(0, column - 1)
            case "\u{7}": break
            case "\u{1B}": escape(&scalars)
            default: write(Character(scalar))
            }
        }
    }

    /// The row the cursor is on, as shown (trailing blanks dropped).
    var cursorLine: String {
        var line = String(rows[row])
        while line.last == " " { line.removeLast() }
        return line
    }

    private mutating func moveDown(_ count: Int) {
        row += count
        while rows.count <= row { rows.append([]) }
    }

    private mutating func padRow() {
        while rows[row].count < column { rows[row].append(" ") }
    }

    private mutating func write(_ character: Character) {
        padRow()
        if inserting || column == rows[row].count {
            rows[row].insert(character, at: column)
        } else {
            rows[row][column] = character
        }
        column += 1
    }

    /// Follows one escape sequence: a CSI (`ESC [` parameters and a final letter) or a two-byte one.
    private mutating func escape(_ scalars: inout String.UnicodeScalarView.Iterator) {
        guard let next = scalars.next(), next == "[" else { return }
        var parameters = ""
        var final: Unicode.Scalar = "@"
        while let scalar = scalars.next() {
            if scalar.value >= 0x40, scalar.value <= 0x7E {
                final = scalar
                break
            }
            parameters.unicodeScalars.append(scalar)
        }
        let count = max(1, Int(parameters) ?? 1)
        switch final {
        case "C": column += count
        case "D": column = max(0, column - count)
        case "A": row = max(0, row - count)
        case "B": moveDown(count)
        case "G": column = count - 1
        case "K":
            if rows[row].count > column { rows[row].removeSubrange(column...) }
        case "@":
            padRow()
            rows[row].insert(contentsOf: Array(repeating: " ", count: count), at: column)
        case "P":
            if rows[row].count > column { rows[row].removeSubrange(column..<min(rows[row].count, column + count)) }
        case "h" where parameters == "4": inserting = true
        case "l" where parameters == "4": inserting = false
        default: break
        }
    }
}
