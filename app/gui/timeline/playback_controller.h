#pragma once
// Plays the document's animation: forwards or backwards, at a speed, looping or stopping at the end,
// and moves by frames and keys. A QTimer ticks; the time advanced is the real elapsed time, so the
// speed holds whatever the frame rate. advance() is public so tests drive it without a clock.
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

    // The range playback covers: the loop range (Second Life loop in/out) when looping, else all.
    std::pair<double, double> playRange() const;

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
    void firstFrame();
    void lastFrame();
    void advance(double seconds); // real seconds; speed and direction apply

signals:
    void playingChanged(bool playing);
    void loopChanged(bool on);
    void speedChanged(double factor);

private:
    void start(int direction);
    void tick();

    Document* doc_;
    QTimer timer_;
    QElapsedTimer clock_;
    int direction_ = 0;
    bool loop_ = true;
    double speed_ = 1.0;
};

} // namespace bonescope::gui
