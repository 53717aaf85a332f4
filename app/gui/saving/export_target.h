#pragma once
// Export's file naming and format choice: the name offered (the document's base name), the filters
// (every writable format), and which format a path chosen in the dialog gets. The typed extension
// wins when a writable format claims it; otherwise the chosen filter's format, and its suffix is added.
#include <vector>

#include <QString>
#include <QStringList>

class QWidget;

namespace bonescope {
class Format;
}

namespace bonescope::gui {

struct ExportFilters {
    QStringList filters;                 // "BVH (*.bvh)", one per writable format
    std::vector<const Format*> formats;  // the same order
    const Format* formatOf(const QString& filter) const; // null when not one of them
};
ExportFilters exportFilters();

// `documentPath`'s folder and base name with `format`'s first extension ("walk.anim" -> "walk.bvh").
QString suggestedExportPath(const QString& documentPath, const Format& format);

struct ExportTarget {
    const Format* format = nullptr; // null: no writable format fits
    QString path;                   // with the format's suffix when the name had none it claims
};
// `chosen`: the format of the filter picked in the dialog (null when exporting without one).
ExportTarget exportTarget(const QString& path, const Format* chosen);

// The Export dialog: offers `suggestedExportPath` in `preferred`'s filter (when writable), adds the
// selected filter's suffix to a name typed without one (asking before replacing a file of that name).
// An empty path when cancelled.
ExportTarget askExportTarget(QWidget* parent, const QString& documentPath, const Format* preferred);

} // namespace bonescope::gui
