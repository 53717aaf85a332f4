#include "app/gui/dialogs/clip_list_menu.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QMenu>
#include <QMessageBox>
#include <QSpinBox>

#include "app/gui/commands/scene_edit_command.h"
#include "app/gui/document/document.h"
#include "app/gui/document/scene_loading.h"
#include "app/gui/saving/report_words.h"
#include "core/editing/clip_split.h"
#include "formats/convert/merge_clips.h"
#include "formats/convert/prepare.h"
#include "formats/file_io.h"
#include "formats/registry.h"
#include "app/gui/counted_words.h"

namespace bonescope::gui {

namespace {

QString text(const std::string& s) { return QString::fromStdString(s); }

// The current clip replaced by `pieces` (the first becomes current): one undo step.
void replaceCurrent(Document* doc, const QString& title, std::vector<Animation> pieces)
{
    editScene(doc, title, [&](Scene& s) {
        const int at = s.current;
        s.animations.erase(s.animations.begin() + at);
        std::vector<std::string> taken;
        for (const Animation& a : s.animations)
            taken.push_back(a.name);
        for (Animation& p : pieces)
            p.name = uniqueName(p.name, taken);
        s.animations.insert(s.animations.begin() + at, std::make_move_iterator(pieces.begin()), std::make_move_iterator(pieces.end()));
        s.current = at;
        return true;
    });
}

QString split(Document* doc, const QString& title, const std::vector<double>& cuts, const std::vector<std::string>& names)
{
    const Animation* a = doc->scene().currentAnimation();
    if (!a)
        return QMenu::tr("No animation is open.");
    if (const std::string why = badCuts(*a, cuts); !why.empty())
        return text(why);
    replaceCurrent(doc, title, splitClip(*a, cuts, names));
    return {};
}

// The format clips are saved in: the document's, when Bonescope writes it.
const Format* clipFormat(const Document* doc)
{
    const Registry& reg = Registry::instance();
    const Format* f = reg.writerOf(reg.byId(doc->scene().format));
    return f && f->capabilities().write ? f : nullptr;
}

void warn(QWidget* parent, const QString& title, const QString& why)
{
    if (!why.isEmpty())
        QMessageBox::warning(parent, title, why);
}

void askExtract(Document* doc, QWidget* parent)
{
    const QString title = QMenu::tr("Extract range");
    QDialog d(parent);
    d.setWindowTitle(title);
    auto* form = new QFormLayout(&d);
    auto* first = new QSpinBox(&d);
    auto* last = new QSpinBox(&d);
    for (QSpinBox* s : {first, last})
        s->setRange(0, int(std::min<long long>(doc->lastFrame(), 1 << 30)));
    first->setObjectName("firstFrame");
    last->setObjectName("lastFrame");
    first->setValue(int(std::min<long long>(doc->frame(), doc->lastFrame())));
    last->setValue(int(doc->lastFrame()));
    form->addRow(QMenu::tr("First frame"), first);
    form->addRow(QMenu::tr("Last frame"), last);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &d);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &d, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &d, &QDialog::reject);
    form->addRow(buttons);
    if (d.exec() == QDialog::Accepted)
        warn(parent, title, extractFrames(doc, first->value(), last->value()));
}

void askMerge(Document* doc, QWidget* parent)
{
    const QString title = QMenu::tr("Merge files into this document");
    const QStringList paths = QFileDialog::getOpenFileNames(parent, title, doc->dialogFolder());
    if (paths.isEmpty())
        return;
    QStringList report;
    if (const QString why = mergeFilesIntoDocument(doc, paths, report); !why.isEmpty())
        return warn(parent, title, why);
    if (!report.isEmpty())
        QMessageBox::information(parent, title, QMenu::tr("Merged. Not carried over:") + "\n• " + report.join("\n• "));
}

