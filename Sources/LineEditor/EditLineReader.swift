import CLibEdit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An interactive line editor on libedit: emacs keys, a coloured prompt, a history file and Tab completion.
///
/// The reader owns libedit's `EditLine` and `History` handles and frees them (restoring the terminal)
/// when it goes away. It selects a UTF-8 character type locale on creation, because libedit drops
/// every non-ASCII key otherwise. Key bindings can be changed in `~/.editrc` (or `$EDITRC`), where
/// lines may start with the program name given here; Tab runs the `complete-word` command and Ctrl-R
/// searches the history backwards (`em-inc-search-prev`). Ctrl-C discards the line being typed
/// (``LineInput/interrupted``); Ctrl-D on an empty line ends the input; Ctrl-Z suspends the program.
/// While a line is edited, Ctrl-C and Ctrl-Z are read as keys (`interrupt-line`, `suspend`) rather
/// than raised as signals by the terminal, so none is lost however fast they are typed.
///
/// Known libedit limit: incremental search ends on a character whose code point's low byte is a
/// control code (such as 一, U+4E00); Meta-P (`ed-search-prev-history`) finds typed text instead.
///
/// When libedit cannot be set up at all, reading falls back to a ``PlainLineReader``.
public final class EditLineReader: LineReader {
    /// The SGR escape sequence that colours the prompt, such as "\u{1B}[1;32m"; nil leaves it plain.
    public var promptColor: String?

    /// Lists the full words that can complete the word before the cursor.
    ///
    /// It receives the whole line up to the cursor; the word being completed is its last word, split on
    /// spaces outside quotes. One candidate is inserted with a space after it; several insert their
    /// longest common prefix, or are listed under the line when that adds nothing. Candidates that hold
    /// spaces or quotes are inserted quoted. It runs inside a libedit callback, so it must not trap.
    public var completer: (@Sendable (_ lineBeforeCursor: String) -> [String])?

    /// How many seconds from now the reader should call ``onWake`` while it waits for a key; nil for never.
    ///
    /// Asked each time the reader starts waiting, and again after each wake-up.
    public var wakeDelay: (() -> Double?)?

    /// Called when ``wakeDelay`` has passed while the user had not finished the line; the lines it returns
    /// are printed above the line being edited, which is then drawn again as it was (prompt, text, cursor).
    /// It runs inside a libedit callback, so it must not trap.
    public var onWake: (() -> [String])?

    /// The prompt as it should read now, asked after each wake-up: when it differs from the one shown
    /// (another process changed the data), the line is drawn again under the new one. `nil` keeps the
    /// prompt given to `read`. It runs inside a libedit callback, so it must not trap.
    public var currentPrompt: (() -> String)?

    /// The file the history is loaded from and saved to; nil keeps the history in memory only.
    public let historyFile: String?

    /// The most entries the history file keeps.
    private let historyLimit: Int

    /// Why the last save of the history file failed; nil when it succeeded (or nothing was saved yet).
    public private(set) var historySaveError: String?

    /// Whether lines are edited with libedit; false when it could not be set up and lines are read plainly.
    ///
    /// Only an editing reader turns a SIGINT into ``LineInput/interrupted``; a plain one leaves it to the
    /// process's own handling.
    public var isEditing: Bool { editLine != nil }

    /// The libedit editor, nil when el_init failed.
    private let editLine: OpaquePointer?
    /// The libedit history, nil when history_init failed.
    private let historyHandle: OpaquePointer?
    /// Our own streams on duplicates of the given descriptors, handed to el_init and closed in deinit.
    private let streams: [UnsafeMutablePointer<FILE>]
    /// The stream libedit writes the line to, also used for the candidate list and Ctrl-C's newline.
    private let outputStream: UnsafeMutablePointer<FILE>?
    /// The descriptor lines are read from, for the fallback reader.
    private let inputDescriptor: Int32
    /// libedit's own duplicate of ``inputDescriptor``, which a SIGINT briefly points at ``endOfFileDescriptor``.
    private let editorInputDescriptor: Int32
    /// The reading end of a pipe with no writer, so it reads as end of file; -1 when no pipe could be made.
    private let endOfFileDescriptor: Int32
    /// Set by the `interrupt-line` command (Ctrl-C) so `read(prompt:)` can tell it from Ctrl-D.
    fileprivate var interruptRequested = false
    /// The prompt as a C string for libedit's prompt callback; replaced on every read.
    private var promptText: UnsafeMutablePointer<CChar>
    /// The prompt shown, as given (without colour).
    private var shownPrompt = ""
    /// Text to put on the line before the first key is read, for editing it in place.
    private var initialText: String?
    /// Reads lines when libedit could not be set up.
    private lazy var fallbackReader = PlainLineReader(fileDescriptor: inputDescriptor)

