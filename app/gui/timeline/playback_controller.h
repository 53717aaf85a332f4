#pragma once
// Plays the document's animation: forwards or backwards, at a speed, looping or stopping at the end,
// and moves by frames and keys. A QTimer ticks; the time advanced is the real elapsed time, so the
// speed holds whatever the frame rate. advance() is public so tests drive it without a clock.
// The preview range (as Blender's) is a view setting: playback, looping and Home/End stay inside
// it; it is never saved nor an edit, and a new scene clears it.
#include <optional>
#include <utility>

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace bonescope::gui {

class Document;

class PlaybackController : public QObject {
    Q_OBJECT
public:
    explicit PlaybackController(Document* doc, QObject* parent = nullptr);

    bool isPlaying() const { return direction_ != 0; }
    int direction() const { return direction_; } // 1 forwards, -1 backwards, 0 paused
    bool loop() const { return loop_; }
    double speed() const { return speed_; }

    // The range playback covers: the preview range when set; else the loop range (Second Life loop
    // in/out) when looping; else all.
    std::pair<double, double> playRange() const;
    // [start, end] seconds, inside the animation; none when not set.
    std::optional<std::pair<double, double>> previewRange() const;

public slots:
    void play();
    void playBackwards();
    void pause();
    void togglePlay();
    void setLoop(bool on);
    void setSpeed(double factor); // clamped to 0.1 .. 4
    void stepForward();
    void stepBackward();
    void nextKey();     // of the selected bones, or of every track when none is selected
    void previousKey();
    void firstFrame(); // the preview range's start while one is set
    void lastFrame();
    // At the current frame; the other end moves along when it would cross.
    void setPreviewStart();
    void setPreviewEnd();
    void clearPreviewRange();
    void advance(double seconds); // real seconds; speed and direction apply

signals:
    void playingChanged(bool playing);
    void loopChanged(bool on);
    void speedChanged(double factor);
    void previewRangeChanged();

private:
    void start(int direction);
    void tick();

    Document* doc_;
    QTimer timer_;
    QElapsedTimer clock_;
    int direction_ = 0;
    bool loop_ = true;
    double speed_ = 1.0;
    std::optional<std::pair<double, double>> preview_;
};

} // namespace bonescope::gui
