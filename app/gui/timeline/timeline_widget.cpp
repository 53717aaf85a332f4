#include "app/gui/timeline/timeline_widget.h"
#include "app/gui/timeline/elided_label.h"

#include <algorithm>

#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>
#include <QToolButton>
#include <QVBoxLayout>

#include "app/gui/dialogs/base_layer_action.h"
#include "app/gui/document/document.h"
#include "app/gui/timeline/playback_controller.h"
#include "app/gui/timeline/timeline_ruler.h"

namespace bonescope::gui {

TimelineWidget::TimelineWidget(Document* doc, PlaybackController* playback, QWidget* parent)
    : QWidget(parent), doc_(doc), playback_(playback), ruler_(new TimelineRuler(doc, this))
{
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 2);
    bar->addWidget(button("|◀", tr("First frame (Home)"), &PlaybackController::firstFrame));
    bar->addWidget(button("◆◀", tr("Previous key (Down)"), &PlaybackController::previousKey));
    bar->addWidget(button("◀|", tr("Step back one frame (Left)"), &PlaybackController::stepBackward));
    bar->addWidget(button("◀", tr("Play backwards"), &PlaybackController::playBackwards));
    play_ = button("▶", tr("Play / pause (Space)"), &PlaybackController::togglePlay);
    // As wide as its wider face: the buttons to its right must not shift when play turns to pause.
    play_->setText("❚❚");
    const int pauseWidth = play_->sizeHint().width();
    play_->setText("▶");
    play_->setFixedWidth(std::max(pauseWidth, play_->sizeHint().width()));
    bar->addWidget(play_);
    bar->addWidget(button("|▶", tr("Step forward one frame (Right)"), &PlaybackController::stepForward));
    bar->addWidget(button("▶◆", tr("Next key (Up)"), &PlaybackController::nextKey));
    bar->addWidget(button("▶|", tr("Last frame (End)"), &PlaybackController::lastFrame));

    loop_ = new QToolButton(this);
    loop_->setText(tr("Loop"));
    loop_->setCheckable(true);
    loop_->setChecked(playback_->loop());
    loop_->setToolTip(tr("Loop playback (over the loop range when the animation has one)"));
    connect(loop_, &QToolButton::toggled, playback_, &PlaybackController::setLoop);
    connect(playback_, &PlaybackController::loopChanged, loop_, &QToolButton::setChecked);
    bar->addWidget(loop_);

    speed_ = new QDoubleSpinBox(this);
    speed_->setRange(0.1, 4.0);
    speed_->setSingleStep(0.1);
    speed_->setDecimals(2);
    speed_->setSuffix("x");
    speed_->setValue(playback_->speed());
    speed_->setToolTip(tr("Playback speed"));
    connect(speed_, &QDoubleSpinBox::valueChanged, playback_, &PlaybackController::setSpeed);
    connect(playback_, &PlaybackController::speedChanged, speed_, &QDoubleSpinBox::setValue);
    speed_->installEventFilter(this);
    // Return ends the edit and gives the keys back to the window.
    connect(speed_, &QDoubleSpinBox::editingFinished, speed_, [this] { speed_->clearFocus(); });
    bar->addWidget(new QLabel(tr("Speed"), this));
    bar->addWidget(speed_);
    bar->addStretch();
    base_ = new ElidedLabel(this);
    base_->setObjectName("timelineBase");
    // A long name is cut rather than widening the window; the tooltip holds it whole.
    base_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    base_->setMinimumWidth(0);
    base_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    bar->addWidget(base_, 1);
    frame_ = new QLineEdit(this);
    frame_->setObjectName("frameField");
    frame_->setValidator(new QRegularExpressionValidator(QRegularExpression("-?[0-9]{0,19}"), frame_));
    frame_->setAlignment(Qt::AlignRight);
    frame_->installEventFilter(this);
    connect(frame_, &QLineEdit::returnPressed, this, &TimelineWidget::goToTypedFrame);
    connect(frame_, &QLineEdit::editingFinished, this, &TimelineWidget::refresh); // left unentered: shows the frame again
    position_ = new QLabel(this);
    position_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont mono = position_->font();
    mono.setFamily("monospace");
    position_->setFont(mono);
    frame_->setFont(mono);
    bar->addWidget(new QLabel(tr("frame"), this));
    bar->addWidget(frame_);
    bar->addWidget(position_);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(ruler_);