    /// The character that brackets prompt text libedit must print but not count (colour sequences).
    private static let promptIgnoreMarker: Character = "\u{1}"

    /// Sets up libedit on the given descriptors, loading the history from `historyFile` when it exists.
    ///
    /// - Parameters:
    ///   - programName: the name `~/.editrc` lines may be prefixed with (`name:bind ...`).
    ///   - historyFile: where the history lives; nil for none. Its folder is created (0700) on the first save.
    ///   - historyLimit: the most entries kept; older ones are dropped.
    public init(
        programName: String, historyFile: String?, historyLimit: Int = 1000,
        inputDescriptor: Int32 = 0, outputDescriptor: Int32 = 1, errorDescriptor: Int32 = 2
    ) {
        Self.selectUTF8Locale()
        self.historyFile = historyFile
        self.historyLimit = historyLimit
        self.inputDescriptor = inputDescriptor
        self.promptText = Self.makeCString("")

        let input = Self.openStream(on: inputDescriptor, mode: "r")
        let output = Self.openStream(on: outputDescriptor, mode: "w")
        let error = Self.openStream(on: errorDescriptor, mode: "w")
        self.streams = [input, output, error].compactMap { $0 }
        self.outputStream = output
        self.editorInputDescriptor = input.map { fileno($0) } ?? -1
        self.endOfFileDescriptor = Self.openEndOfFilePipe()
        if let input, let output, let error {
            self.editLine = clibedit_init(programName, input, output, error)
        } else {
            self.editLine = nil
        }

        self.historyHandle = clibedit_history_init()
        if let historyHandle {
            _ = clibedit_history_setsize(historyHandle, Int32(clamping: max(historyLimit, 0)))
            _ = clibedit_history_setunique(historyHandle, 1)
            if let historyFile, access(historyFile, F_OK) == 0 {
                // A file without the _HiStOrY_V2_ header loads nothing; the next save replaces it.
                _ = clibedit_history_load(historyHandle, historyFile)
            }
        }
        if editLine != nil {
            // Saved before configureEditor changes libedit's executing mode, and restored when the
            // reader is done or a signal stops or ends the program.
            _ = clibedit_guard_terminal(editorInputDescriptor)
        }
        configureEditor()
    }

    deinit {
        if let editLine {
            clibedit_end(editLine)
        }
        if let historyHandle {
            clibedit_history_end(historyHandle)
        }
        for stream in streams {
            fclose(stream)
        }
        if endOfFileDescriptor >= 0 {
            close(endOfFileDescriptor)
        }
        promptText.deallocate()
    }

    /// Splits the text before the cursor as Tab completion does, for use in a ``completer``.
    ///
    /// Words are separated by spaces and tabs outside quotes; quotes and backslash escapes are removed.
    /// - Returns: the complete words before the one being completed, and that (possibly empty) word.
    public static func completionWords(_ lineBeforeCursor: String) -> (previous: [String], current: String) {
        CompletionAction.words(lineBeforeCursor)
    }

    /// Whether `fileDescriptor` is a terminal.
    public static func isTerminal(_ fileDescriptor: Int32) -> Bool {
        isatty(fileDescriptor) == 1
    }

    /// Shows `prompt` and lets the user edit a line until Return, Ctrl-C or Ctrl-D.
    public func read(prompt: String) -> LineInput {
        read(prompt: prompt, editing: nil)
    }