void askSaveClips(Document* doc, QWidget* parent)
{
    const QString title = QMenu::tr("Save each clip as a file");
    const QString folder = QFileDialog::getExistingDirectory(parent, title, doc->dialogFolder());
    if (folder.isEmpty())
        return;
    QStringList written, report, existing;
    QString why = saveClipsAsFiles(doc, folder, false, written, report, &existing);
    if (!existing.isEmpty()) {
        if (QMessageBox::question(parent, title, QMenu::tr("%1 %2 already:").arg(countedWords(existing.size(), "file"), agreeWords(existing.size(), "exists", "exist")) + "\n" +
                                                     existing.join("\n") + "\n" + QMenu::tr("Replace them?")) != QMessageBox::Yes)
            return;
        why = saveClipsAsFiles(doc, folder, true, written, report);
    }
    if (!why.isEmpty())
        return warn(parent, title, why);
    QString message = QMenu::tr("Wrote %1:").arg(countedWords(written.size(), "file")) + "\n" + written.join("\n");
    if (!report.isEmpty())
        message += "\n\n" + QMenu::tr("Not carried over:") + "\n• " + report.join("\n• ");
    QMessageBox::information(parent, title, message);
}

} // namespace

QString splitAtCurrentFrame(Document* doc)
{
    const Animation* a = doc->scene().currentAnimation();
    if (!a)
        return QMenu::tr("No animation is open.");
    return split(doc, QMenu::tr("Split at frame %1").arg(doc->frame()), {timeOfFrame(*a, doc->frame())}, {});
}

QString splitAtNotes(Document* doc)
{
    const Animation* a = doc->scene().currentAnimation();
    if (!a)
        return QMenu::tr("No animation is open.");
    const NoteCuts cuts = noteCuts(*a);
    if (cuts.times.empty())
        return QMenu::tr("This clip has no note inside it to split at (notes at its first or last frame do not cut).");
    return split(doc, QMenu::tr("Split at notes"), cuts.times, cuts.names);
}

QString extractFrames(Document* doc, long long first, long long last)
{
    const Animation* a = doc->scene().currentAnimation();
    if (!a)
        return QMenu::tr("No animation is open.");
    if (first < 0 || last > doc->lastFrame() || first >= last)
        return QMenu::tr("Frames %1 to %2 are not a range of this clip (frames 0 to %3).").arg(first).arg(last).arg(doc->lastFrame());
    Animation piece = extractRange(*a, timeOfFrame(*a, first), timeOfFrame(*a, last));
    editScene(doc, QMenu::tr("Extract frames %1 to %2").arg(first).arg(last), [&](Scene& s) {
        std::vector<std::string> taken;
        for (const Animation& other : s.animations)
            taken.push_back(other.name);
        piece.name = uniqueName(piece.name, taken);
        s.animations.insert(s.animations.begin() + s.current + 1, std::move(piece));
        s.current += 1;
        return true;
    });
    return {};
}

QString deleteCurrentClip(Document* doc)
{
    if (doc->scene().animations.size() < 2)
        return QMenu::tr("The document's only clip cannot be deleted.");
    editScene(doc, QMenu::tr("Delete clip"), [](Scene& s) {
        s.animations.erase(s.animations.begin() + s.current);
        s.current = std::min(s.current, int(s.animations.size()) - 1);
        return true;
    });
    return {};
}

QString mergeFilesIntoDocument(Document* doc, const QStringList& paths, QStringList& report)
{
    const Format* format = clipFormat(doc);
    if (!format)
        return QMenu::tr("This document's format cannot be written: export it to a format that holds several clips first.");
    std::vector<ClipSource> sources;
    sources.push_back({QFileInfo(doc->path()).fileName().toStdString(), doc->scene()});
    for (const QString& path : paths) {
        LoadResult r = loadAnimationFile(path);
        if (!r.scene)
            return r.error;
        sources.push_back({QFileInfo(path).fileName().toStdString(), std::move(*r.scene)});
    }
    Report lines;
    Scene merged;
    try {
        merged = mergeClips(std::move(sources), *format, lines);
    } catch (const std::exception& e) {
        return windowWords(e);
    }
    merged.current = doc->scene().current;
    report << windowWords(lines);
    pushScene(doc, QMenu::tr("Merge %1").arg(countedWords(paths.size(), "file")), std::move(merged));
    return {};
}

