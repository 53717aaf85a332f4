#pragma once
// The timeline dock: transport buttons, loop and speed, the current frame (typed: Enter goes there)
// and time, and the ruler.
#include <QWidget>

class QLabel;
class QLineEdit;
class QToolButton;
class QDoubleSpinBox;

namespace bonescope::gui {

class Document;
class PlaybackController;
class TimelineRuler;

class TimelineWidget : public QWidget {
    Q_OBJECT
public:
    TimelineWidget(Document* doc, PlaybackController* playback, QWidget* parent = nullptr);
    TimelineRuler* ruler() const { return ruler_; }
    QString positionText() const; // what the label after the frame counter shows
    QLineEdit* frameField() const { return frame_; }
    // Puts an editor strip (the dope sheet) under the ruler, on the same time axis.
    void addBelowRuler(QWidget* w);
    QDoubleSpinBox* speedBox() const { return speed_; }

signals:
    void message(const QString& text); // for the status bar: a typed frame out of range

protected:
    // Space, Home and End typed in the Speed box or the frame counter go to the playback keys (the box only holds a number).
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    QToolButton* button(const QString& text, const QString& tip, void (PlaybackController::*slot)());
    void refresh();
    void goToTypedFrame();

    Document* doc_;
    PlaybackController* playback_;
    TimelineRuler* ruler_;
    QLabel* base_; // the base the animation is layered on, hidden when none
    QLineEdit* frame_;
    QLabel* position_;
    QToolButton* play_;
    QToolButton* loop_;
    QDoubleSpinBox* speed_;
};

} // namespace bonescope::gui
