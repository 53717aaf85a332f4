#pragma once
// Edit > Clip > Layer on base...: an additive or relative animation played on another animation's
// pose (core/playback/layering.h), its weight, "Bake to absolute" (one undo step) and clearing the base.
#include <QString>

#include "core/playback/layering.h"

class QMenu;
class QWidget;

namespace bonescope::gui {

class Document;

// Asks for a file, then for its animation (or a held frame) and the weight; sets the document's base.
void layerOnBase(QWidget* parent, Document* doc);
// Replaces the animation with the layered result as plain absolute keys, one per frame (undoable).
// The base stays set, so the pose drawn does not change; undo gives back the additive.
void bakeToAbsoluteEdit(Document* doc);
// The three actions, enabled as the document's base allows.
void addBaseLayerActions(QMenu* menu, Document* doc, QWidget* parent);
// How the timeline and the properties name a base: "walk.seanim:run, weight 0.5" (and the frame held).
QString baseLayerText(const BaseLayer& base);

} // namespace bonescope::gui
