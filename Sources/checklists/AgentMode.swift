import ChecklistKit
import LineEditor

/// Serves the checklists to an agent host over MCP (SPEC §16): a JSON-RPC message a line on
/// standard input, the answers on standard output, notices on standard error; ends at the end of input.
struct AgentMode {
    let server: AgentServer

    /// Answers every line until standard input ends; bad input is answered and reading goes on.
    func run() -> ExitStatus {
        let reader = PlainLineReader(fileDescriptor: 0)
        while true {
            let answer: (response: [UInt8]?, notices: [String])
            switch reader.read(prompt: "") {
            case .endOfInput:
                Output.flush()
                return .success
            case .interrupted:
                continue
            case .rejected(let reason):
                answer = (server.answer(Array(reason.utf8)).response, [reason])
            case .line(let line):
                guard !line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) else { continue }
                answer = server.answer(Array(line.utf8))
            }
            for notice in answer.notices { Output.error("checklists mcp: " + notice) }
            if let response = answer.response { Output.message(response) }
        }
    }
}