    ruler_->setPlayback(playback_);
    connect(ruler_, &TimelineRuler::scrubStarted, playback_, &PlaybackController::pause);
    connect(doc_, &Document::timeChanged, this, &TimelineWidget::refresh);
    connect(doc_, &Document::sceneChanged, this, &TimelineWidget::refresh);
    connect(playback_, &PlaybackController::playingChanged, this, &TimelineWidget::refresh);
    refresh();
}

bool TimelineWidget::eventFilter(QObject* watched, QEvent* e)
{
    if ((watched == speed_ || watched == frame_) && e->type() == QEvent::ShortcutOverride) {
        const int key = static_cast<QKeyEvent*>(e)->key();
        if (key == Qt::Key_Space || key == Qt::Key_Home || key == Qt::Key_End)
            return true; // not taken by the box: the window's shortcut runs
    }
    return QWidget::eventFilter(watched, e);
}

void TimelineWidget::addBelowRuler(QWidget* w) { static_cast<QVBoxLayout*>(layout())->addWidget(w, 1); }

QToolButton* TimelineWidget::button(const QString& text, const QString& tip, void (PlaybackController::*slot)())
{
    auto* b = new QToolButton(this);
    b->setText(text);
    b->setToolTip(tip);
    b->setAutoRaise(true);
    b->setMinimumWidth(32);
    connect(b, &QToolButton::clicked, playback_, slot);
    return b;
}

void TimelineWidget::goToTypedFrame()
{
    bool ok = false;
    const long long typed = frame_->text().toLongLong(&ok);
    const long long last = doc_->lastFrame();
    // Beyond what a long long holds is past the end too (the validator lets only digits through).
    const long long f = !ok ? (frame_->text().startsWith('-') ? 0 : last) : std::clamp<long long>(typed, 0, last);
    if (!ok || f != typed)
        emit message(tr("Frame %1 is outside 0 to %2: went to frame %3").arg(frame_->text()).arg(last).arg(f));
    playback_->pause();
    doc_->setTime(doc_->timeOfFrame(f));
    frame_->clearFocus(); // the keys go back to the window
    refresh();
}

QString TimelineWidget::positionText() const
{
    return tr("/ %1   %2 s / %3 s   %4 fps")
        .arg(doc_->lastFrame())
        .arg(doc_->time(), 0, 'f', 3)
        .arg(doc_->duration(), 0, 'f', 3)
        .arg(doc_->fps(), 0, 'g', 4);
}

void TimelineWidget::refresh()
{
    if (!frame_->hasFocus()) // not while a frame is being typed
        frame_->setText(QString::number(doc_->frame()));
    // Wide enough for the last frame's number.
    frame_->setFixedWidth(frame_->fontMetrics().horizontalAdvance(QString::number(doc_->lastFrame()) + "00") + 8);
    position_->setText(positionText());
    position_->setToolTip(tr("Current frame and time, at %1").arg(doc_->frameRateText()));
    frame_->setToolTip(tr("The current frame, at %1: type a frame and press Enter to go there").arg(doc_->frameRateText()));
    const BaseLayer* base = doc_->baseLayer();
    const PriorityBase* preview = doc_->previewBase();
    base_->setVisible(base || preview);
    if (base)
        base_->setText(tr("on base %1   ").arg(baseLayerText(*base)));
    else if (preview)
        base_->setText(tr("while %1 (priority %2): joints in red follow it   ")
                           .arg(QFileInfo(QString::fromStdString(preview->label)).fileName())
                           .arg(preview->priorities.motion));
    else
        base_->clear();
    base_->setToolTip(base_->text());
    play_->setText(playback_->isPlaying() ? "❚❚" : "▶");
}

} // namespace bonescope::gui
