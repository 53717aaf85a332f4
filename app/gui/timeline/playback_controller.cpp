#include "app/gui/timeline/playback_controller.h"

#include <algorithm>
#include <cmath>

#include "app/gui/document/document.h"

namespace bonescope::gui {

PlaybackController::PlaybackController(Document* doc, QObject* parent) : QObject(parent), doc_(doc)
{
    timer_.setTimerType(Qt::PreciseTimer);
    timer_.setInterval(15);
    connect(&timer_, &QTimer::timeout, this, &PlaybackController::tick);
    connect(doc_, &Document::sceneChanged, this, &PlaybackController::pause);
    connect(doc_, &Document::sceneChanged, this, &PlaybackController::clearPreviewRange);
}

std::optional<std::pair<double, double>> PlaybackController::previewRange() const
{
    if (!preview_)
        return std::nullopt;
    // An edit (trim, time scale) may have shortened the animation since the range was set.
    const double end = std::max(0.0, doc_->duration());
    const double lo = std::clamp(preview_->first, 0.0, end);
    return std::pair{lo, std::clamp(preview_->second, lo, end)};
}

void PlaybackController::setPreviewStart()
{
    const double t = doc_->time();
    preview_ = {t, std::max(t, preview_ ? preview_->second : doc_->duration())};
    emit previewRangeChanged();
}

void PlaybackController::setPreviewEnd()
{
    const double t = doc_->time();
    preview_ = {std::min(t, preview_ ? preview_->first : 0.0), t};
    emit previewRangeChanged();
}

void PlaybackController::clearPreviewRange()
{
    if (!preview_)
        return;
    preview_.reset();
    emit previewRangeChanged();
}

std::pair<double, double> PlaybackController::playRange() const
{
    if (const auto preview = previewRange())
        return *preview;
    const double end = std::max(0.0, doc_->duration());
    const auto& range = doc_->animation().loopRange;
    if (loop_ && range && range->out > range->in && range->in >= 0 && range->out <= end)
        return {range->in, range->out};
    return {0.0, end};
}

void PlaybackController::start(int direction)
{
    if (direction_ == direction)
        return;
    const bool was = isPlaying();
    direction_ = direction;
    // Starting at the end going forwards (or at the start going backwards) replays from the other
    // end; so does starting outside the range (a preview range set elsewhere).
    const auto [lo, hi] = playRange();
    const double t = doc_->time();
    if (direction > 0 && (t >= hi || t < lo))
        doc_->setTime(lo);
    if (direction < 0 && (t <= lo || t > hi))
        doc_->setTime(hi);
    clock_.start();
    timer_.start();
    if (!was)
        emit playingChanged(true);
}

void PlaybackController::play() { start(1); }
void PlaybackController::playBackwards() { start(-1); }

void PlaybackController::pause()
{
    if (!isPlaying())
        return;
    direction_ = 0;
    timer_.stop();
    // Onto the frame the counter shows: playback stops between frames, and a key inserted there
    // (I) landed at frame 4.516 while the counter said 5.
    doc_->setTime(doc_->timeOfFrame(doc_->frame()));
    emit playingChanged(false);
}

void PlaybackController::togglePlay()
{
    if (isPlaying())
        pause();
    else
        play();
}

void PlaybackController::setLoop(bool on)
{
    if (on == loop_)
        return;
    loop_ = on;
    emit loopChanged(on);
}

void PlaybackController::setSpeed(double factor)
{
    factor = std::clamp(factor, 0.1, 4.0);
    if (factor == speed_)
        return;
    speed_ = factor;
    emit speedChanged(factor);
}

void PlaybackController::tick()
{
    const double dt = double(clock_.nsecsElapsed()) * 1e-9;
    clock_.restart();
    advance(dt);
}

void PlaybackController::advance(double seconds)
{
    if (!isPlaying())
        return;
    const auto [lo, hi] = playRange();
    double t = doc_->time() + direction_ * speed_ * seconds;
    const double len = hi - lo;
    if (t > hi || t < lo) {
        if (loop_ && len > 0) {
            t = lo + std::fmod(std::fmod(t - lo, len) + len, len);
        } else {
            t = std::clamp(t, lo, hi);
            doc_->setTime(t);
            pause();
            return;
        }
    }
    doc_->setTime(t);
}

void PlaybackController::stepForward()
{
    pause();
    doc_->setTime(doc_->timeOfFrame(doc_->frame() + 1));
}

void PlaybackController::stepBackward()
{
    pause();
    doc_->setTime(doc_->timeOfFrame(doc_->frame() - 1));
}

void PlaybackController::nextKey()
{
    pause();
    const auto keys = doc_->keyTimes(doc_->selection());
    const double now = doc_->time() + 1e-6;
    auto it = std::upper_bound(keys.begin(), keys.end(), now);
    if (it != keys.end())
        doc_->setTime(*it);
}

void PlaybackController::previousKey()
{
    pause();
    const auto keys = doc_->keyTimes(doc_->selection());
    const double now = doc_->time() - 1e-6;
    auto it = std::lower_bound(keys.begin(), keys.end(), now);
    if (it != keys.begin())
        doc_->setTime(*std::prev(it));
}

void PlaybackController::firstFrame()
{
    pause();
    doc_->setTime(preview_ ? previewRange()->first : 0.0);
}

void PlaybackController::lastFrame()
{
    pause();
    doc_->setTime(preview_ ? previewRange()->second : doc_->duration());
}

} // namespace bonescope::gui
