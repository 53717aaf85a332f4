#pragma once
// SHA-256 of bytes handed over a piece at a time while a file is read, computed on a thread of its
// own so that the reading does not wait for it (hashing a 100 MB file takes as long as parsing it).
// The pieces are copied: at most kMaxQueued bytes wait at once, and add() waits beyond that, so a
// big file is never held whole for its hash.
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <span>
#include <thread>
#include <vector>

#include <QByteArray>
#include <QCryptographicHash>

namespace bonescope::gui {

class BackgroundHash {
public:
    static constexpr size_t kMaxQueued = size_t(8) << 20;

    BackgroundHash();
    ~BackgroundHash(); // drops what is queued: a read that failed needs no hash
    BackgroundHash(const BackgroundHash&) = delete;
    BackgroundHash& operator=(const BackgroundHash&) = delete;

    // From one thread at a time (the reader's).
    void add(std::span<const uint8_t> bytes);
    // The hash of everything added, once it is all hashed. Call once.
    QByteArray result();

private:
    void run();
    void stop(bool drop);

    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::vector<uint8_t>> queue_, spare_;
    size_t queued_ = 0;
    bool finishing_ = false;
    QCryptographicHash hash_{QCryptographicHash::Sha256};
    std::thread thread_;
};

} // namespace bonescope::gui
