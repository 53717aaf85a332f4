#pragma once
// A one-line label that shows as much of its text as fits, with "…" in the middle, instead of
// cutting it at an edge (the timeline's "while sit (priority 3): joints in red follow it" lost its
// start at 1280 pixels). text() and the tooltip keep the whole text.
#include <QLabel>

namespace bonescope::gui {

class ElidedLabel : public QLabel {
public:
    using QLabel::QLabel;

protected:
    void paintEvent(QPaintEvent* e) override;
};

} // namespace bonescope::gui