    /// Shows `prompt` with `text` already on the line (cursor at its end) to be changed in place, and
    /// lets the user edit it until Return, Ctrl-C or Ctrl-D. `text` is inserted as it is, never read as
    /// keys. Without libedit, `text` is not shown and a plain line is read.
    public func read(prompt: String, editing text: String?) -> LineInput {
        guard let editLine else {
            return fallbackReader.read(prompt: prompt)
        }
        initialText = text
        defer { initialText = nil }
        setPrompt(prompt)
        // Anything the program printed through other streams must appear before the prompt.
        fflush(nil)
        // The window may have changed size while a command ran, outside libedit's own SIGWINCH handling.
        clibedit_resize(editLine)
        // el_gets prints the prompt before it leaves cooked mode, so keys typed right after the prompt
        // appears would be echoed twice by the terminal; switching first closes that gap.
        _ = clibedit_prepare_terminal(editLine, 1)

        // While a line is edited Ctrl-C is an ordinary key (see configureEditor). A SIGINT sent from
        // elsewhere still only discards the line, whenever it arrives: the handler, installed without
        // SA_RESTART, interrupts a waiting read and makes any later one read end of file (see shim.h).
        // The previous handler comes back after the read. This relies on every other thread blocking
        // signals (ChecklistKit's helper threads do): a SIGINT handled on another thread could point
        // the input at the pipe after it has been put back.
        clibedit_interrupt_arm(editorInputDescriptor, endOfFileDescriptor)
        var interruptAction = sigaction()
        interruptAction.__sigaction_handler.sa_handler = clibedit_interrupt_handler
        sigemptyset(&interruptAction.sa_mask)
        interruptAction.sa_flags = 0
        var previousAction = sigaction()
        sigaction(SIGINT, &interruptAction, &previousAction)

        var count: Int32 = 0
        errno = 0
        interruptRequested = false
        let line = clibedit_gets(editLine, &count)
        let readError = errno
        sigaction(SIGINT, &previousAction, nil)
        let signalled = clibedit_interrupt_disarm() != 0
        if signalled {
            // The handler may have left libedit's input on the pipe.
            dup2(inputDescriptor, editorInputDescriptor)
        }
        // el_gets has put the terminal in libedit's executing mode, set up without canonical input,
        // echo or signal keys (see configureEditor), so keys typed from now until the next read reach
        // it as typed; `restoreTerminal()` gives the terminal its own settings back.

        guard let line, count > 0 else {
            if interruptRequested || signalled || readError == EINTR {
                interruptRequested = false
                writeOutput("\n")
                return .interrupted
            }
            restoreTerminal()
            if Self.isTerminal(inputDescriptor) {
                // libedit leaves the cursor after the "^D" it echoes; the next output starts a new line.
                writeOutput("\n")
            }
            return .endOfInput
        }
        var bytes = UnsafeRawBufferPointer(start: line, count: Int(count))[...]
        if bytes.last == 0x0A {
            bytes = bytes.dropLast()
        }
        if bytes.last == 0x0D {
            bytes = bytes.dropLast()
        }
        return LineDecoder.decode(bytes)
    }

    /// Puts the terminal back in the mode it had before the reader started, as the program leaves
    /// the editor (the reader keeps the editor's mode between lines, see `read`).
    public func restoreTerminal() {
        guard let editLine else { return }
        _ = clibedit_prepare_terminal(editLine, 0)
        clibedit_restore_terminal()
    }

    /// Adds a non-blank line to the history (unless it repeats the newest entry) and saves the history file.
    ///
    /// The file is written to a temporary file in the same folder (mode 0600) and renamed over the old
    /// one, so a reader or a second session never sees it half written. A failure is reported in
    /// ``historySaveError``.
    public func addHistory(_ line: String) {
        guard let historyHandle, line.contains(where: { !$0.isWhitespace }) else {
            return
        }
        if let newest = clibedit_history_first(historyHandle), String(cString: newest) == line {
            return
        }
        _ = clibedit_history_enter(historyHandle, line)
        saveHistory(adding: line)
    }

    /// The history entries, oldest first.
    public func historyEntries() -> [String] {
        guard let historyHandle else {
            return []
        }
        var entries: [String] = []
        var entry = clibedit_history_last(historyHandle)
        while let text = entry {
            entries.append(String(cString: text))
            entry = clibedit_history_prev(historyHandle)
        }
        return entries
    }

    // MARK: - Setup

