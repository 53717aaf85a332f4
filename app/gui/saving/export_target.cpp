#include "app/gui/saving/export_target.h"

#include <algorithm>

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

#include "app/gui/saving/file_filters.h"
#include "formats/registry.h"

namespace bonescope::gui {

const Format* ExportFilters::formatOf(const QString& filter) const
{
    const qsizetype i = filters.indexOf(filter);
    return i >= 0 ? formats[size_t(i)] : nullptr;
}

ExportFilters exportFilters()
{
    ExportFilters out;
    for (const auto& f : Registry::instance().formats())
        if (f->capabilities().write) {
            out.filters << formatFilter(*f);
            out.formats.push_back(f.get());
        }
    return out;
}

QString suggestedExportPath(const QString& documentPath, const Format& format)
{
    const QFileInfo info(documentPath);
    const QString base = info.completeBaseName().isEmpty() ? QStringLiteral("animation") : info.completeBaseName();
    const QString name = base + "." + QString::fromStdString(format.extensions().front());
    return documentPath.isEmpty() ? name : info.dir().filePath(name);
}

ExportTarget exportTarget(const QString& path, const Format* chosen)
{
    const std::string suffix = QFileInfo(path).suffix().toLower().toStdString();
    // Formats that claim the typed extension (the Dash variants share theirs: the chosen one first).
    std::vector<const Format*> claiming;
    for (const auto& f : Registry::instance().formats()) {
        const auto& ext = f->extensions();
        if (f->capabilities().write && !suffix.empty() && std::find(ext.begin(), ext.end(), suffix) != ext.end())
            claiming.push_back(f.get());
    }
    if (!claiming.empty()) {
        const bool chosenClaims = std::find(claiming.begin(), claiming.end(), chosen) != claiming.end();
        return {chosenClaims ? chosen : claiming.front(), path};
    }
    if (!chosen || !chosen->capabilities().write)
        return {nullptr, path};
    return {chosen, path + "." + QString::fromStdString(chosen->extensions().front())};
}

ExportTarget askExportTarget(QWidget* parent, const QString& documentPath, const Format* preferred)
{
    const ExportFilters offered = exportFilters();
    if (offered.formats.empty())
        return {};
    const Format* initial =
        preferred && offered.formatOf(formatFilter(*preferred)) ? preferred : offered.formats.front();
    QFileDialog dialog(parent, QObject::tr("Export"), suggestedExportPath(documentPath, *initial),
                       offered.filters.join(";;"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.selectNameFilter(formatFilter(*initial));
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return {};
    // The suffix is added here rather than with QFileDialog::setDefaultSuffix, which would keep the
    // first filter's suffix when the filter changes without a user's click (native dialogs differ).
    const QString typed = dialog.selectedFiles().front();
    ExportTarget target = exportTarget(typed, offered.formatOf(dialog.selectedNameFilter()));
    if (target.path != typed && QFileInfo::exists(target.path) &&
        QMessageBox::question(parent, QObject::tr("Export"),
                              QObject::tr("%1 already exists. Replace it?").arg(QFileInfo(target.path).fileName())) !=
            QMessageBox::Yes)
        return {};
    return target;
}

} // namespace bonescope::gui
