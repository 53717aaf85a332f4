#pragma once
// A value field (spin box, drop-down list) under the pointer took the mouse wheel meant to scroll the
// panel it sits in: a first-use pass changed a Second Life ease-in from 0.2 to 0.05 and a loop's end
// past the clip's without noticing, and the field, focused by the wheel, then kept Ctrl+Z for its own
// text. A field takes the wheel only once it has the keyboard focus (clicked or tabbed into); until
// then the wheel scrolls the panel around it.
namespace bonescope::gui {

// Installs the rule for every field of the application. Once per application.
void keepWheelForFocusedFields();

} // namespace bonescope::gui