    /// Connects the callbacks, key bindings, history and the user's editrc to the editor.
    private func configureEditor() {
        guard let editLine else {
            return
        }
        _ = clibedit_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        _ = clibedit_set_prompt_esc(editLine, editLinePrompt, CChar(1))
        _ = clibedit_set_editor(editLine, "emacs")
        _ = clibedit_set_read_function(editLine, editLineReadCharacter)
        _ = clibedit_set_signal(editLine, 1)
        if let historyHandle {
            _ = clibedit_set_history(editLine, historyHandle)
        }
        _ = clibedit_add_function(
            editLine, "complete-word", "Complete the word before the cursor", editLineCompleteWord)
        _ = clibedit_bind(editLine, "^I", "complete-word")
        // Ctrl-C and Ctrl-Z are read as keys while editing instead of raising signals: a signal that
        // arrives while libedit is busy rather than blocked in read(2) is lost, and libedit re-raises
        // signals to the whole process group. Outside el_gets the terminal keeps generating them.
        _ = clibedit_setty(editLine, "-d", "-isig")
        // Between lines too (libedit's executing mode, while a command runs), keys stay keys: without
        // canonical input Ctrl-D is not end of file (a NUL byte once read raw, so the key was lost),
        // without echo a line typed ahead is shown once, by the editor, and without signal keys a
        // Ctrl-C typed ahead discards the next line instead of vanishing.
        for setting in ["-icanon", "-echo", "-isig", "-iexten"] {
            _ = clibedit_setty(editLine, "-x", setting)
        }
        _ = clibedit_add_function(
            editLine, "interrupt-line", "Discard the line and return to the prompt", editLineInterrupt)
        _ = clibedit_bind(editLine, "^C", "interrupt-line")
        _ = clibedit_add_function(editLine, "suspend", "Suspend the program (like Ctrl-Z in a shell)", editLineSuspend)
        _ = clibedit_bind(editLine, "^Z", "suspend")
        _ = clibedit_bind(editLine, "^R", "em-inc-search-prev")
        // Incremental search looks keys up by their low byte, so a character such as 文 (U+6587) would
        // end the search as the unbound key 0x87. Binding 0x80...0x9F (C1 controls nobody types) to
        // ed-insert keeps such characters in the pattern.
        for byte in 0o200...0o237 {
            _ = clibedit_bind(editLine, "\\\(String(byte, radix: 8))", "ed-insert")
        }
        // After our bindings, so the user's ~/.editrc (or $EDITRC) can override them.
        _ = clibedit_source(editLine, nil)
    }

    /// Makes LC_CTYPE a UTF-8 locale: the environment's if it is one, else C.UTF-8.
    private static func selectUTF8Locale() {
        _ = setlocale(LC_CTYPE, "")
        if isUTF8Locale() {
            return
        }
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil {
            if isUTF8Locale() {
                return
            }
        }
    }

