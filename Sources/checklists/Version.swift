/// The program's version: the one place it is written (the Makefile, the manual page and the
/// Debian package read it from here).
enum Version {
    static let number = "0.2.0"
}
