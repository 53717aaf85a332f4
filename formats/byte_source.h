#pragma once
// Bytes read on demand from where they live (an open file, or memory in tests), for readers that
// must not hold a whole big file at once (PieceReader).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace bonescope {

class ByteSource {
public:
    virtual ~ByteSource() = default;
    virtual uint64_t size() const = 0;
    // Exactly n bytes at `offset` (offset + n <= size()); throws if they cannot be had.
    virtual void readAt(uint64_t offset, uint8_t* out, size_t n) = 0;
    // How many bytes a reader should ask for at a time (0: the reader's own choice).
    virtual size_t pieceSize() const { return 0; }
};

// Bytes already in memory: what tests use to read the same bytes whole and in pieces of any size.
class MemorySource : public ByteSource {
public:
    explicit MemorySource(std::span<const uint8_t> bytes, size_t piece = 0) : bytes_(bytes), piece_(piece) {}
    uint64_t size() const override { return bytes_.size(); }
    void readAt(uint64_t offset, uint8_t* out, size_t n) override;
    size_t pieceSize() const override { return piece_; }

private:
    std::span<const uint8_t> bytes_;
    size_t piece_;
};

// Small reads (headers, names) served from a few kilobytes read ahead of them, bigger reads passed
// on for what the window does not hold: a parser that walks many small headers costs a read of the
// source per few kilobytes of them, not one per header, and reads each byte about once.
class ReadAheadSource : public ByteSource {
public:
    static constexpr size_t Ahead = 4096;
    explicit ReadAheadSource(ByteSource& source) : source_(source) {}
    uint64_t size() const override { return source_.size(); }
    size_t pieceSize() const override { return source_.pieceSize(); }
    void readAt(uint64_t offset, uint8_t* out, size_t n) override;

private:
    size_t heldFrom(uint64_t offset) const; // bytes the window holds from `offset` on

    ByteSource& source_;
    uint8_t ahead_[Ahead];
    uint64_t start_ = 0; // file offset of ahead_[0]
    size_t held_ = 0;
};

// Shown bytes of a file in order, each once (a span is valid during its call only).
using ReadWatcher = std::function<void(std::span<const uint8_t>)>;

// A source that shows a watcher each byte of another once, in order, whatever order a reader reads
// in: what a read takes beyond the bytes shown so far, a stretch it skipped (read again for the
// watcher), and at finish() whatever it left at the end.
class WatchedSource : public ByteSource {
public:
    WatchedSource(ByteSource& source, const ReadWatcher& watch) : source_(source), watch_(watch) {}
    uint64_t size() const override { return source_.size(); }
    size_t pieceSize() const override { return source_.pieceSize(); }
    void readAt(uint64_t offset, uint8_t* out, size_t n) override;
    void finish() { showUpTo(size()); }

private:
    void showUpTo(uint64_t end);

    ByteSource& source_;
    const ReadWatcher& watch_;
    uint64_t shown_ = 0;
    std::vector<uint8_t> spare_;
};

} // namespace bonescope
