#include "app/gui/saving/export_target.h"

#include <algorithm>

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QStringList>

#include "app/gui/saving/file_filters.h"
#include "app/gui/saving/long_name_hint.h"
#include "app/gui/saving/save_folder.h"
#include "formats/registry.h"

namespace bonescope::gui {

std::vector<const Format*> writableFormats()
{
    std::vector<const Format*> out;
    const Registry& reg = Registry::instance();
    for (const auto& f : reg.formats())
        if (f->capabilities().write && reg.writerOf(f.get()) == f.get()) // one glTF: Bonescope's own
            out.push_back(f.get());
    return out;
}

QString suggestedExportPath(const QString& documentPath, const Format& format)
{
    const QFileInfo info(documentPath);
    const QString base = info.completeBaseName().isEmpty() ? QStringLiteral("animation") : info.completeBaseName();
    const QString name = base + "." + QString::fromStdString(format.writtenExtension());
    return documentPath.isEmpty() ? name : info.dir().filePath(name);
}

ExportTarget exportTarget(const QString& path, const Format* chosen)
{
    const std::string suffix = QFileInfo(path).suffix().toLower().toStdString();
    // Formats that write the typed extension (the Dash variants share theirs: the chosen one first).
    std::vector<const Format*> claiming;
    bool readOnlyName = false; // a writable format reads files of that name but writes another (.fbx)
    for (const auto& f : Registry::instance().formats()) {
        if (!f->capabilities().write || suffix.empty())
            continue;
        if (f->writtenExtension() == suffix)
            claiming.push_back(f.get());
        readOnlyName = readOnlyName || f->readOnlyExtension(suffix);
    }
    if (!claiming.empty()) {
        const bool chosenClaims = std::find(claiming.begin(), claiming.end(), chosen) != claiming.end();
        return {chosenClaims ? chosen : claiming.front(), path};
    }
    if (readOnlyName || !chosen || !chosen->capabilities().write)
        return {nullptr, path};
    return {chosen, path + "." + QString::fromStdString(chosen->writtenExtension())};
}

ExportTarget askSaveTarget(QWidget* parent, const QString& title, const QString& documentPath,
                           const std::vector<const Format*>& formats, const Format* initial)
{
    std::vector<ExportDestination> plain;
    for (const Format* f : formats)
        plain.push_back(plainDestination(*f));
    return askDestination(parent, title, documentPath, plain, initial ? initial->id() : std::string());
}

ExportTarget askDestination(QWidget* parent, const QString& title, const QString& documentPath,
                            const std::vector<ExportDestination>& destinations, const std::string& initialId)
{
    if (destinations.empty())
        return {};
    auto initial = std::find_if(destinations.begin(), destinations.end(),
                                [&](const ExportDestination& d) { return d.id == initialId; });
    if (initial == destinations.end())
        initial = destinations.begin();
    QStringList filters;
    for (const ExportDestination& d : destinations)
        filters << destinationFilter(d);
    const SaveStart start = saveStart(suggestedExportPath(documentPath, *initial->format));
    QFileDialog dialog(parent, title, start.path, filters.join(";;"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    // Asked below, once the name's format is known: a name no offered format writes is refused by
    // the caller, never first confirmed as a replacement.
    dialog.setOption(QFileDialog::DontConfirmOverwrite);
    dialog.selectNameFilter(destinationFilter(*initial));
    sayWhyLongNamesAreRefused(dialog);
    showSaveStartReason(&dialog, parent, start.why);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return {};
    // The suffix is added here rather than with QFileDialog::setDefaultSuffix, which would keep the
    // first filter's suffix when the filter changes without a user's click (native dialogs differ).
    const QString typed = dialog.selectedFiles().front();
    const qsizetype picked = filters.indexOf(dialog.selectedNameFilter());
    const ExportDestination* chosen = picked >= 0 ? &destinations[size_t(picked)] : nullptr;
    ExportTarget target = exportTarget(typed, chosen ? chosen->format : nullptr);
    if (target.format)
        target.destination = chosen && chosen->format == target.format ? chosen->id : target.format->id();
    const bool offered = std::any_of(destinations.begin(), destinations.end(),
                                     [&](const ExportDestination& d) { return d.format == target.format; });
    if (offered && QFileInfo::exists(target.path) &&
        QMessageBox::question(parent, title,
                              QObject::tr("%1 already exists. Replace it?").arg(QFileInfo(target.path).fileName())) !=
            QMessageBox::Yes)
        return {};
    return target; // with no format: the typed path, as exportTarget gives it
}

ExportTarget askExportTarget(QWidget* parent, const QString& documentPath, const std::string& preferred)
{
    return askDestination(parent, QObject::tr("Export"), documentPath, exportDestinations(), preferred);
}

} // namespace bonescope::gui