    /// Whether the current LC_CTYPE locale encodes text as UTF-8.
    private static func isUTF8Locale() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else {
            return false
        }
        let name = String(cString: codeset).uppercased().filter { $0 != "-" }
        return name == "UTF8"
    }

    /// Opens a pipe, closes its writing end and returns the reading end, which reads as end of file; -1 on failure.
    private static func openEndOfFilePipe() -> Int32 {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            return -1
        }
        close(ends[1])
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        return ends[0]
    }

    /// Opens a stdio stream on a duplicate of `descriptor`, so closing it leaves the original open.
    private static func openStream(on descriptor: Int32, mode: String) -> UnsafeMutablePointer<FILE>? {
        let copy = dup(descriptor)
        guard copy >= 0 else {
            return nil
        }
        guard let stream = fdopen(copy, mode) else {
            close(copy)
            return nil
        }
        return stream
    }

    // MARK: - Prompt

    /// Builds the C string the prompt callback returns, with the colour between ignore markers.
    private func setPrompt(_ prompt: String) {
        shownPrompt = prompt
        let marker = Self.promptIgnoreMarker
        var text = prompt.filter { $0 != marker }
        if let color = promptColor?.filter({ $0 != marker }), !color.isEmpty, let last = text.last {
            // libedit drops an invisible sequence at the very end of the prompt, so the colour is reset
            // before the last character (usually the space after the prompt), which stays uncoloured.
            text = "\(marker)\(color)\(marker)\(text.dropLast())\(marker)\u{1B}[0m\(marker)\(last)"
        }
        let newText = Self.makeCString(text)
        promptText.deallocate()
        promptText = newText
    }

    /// Copies `text` into a newly allocated NUL-terminated buffer.
    private static func makeCString(_ text: String) -> UnsafeMutablePointer<CChar> {
        let bytes = text.utf8CString
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        bytes.withUnsafeBufferPointer { source in
            if let base = source.baseAddress {
                buffer.initialize(from: base, count: source.count)
            } else {
                buffer.initialize(to: 0)
            }
        }
        return buffer
    }

    /// The reader whose editor called back, found through EL_CLIENTDATA.
    fileprivate static func reader(of editLine: OpaquePointer?) -> EditLineReader? {
        guard let editLine, let data = clibedit_get_clientdata(editLine) else {
            return nil
        }
        return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
    }

    /// The prompt C string for libedit's prompt callback.
    fileprivate var promptForCallback: UnsafeMutablePointer<CChar> {
        promptText
    }

    // MARK: - Completion

    /// Runs Tab completion on the line being edited and returns libedit's CC_ code.
    fileprivate func completeWord(in editLine: OpaquePointer) -> UInt8 {
        guard let completer, let info = clibedit_line(editLine)?.pointee, let buffer = info.buffer,
            let cursor = info.cursor
        else {
            return UInt8(truncatingIfNeeded: CC_REFRESH_BEEP)
        }
        let length = buffer.distance(to: cursor)
        guard length >= 0 else {
            return UInt8(truncatingIfNeeded: CC_REFRESH_BEEP)
        }
        let lineBeforeCursor = String(decoding: UnsafeRawBufferPointer(start: buffer, count: length), as: UTF8.self)
        switch CompletionAction.forLine(lineBeforeCursor, candidates: completer(lineBeforeCursor)) {
        case .none:
            return UInt8(truncatingIfNeeded: CC_REFRESH_BEEP)
        case .edit(let deleteCount, let text):
            if deleteCount > 0 {
                clibedit_deletestr(editLine, Int32(clamping: deleteCount))
            }
            guard text.isEmpty || clibedit_insertstr(editLine, text) == 0 else {
                return UInt8(truncatingIfNeeded: CC_REFRESH_BEEP)
            }
            return UInt8(truncatingIfNeeded: CC_REFRESH)
        case .list(let candidates):
            writeOutput("\n" + CompletionAction.listing(of: candidates, width: terminalColumns()) + "\n")
            return UInt8(truncatingIfNeeded: CC_REDISPLAY)
        }
    }

    /// The width of the output terminal, 80 when it cannot be told.
    private func terminalColumns() -> Int {
        var size = winsize()
        guard let outputStream, ioctl(fileno(outputStream), UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
            return 80
        }
        return Int(size.ws_col)
    }

    /// Writes `text` to the editor's output stream right away.
    private func writeOutput(_ text: String) {
        guard let outputStream else {
            return
        }
        fputs(text, outputStream)
        fflush(outputStream)
    }

    // MARK: - Reading keys

    /// Reads one character for libedit, waking up for ``onWake`` meanwhile: 1 with `character` set, 0 at
    /// end of input, -1 on an error.
    ///
    /// Reads from libedit's own input descriptor, so a SIGINT, which points it at an end-of-file pipe,
    /// ends the line as before; other signals (a window resize) only interrupt the wait, which goes on.
    fileprivate func readCharacter(_ editLine: OpaquePointer, into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        if let text = initialText {
            // The text to edit in place goes on the line before the first key, inserted, not typed.
            // el_gets has drawn the prompt, and the cursor is after it; EL_REFRESH redraws the
            // prompt and the line from the start of the cursor's line, so the cursor goes there
            // first (else the prompt shows twice and libedit's idea of the columns is off by one
            // prompt, so later changes show at the wrong place).
            initialText = nil
            if !text.isEmpty, clibedit_insertstr(editLine, text) == 0 {
                writeOutput("\r")
                _ = clibedit_refresh(editLine)
            }
        }
        while true {
            var descriptor = pollfd(fd: editorInputDescriptor, events: Int16(POLLIN), revents: 0)
            let timeout = wakeDelay?().map { Int32(clamping: Int((max($0, 0) * 1000).rounded(.up))) } ?? -1
            let ready = poll(&descriptor, 1, timeout)
            if ready < 0 {
                guard errno == EINTR else { return -1 }
                continue
            }
            if ready == 0 {
                wake(editLine)
                continue
            }
            guard let first = readByte() else { return 0 }
            guard let lead = first else { continue }
            var bytes = [lead]
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            while bytes.count < length, case .some(.some(let next)) = readByte() {
                bytes.append(next)
                if next & 0xC0 != 0x80 { break }
            }
            let scalar = String(decoding: bytes, as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
            character.pointee = wchar_t(bitPattern: scalar.value)
            return 1
        }
    }

    /// One byte from libedit's input: nil at end of input or on an error, `.some(nil)` when a signal
    /// interrupted the read (try again).
    private func readByte() -> UInt8?? {
        var byte: UInt8 = 0
        let count = Glibc.read(editorInputDescriptor, &byte, 1)
        if count == 1 { return .some(byte) }
        if count < 0, errno == EINTR { return .some(nil) }
        return nil
    }

    /// Prints what ``onWake`` returns above the line being edited, takes a changed ``currentPrompt``,
    /// and draws the line again.
    private func wake(_ editLine: OpaquePointer) {
        let lines = onWake?() ?? []
        let prompt = currentPrompt?()
        let promptChanged = prompt.map { $0 != shownPrompt } ?? false
        guard !lines.isEmpty || promptChanged else { return }
        if promptChanged, let prompt { setPrompt(prompt) }
        // The terminal is in raw mode: return to the start of the line, clear it, and end each line
        // with CR LF; libedit then redraws its prompt and line from where the cursor is.
        writeOutput("\r\u{1B}[K" + lines.map { $0 + "\r\n" }.joined())
        _ = clibedit_refresh(editLine)
    }

    // MARK: - History file

    /// Adds `line` to ``historyFile``, keeping the lines other sessions added meanwhile, and records
    /// any failure in ``historySaveError``.
    private func saveHistory(adding line: String) {
        guard let historyFile else {
            return
        }
        historySaveError = HistoryFileWriter.append([line], to: historyFile, limit: historyLimit)
    }
}

