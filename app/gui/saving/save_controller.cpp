#include "app/gui/saving/save_controller.h"

#include <cmath>

#include <QAbstractButton>
#include <QCheckBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QUndoStack>
#include <QWidget>

#include "app/gui/dialogs/retarget_dialog.h"
#include "app/gui/document/document.h"
#include "app/gui/saving/export_target.h"
#include "app/gui/saving/file_filters.h"
#include "app/gui/saving/report_words.h"
#include "app/gui/document/file_stamp.h"
#include "app/gui/document/scene_loading.h"
#include "formats/convert/bvh_to_secondlife.h"
#include "formats/convert/convert_file.h"
#include "formats/registry.h"
#include "formats/secondlife/secondlife_adapter.h"
#include "app/gui/counted_words.h"

namespace bonescope::gui {

namespace {

// A file name as a message box shows it: a long one shortened in the middle (its start and its
// extension kept), since a box wraps only at spaces and cut a 200-letter name mid-word.
QString shortFileName(const QString& path)
{
    constexpr int kHead = 40, kTail = 20;
    const QString name = QFileInfo(path).fileName();
    if (name.size() <= kHead + kTail + 1)
        return name;
    return name.left(kHead) + QChar(0x2026) + name.right(kTail);
}

const Format* documentFormat(const Document* doc)
{
    const Registry& reg = Registry::instance();
    const Format* f = reg.writerOf(reg.byId(doc->scene().format));
    return f && f->capabilities().write ? f : nullptr;
}

// Why `path` cannot be written: its extension is one a format reads but writes as another (.fbx,
// .dae: glTF binary is written as .glb), or one no format writes.
QString noWriterFor(const QString& path)
{
    const QFileInfo info(path);
    const Format* reader = Registry::instance().byExtension(path.toStdString());
    if (reader && reader->capabilities().write && reader->readOnlyExtension(info.suffix().toLower().toStdString()))
        return QObject::tr("%1: Bonescope reads .%2 files but does not write them; %3 is written as .%4.")
            .arg(info.fileName(), info.suffix(), QString::fromStdString(reader->displayName()),
                 QString::fromStdString(reader->writtenExtension()));
    return QObject::tr("No writable format for %1.").arg(info.fileName());
}

// Why `format` must not be written to `path`, or "": a name of another format (walk.anim typed for a
// glTF document) would give a file bytes of another kind than its name says, and replace what it held.
QString wrongName(const QString& path, const Format& format)
{
    const ExportTarget target = exportTarget(path, &format);
    if (target.format == &format)
        return {};
    if (!target.format)
        return noWriterFor(path);
    return QObject::tr("%1 is a %2 name and this animation is %3. Save it as .%4, or use Export to write %2.")
        .arg(QFileInfo(path).fileName(), QString::fromStdString(target.format->displayName()),
             QString::fromStdString(format.displayName()), QString::fromStdString(format.writtenExtension()));
}

// What --optimize did, for the status bar after the destination's name: "41125 -> 9876 bytes (76%
// smaller), 4 joint(s) that never move and 3900 key(s) the viewer interpolates left out".
int percentSmaller(const OptimizeSummary& s)
{
    const double saved = double(s.bytesBefore) - double(s.bytesAfter);
    return s.bytesBefore ? int(std::lround(100 * saved / double(s.bytesBefore))) : 0;
}

QString optimizedWords(const OptimizeSummary& s)
{
    return QObject::tr("%1 -> %2 bytes (%3% smaller), %4 that never %5 and %6 the viewer interpolates left out")
        .arg(s.bytesBefore)
        .arg(s.bytesAfter)
        .arg(percentSmaller(s))
        .arg(countedWords(qint64(s.removedJoints.size()), "joint"),
             agreeWords(qint64(s.removedJoints.size()), "moves", "move"),
             countedWords(qint64(s.removedKeys), "key"));
}

} // namespace

SaveController::SaveController(Document* doc, QWidget* window, bool interactive)
    : QObject(window), doc_(doc), window_(window), interactive_(interactive)
{
}

bool SaveController::fail(const QString& title, const QString& why)
{
    lastError_ = why;
    if (interactive_)
        QMessageBox::warning(window_, title, tr("%1\n\nThe file on disk was not changed.").arg(why));
    return false;
}

bool SaveController::save()
{
    const Format* format = documentFormat(doc_);
    // A file the document's format reads but does not write (an .fbx: glTF is written as .glb) is
    // never given its bytes: Save asks for a name, as for a document without a file.
    if (doc_->isEmpty() || doc_->needsSaveAs() || !format || !wrongName(doc_->path(), *format).isEmpty())
        return saveAs();
    return saveAs(doc_->path());
}

QString SaveController::suggestedPath() const
{
    // The demo and an untitled document's recovered copy live in folders Bonescope made (the demo's is
    // deleted on quit): the user's documents folder instead.
    if (!doc_->isTemporaryCopy())
        return doc_->path();
    return QDir(doc_->dialogFolder()).filePath(QFileInfo(doc_->path()).fileName());
}

bool SaveController::isOpenDocument(const QString& path) const
{
    if (doc_->isEmpty() || doc_->needsSaveAs())
        return false;
    const QFileInfo a(path), b(doc_->path());
    if (a.exists() && b.exists())
        return a.canonicalFilePath() == b.canonicalFilePath();
    return a.absoluteFilePath() == b.absoluteFilePath();
}

SaveController::DiskChanged SaveController::askDiskChanged(const QString& path)
{
    if (askDiskChanged_)
        return askDiskChanged_(path);
    if (!interactive_)
        return DiskChanged::Cancel;
    QMessageBox box(QMessageBox::Warning, tr("File changed on disk"),
                    tr("%1 has been changed by another program since Bonescope read it.").arg(QFileInfo(path).fileName()),
                    QMessageBox::NoButton, window_);
    box.setInformativeText(tr("Overwrite it with your version, save your version under another name, or "
                              "reload the file from disk (your unsaved edits are lost)?"));
    QPushButton* overwrite = box.addButton(tr("&Overwrite"), QMessageBox::DestructiveRole);
    QPushButton* saveAs = box.addButton(tr("Save &as..."), QMessageBox::AcceptRole);
    QPushButton* reload = box.addButton(tr("&Reload"), QMessageBox::ResetRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(saveAs);
    box.exec();
    if (box.clickedButton() == overwrite)
        return DiskChanged::Overwrite;
    if (box.clickedButton() == saveAs)
        return DiskChanged::SaveAs;
    if (box.clickedButton() == reload)
        return DiskChanged::Reload;
    return DiskChanged::Cancel;
}

bool SaveController::write(const Scene& scene, const Format& format, const QString& path, const QString& failTitle)
{
    const QString why = saveScene(scene, format, path, writer_);
    if (!why.isEmpty())
        return fail(failTitle, why);
    lastError_.clear();
    return true;
}

bool SaveController::saveAs(QString path)
{
    const Format* format = documentFormat(doc_);
    if (!format)
        return fail(tr("Cannot save"), tr("The %1 format cannot be written; use Export.")
                                           .arg(QString::fromStdString(doc_->scene().format)));
    if (path.isEmpty()) {
        if (!interactive_)
            return fail(tr("Cannot save"), tr("No file name given."));
        // Offered with the format's extension: a document retargeted from walk.anim is glTF, and
        // walk.anim offered for it would be replaced by a glTF file.
        path = askSaveTarget(window_, tr("Save as"), suggestedPath(), {format}, format).path;
        if (path.isEmpty())
            return false;
    }
    if (const QString why = wrongName(path, *format); !why.isEmpty())
        return fail(tr("Cannot save"), why);
    // After a split or a merge the document can hold more clips than its format does: saving would keep
    // one and lose the others without a word.
    if (!format->capabilities().multipleAnimations && doc_->scene().animations.size() > 1)
        return fail(tr("Cannot save"), tr("%1 holds one animation per file and this document has %2. Save each as a file "
                                          "of its own (the animation list's context menu: Save each clip as a file), or "
                                          "delete the clips you do not keep.")
                                           .arg(QString::fromStdString(format->displayName()))
                                           .arg(doc_->scene().animations.size()));
    if (isOpenDocument(path) && doc_->diskStamp().differsFrom(FileStamp::recheck(path, doc_->diskStamp()))) {
        switch (askDiskChanged(path)) {
        case DiskChanged::Overwrite:
            break;
        case DiskChanged::SaveAs:
            if (!interactive_)
                return false;
            return saveAs();
        case DiskChanged::Reload:
            lastError_ = tr("%1 was reloaded from disk instead of saved.").arg(path);
            emit reloadRequested();
            return false;
        case DiskChanged::Cancel:
            lastError_ = tr("%1 was changed by another program since it was opened; not saved.").arg(path);
            return false;
        }
    }
    if (!write(doc_->scene(), *format, path, tr("Cannot save")))
        return false;
    doc_->setSaved(path, FileStamp::of(path));
    doc_->undoStack()->setClean();
    emit saved(path);
    return true;
}

bool SaveController::askExportOntoOpen(const QString& path, const QString& formatName)
{
    if (askExportOntoOpen_)
        return askExportOntoOpen_(path);
    if (!interactive_)
        return false;
    QMessageBox box(QMessageBox::Warning, tr("Export onto the open file"),
                    tr("%1 is the file open in this window.").arg(QFileInfo(path).fileName()), QMessageBox::Cancel, window_);
    box.setInformativeText(tr("Exporting replaces it with a %1 file. Bonescope then reopens it, so the window shows "
                              "what the file now holds; the undo history is lost.").arg(formatName));
    QPushButton* replace = box.addButton(tr("&Replace and reopen"), QMessageBox::DestructiveRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == replace;
}

void SaveController::reopenAfterExport(const QString& path)
{
    LoadResult r = loadAnimationFile(path);
    if (r.scene) {
        doc_->setScene(std::move(*r.scene), path, r.stamp);
        emit reopened(path);
        return;
    }
    // The window's animation is no longer on disk anywhere: it stays, marked unsaved, and Save asks
    // for a name.
    doc_->setNeedsSaveAs(true);
    doc_->undoStack()->resetClean();
    fail(tr("Exported file cannot be read back"),
         tr("%1 was written but cannot be read back (%2). The animation shown is not saved anywhere now; "
            "save it under another name.").arg(path, r.error));
}

bool SaveController::exportTo(QString path, QString destinationId)
{
    ExportDestination destination;
    if (path.isEmpty()) {
        if (!interactive_)
            return fail(tr("Cannot export"), tr("No file name given."));
        const std::string initial = !destinationId.isEmpty() ? destinationId.toStdString() : destinationFor(doc_->scene());
        const ExportTarget chosen = askExportTarget(window_, suggestedPath(), initial);
        if (chosen.path.isEmpty())
            return false;
        path = chosen.path;
        destination = destinationById(chosen.destination);
    } else if (destinationId.isEmpty()) {
        if (const Format* f = exportTarget(path, nullptr).format)
            destination = plainDestination(*f);
    } else {
        destination = destinationById(destinationId.toStdString());
    }
    const Format* target = destination.format;
    if (!target || !target->capabilities().write)
        return fail(tr("Cannot export"), noWriterFor(path));
    if (const QString why = wrongName(path, *target); !why.isEmpty())
        return fail(tr("Cannot export"), why);
    const bool ontoOpen = isOpenDocument(path);
    if (ontoOpen && !askExportOntoOpen(path, destination.name)) {
        lastError_ = tr("%1 is the open document; not exported.").arg(path);
        return false;
    }
    const bool toAvatar = isSecondLifeDestination(destination);
    const Scene ontoAvatar = toAvatar ? avatarExportScene() : Scene{};
    if (toAvatar && !chooseAvatarMap(ontoAvatar, destination.options))
        return false;

    Report report;
    ConvertedFile converted;
    try {
        converted = convertFile(toAvatar ? ontoAvatar : doc_->scene(), *target, destination.options, report);
    } catch (const std::exception& e) {
        return fail(tr("Cannot export"), windowWords(e));
    }
    // What the target cannot carry is asked about; the retarget's own measure is not a loss, and comes
    // with it as information.
    lastReport_.clear();
    QStringList measures;
    for (const ReportItem& item : report)
        (item.code == ReportItem::Code::RetargetMeasured ? measures : lastReport_) << windowWords(item);
    PlacedWrite placed;
    try {
        placed = converted.placeAt(path.toStdString());
    } catch (const std::exception& e) {
        return fail(tr("Cannot export"), windowWords(e));
    }
    for (const std::string& line : placed.report)
        lastReport_ << QString::fromStdString(line);
    if (interactive_ && !lastReport_.isEmpty()) {
        QMessageBox box(QMessageBox::Question, tr("Export to %1").arg(destination.name),
                        tr("%1 cannot carry everything in this animation:").arg(destination.name),
                        QMessageBox::Ok | QMessageBox::Cancel, window_);
        box.setInformativeText(QString("• ") + lastReport_.join("\n• ") + (measures.isEmpty() ? QString() : "\n\n" + measures.join("\n")));
        box.button(QMessageBox::Ok)->setText(tr("Export anyway"));
        if (box.exec() != QMessageBox::Ok)
            return false;
    }
    const SaveContent content = [&](const ByteSink& out) { placed.write(out); };
    const QString why = writer_ ? writer_(path, content) : writeWithSaveFile(path, content);
    if (!why.isEmpty())
        return fail(tr("Cannot export"), why);
    lastError_.clear();
    lastSummary_ = converted.optimized ? optimizedWords(*converted.optimized) : QString();
    if (ontoOpen)
        reopenAfterExport(path);
    // The status line says the file and how much smaller; the byte counts wait in lastExportSummary
    // (the status bar's tooltip), since the whole sentence does not fit a 1280-pixel window.
    emit exported(path,
                  converted.optimized ? tr("%1, %2% smaller").arg(destination.name).arg(percentSmaller(*converted.optimized))
                                      : destination.name,
                  int(lastReport_.size()));
    return true;
}

Scene SaveController::avatarExportScene() const
{
    Scene scene = doc_->scene();
    // The avatar map needs limbs: bones by name alone (an SEAnim's tracks) have no hierarchy or rest
    // pose to find arms in, and unmatched arms would stay at the avatar's T-pose.
    if (scene.skeleton.empty() && !doc_->skeletonMeshBones().empty())
        scene.skeleton = doc_->skeletonMeshBones();
    return scene;
}

bool SaveController::chooseAvatarMap(const Scene& scene, ConvertOptions& options)
{
    if (!interactive_)
        return true; // the automatic map, as convert uses it
    Scene common = scene;
    // A BVH made for Second Life goes through the uploader's own rules; the avatar's own needs no map.
    if (common.animations.empty() || (common.format == "bvh" && namesAvatarPelvis(common)))
        return true;
    if (const Format* from = Registry::instance().byId(common.format))
        from->toCommon(common);
    if (common.skeleton.empty() || secondlife::playsOnAvatar(common.skeleton))
        return true;
    // The Retarget dialog's map table, onto the avatar: the automatic map shown, every row editable,
    // the result measured and played before it is written.
    RetargetDialog dialog(common.skeleton, secondlife::avatarInCommonFrame(), window_, common.currentAnimation());
    dialog.setWindowTitle(tr("Second Life: the avatar joint each bone drives"));
    dialog.useMatcher([&] { return secondlife::avatarMap(common.skeleton); }, tr("&Export"));
    // A file whose rest pose is not standing (Bandai Namco's bones lie along their own X axes) is
    // matched from its first frame instead (convert's --source-pose frame:0).
    auto* firstFrame = new QCheckBox(tr("Match from frame 0 instead of the rest pose (for files whose rest pose does not stand)"),
                                     &dialog);
    firstFrame->setObjectName("sourcePoseFrame0");
    dialog.addChoice(firstFrame);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    options.boneMap = dialog.map();
    if (firstFrame->isChecked())
        options.sourcePose = "frame:0";
    return true;
}

// How the unsaved-changes question names the document: a retarget's result is new work made from the
// file it names, not that file (Save leaves the source alone and asks for a name).
QString SaveController::unsavedName() const
{
    if (doc_->isEmpty())
        return tr("The animation");
    if (doc_->needsSaveAs() && !doc_->isTemporaryCopy())
        return tr("The new animation made from %1").arg(shortFileName(doc_->path()));
    if (doc_->isTemporaryCopy()) // the demo's or a recovered copy's name, not its temporary file's
        return shortFileName(doc_->title());
    return shortFileName(doc_->path());
}

bool SaveController::maybeSave()
{
    if (!doc_->isModified())
        return true;
    if (!interactive_)
        return true;
    const auto answer = QMessageBox::warning(window_, tr("Unsaved changes"),
                                             tr("%1 has unsaved changes. Save them?")
                                                 .arg(unsavedName()),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

} // namespace bonescope::gui
