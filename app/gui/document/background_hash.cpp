#include "app/gui/document/background_hash.h"

#include <algorithm>

namespace bonescope::gui {

namespace {
constexpr size_t kPiece = size_t(1) << 20;
}

BackgroundHash::BackgroundHash() : thread_([this] { run(); }) {}

BackgroundHash::~BackgroundHash() { stop(true); }

void BackgroundHash::add(std::span<const uint8_t> bytes)
{
    while (!bytes.empty()) {
        const size_t n = std::min(bytes.size(), kPiece);
        std::vector<uint8_t> piece;
        {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [&] { return queued_ + n <= kMaxQueued || queued_ == 0; });
            queued_ += n;
            if (!spare_.empty()) {
                piece = std::move(spare_.front());
                spare_.pop_front();
            }
        }
        piece.assign(bytes.begin(), bytes.begin() + std::ptrdiff_t(n)); // copied while the hash runs on
        {
            std::lock_guard lock(mutex_);
            queue_.push_back(std::move(piece));
        }
        changed_.notify_all();
        bytes = bytes.subspan(n);
    }
}

QByteArray BackgroundHash::result()
{
    stop(false);
    return hash_.result();
}

void BackgroundHash::stop(bool drop)
{
    {
        std::lock_guard lock(mutex_);
        finishing_ = true;
        if (drop) {
            for (const std::vector<uint8_t>& piece : queue_)
                queued_ -= piece.size();
            queue_.clear();
        }
    }
    changed_.notify_all();
    if (thread_.joinable())
        thread_.join();
}

void BackgroundHash::run()
{
    std::unique_lock lock(mutex_);
    for (;;) {
        changed_.wait(lock, [&] { return !queue_.empty() || finishing_; });
        if (queue_.empty())
            return; // finishing, all hashed
        std::vector<uint8_t> piece = std::move(queue_.front());
        queue_.pop_front();
        lock.unlock();
        hash_.addData(QByteArrayView(reinterpret_cast<const char*>(piece.data()), qsizetype(piece.size())));
        lock.lock();
        queued_ -= piece.size();
        if (spare_.size() < 2)
            spare_.push_back(std::move(piece));
        changed_.notify_all();
    }
}

} // namespace bonescope::gui
