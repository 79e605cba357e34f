/// A growable array of plain values in memory it owns, for the property list writer's hot paths.
///
/// Unlike `Array`, appending costs no copy-on-write check (it is noncopyable, so nothing can
/// share it) and needs no zero-filled room to write into. Reads and writes are bounds-checked.
struct RawBuffer<Element: BitwiseCopyable>: ~Copyable {
    /// The first element; valid up to `capacity`, initialized up to `count`.
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    /// Creates an empty buffer with room for `capacity` elements.
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The element at `index`, which must be below `count`.
    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "RawBuffer index out of range")
            return base[index]
        }
        nonmutating set {
            precondition(index >= 0 && index < count, "RawBuffer index out of range")
            base[index] = newValue
        }
    }

    /// Appends one element.
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(toHold: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Appends `extra` elements, each `element`.
    mutating func append(repeating element: Element, count extra: Int) {
        if capacity - count < extra { grow(toHold: count + extra) }
        (base + count).initialize(repeating: element, count: extra)
        count += extra
    }

    /// Makes room for `extra` more elements, counts them as written, and returns where they
    /// start: the caller must write all of them before reading any.
    @inline(__always)
    mutating func extend(by extra: Int) -> UnsafeMutablePointer<Element> {
        if capacity - count < extra { grow(toHold: count + extra) }
        let start = base + count
        count += extra
        return start
    }

    /// A second buffer with the same elements.
    func copy() -> RawBuffer<Element> {
        var copy = RawBuffer(capacity: capacity)
        copy.extend(by: count).update(from: base, count: count)
        return copy
    }

    /// Forgets the elements from `newCount` on.
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "RawBuffer truncated beyond its end")
        count = newCount
    }

    /// The elements as a buffer pointer, valid until the next change of the buffer.
    var elements: UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base, count: count)
    }

    private mutating func grow(toHold needed: Int) {
        var newCapacity = 2 * capacity
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
