import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A TCP port on 127.0.0.1 that takes connections and never answers: a git or CalDAV server
/// hung behind a load balancer. The kernel completes each connection from its backlog; nothing
/// is ever read or written. It closes when this object goes.
final class SilentListener {
    /// The port it listens on.
    let port: Int
    private let socket: Int32

    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(socket >= 0, "socket: \(errno)")
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(bound == 0 && listen(socket, 64) == 0, "bind or listen: \(errno)")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        self.socket = socket
    }

    deinit {
        close(socket)
    }
}
