#pragma once
// Export's file naming and format choice: the name offered (the document's base name), the filters
// (every writable format), and which format a path chosen in the dialog gets. The typed extension
// wins when a writable format writes it; a name a format reads but does not write (.fbx: glTF is
// written as .glb) gets none; otherwise the chosen filter's format, and its suffix is added.
#include <string>
#include <vector>

#include <QString>

#include "app/gui/saving/export_destination.h"

class QWidget;

namespace bonescope {
class Format;
}

namespace bonescope::gui {

// Every format Bonescope writes, in the registry's order (Export offers them all).
std::vector<const Format*> writableFormats();

// `documentPath`'s folder and base name with `format`'s written extension ("walk.anim" -> "walk.bvh").
QString suggestedExportPath(const QString& documentPath, const Format& format);

struct ExportTarget {
    const Format* format = nullptr; // null: no writable format fits
    QString path;                   // with the format's suffix when the name had none it claims
    // The destination chosen in the dialog when its format writes the name, else the name's format's
    // own id (a typed .smd with "Second Life .anim" selected is plain SMD).
    std::string destination;
};
// `chosen`: the format of the filter picked in the dialog (null when exporting without one).
ExportTarget exportTarget(const QString& path, const Format* chosen);

// A save dialog offering `formats` (`initial`'s filter selected, `suggestedExportPath` as the name):
// the typed name's format (exportTarget) and path, with the selected filter's suffix added to a name
// typed without one. Asks before replacing a file when the name's format is one offered; a name of
// another format is returned with that format unasked, for the caller to refuse. An empty path when
// cancelled; a null format with the typed path when no writable format fits the name.
ExportTarget askSaveTarget(QWidget* parent, const QString& title, const QString& documentPath,
                           const std::vector<const Format*>& formats, const Format* initial);

// The same over destinations (exportDestinations()): `initial` is a destination's id.
ExportTarget askDestination(QWidget* parent, const QString& title, const QString& documentPath,
                            const std::vector<ExportDestination>& destinations, const std::string& initial);

// The Export dialog: every destination and format, the destination (or format) of id `preferred`
// selected, the selected filter's suffix added to a name typed without one (asking before replacing a
// file of that name). An empty path when cancelled.
ExportTarget askExportTarget(QWidget* parent, const QString& documentPath, const std::string& preferred);

} // namespace bonescope::gui