QString saveClipsAsFiles(Document* doc, const QString& folder, bool replace, QStringList& written, QStringList& report,
                         QStringList* existing)
{
    written.clear();
    report.clear();
    const Format* format = clipFormat(doc);
    if (!format)
        return QMenu::tr("Bonescope does not write %1 files: export the document to another format first.").arg(text(doc->scene().format));
    const Scene& scene = doc->scene();
    const std::string stem = safeFileName(QFileInfo(doc->path()).completeBaseName().toStdString());
    std::vector<std::string> taken;
    std::vector<std::pair<QString, std::vector<uint8_t>>> files;
    for (size_t i = 0; i < scene.animations.size(); ++i) {
        const Animation& a = scene.animations[i];
        const std::string name = uniqueName((stem.empty() ? "clip" : stem) + "-" + safeFileName(a.name.empty() ? std::to_string(i) : a.name), taken);
        const QString path = QDir(folder).filePath(text(name + "." + format->writtenExtension()));
        Report lines;
        try {
            const Scene one = prepareForTarget(sceneWithClip(scene, a), *format, ConvertOptions{}, lines);
            files.push_back({path, format->write(one)});
        } catch (const std::exception& e) {
            return QMenu::tr("%1: not written (nor any other clip): %2").arg(path, windowWords(e));
        }
        for (const QString& line : windowWords(lines))
            report << QFileInfo(path).fileName() + ": " + line;
        if (QFileInfo::exists(path) && existing)
            *existing << path;
    }
    if (existing && !existing->isEmpty() && !replace)
        return {};
    for (const auto& [path, bytes] : files) {
        try {
            writeFileAtomic(path.toStdString(), bytes, replace ? Replace::Allowed : Replace::Never);
        } catch (const FileExistsError&) {
            return QMenu::tr("%1 exists; nothing more was written.").arg(path);
        } catch (const std::exception& e) {
            return QString::fromUtf8(e.what());
        }
        written << path;
    }
    return {};
}

void fillClipListMenu(QMenu* menu, Document* doc, QWidget* parent)
{
    const bool open = doc->scene().currentAnimation() != nullptr;
    auto add = [&](const QString& label, const char* name, auto&& run) {
        QAction* a = menu->addAction(label, parent, run);
        a->setObjectName(name);
        a->setEnabled(open);
        return a;
    };
    add(QMenu::tr("Split at the current frame (%1)").arg(doc->frame()), "splitAtFrame",
        [doc, parent] { warn(parent, QMenu::tr("Split"), splitAtCurrentFrame(doc)); });
    add(QMenu::tr("Split at &notes"), "splitAtNotes", [doc, parent] { warn(parent, QMenu::tr("Split at notes"), splitAtNotes(doc)); })
        ->setToolTip(QMenu::tr("Each note inside the clip starts a clip named after it"));
    add(QMenu::tr("E&xtract range..."), "extractRange", [doc, parent] { askExtract(doc, parent); });
    menu->addSeparator();
    add(QMenu::tr("&Merge files into this document..."), "mergeFiles", [doc, parent] { askMerge(doc, parent); });
    add(QMenu::tr("&Delete clip"), "deleteClip", [doc, parent] { warn(parent, QMenu::tr("Delete clip"), deleteCurrentClip(doc)); })
        ->setEnabled(open && doc->scene().animations.size() > 1);
    add(QMenu::tr("&Save each clip as a file..."), "saveClips", [doc, parent] { askSaveClips(doc, parent); });
}

} // namespace bonescope::gui