/// libedit's prompt callback: the prompt of the reader that owns `editLine`.
private func editLinePrompt(_ editLine: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    EditLineReader.reader(of: editLine)?.promptForCallback ?? clibedit_empty_prompt()
}

/// libedit's `complete-word` command: Tab completion through the owning reader's completer.
private func editLineCompleteWord(_ editLine: OpaquePointer?, _ key: Int32) -> UInt8 {
    guard let editLine, let reader = EditLineReader.reader(of: editLine) else {
        return UInt8(truncatingIfNeeded: CC_ERROR)
    }
    return reader.completeWord(in: editLine)
}

/// libedit's read function: the owning reader's `readCharacter`.
private func editLineReadCharacter(_ editLine: OpaquePointer?, _ character: UnsafeMutablePointer<wchar_t>?) -> Int32 {
    guard let editLine, let character, let reader = EditLineReader.reader(of: editLine) else {
        return -1
    }
    return reader.readCharacter(editLine, into: character)
}

/// libedit's `interrupt-line` command (Ctrl-C): ends el_gets without a line and marks it as interrupted.
private func editLineInterrupt(_ editLine: OpaquePointer?, _ key: Int32) -> UInt8 {
    EditLineReader.reader(of: editLine)?.interruptRequested = true
    return UInt8(truncatingIfNeeded: CC_EOF)
}

/// libedit's `suspend` command (Ctrl-Z): stops the process group as the terminal would.
///
/// libedit's SIGTSTP handler (EL_SIGNAL), then the reader's (shim.h), give the shell the terminal as it
/// was before the program started; libedit's SIGCONT handler puts the editor back and redraws the line
/// when the program is resumed.
private func editLineSuspend(_ editLine: OpaquePointer?, _ key: Int32) -> UInt8 {
    kill(0, SIGTSTP)
    return UInt8(truncatingIfNeeded: CC_REFRESH)
}
