#include "app/gui/document/file_watch.h"

#include <algorithm>

#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QMessageBox>
#include <QSettings>
#include <QTimer>
#include <QUndoStack>

#include "app/gui/document/document.h"
#include "app/gui/document/scene_loading.h"

namespace bonescope::gui {

namespace {

constexpr const char* kSetting = "file/reloadWhenChanged";

} // namespace

FileWatch::FileWatch(Document* doc, QWidget* window, bool interactive)
    : QObject(window), doc_(doc), window_(window), interactive_(interactive), watcher_(new QFileSystemWatcher(this)),
      settle_(new QTimer(this))
{
    autoReload_ = QSettings().value(kSetting, false).toBool();
    // Exporters write in several steps (truncate, write, or write a temporary and rename it over):
    // look once the file has been quiet for a moment.
    settle_->setSingleShot(true);
    settle_->setInterval(250);
    connect(settle_, &QTimer::timeout, this, [this] {
        watchDocument();
        check();
    });
    connect(watcher_, &QFileSystemWatcher::fileChanged, settle_, qOverload<>(&QTimer::start));
    connect(watcher_, &QFileSystemWatcher::directoryChanged, this, [this] {
        // The file was replaced by a rename or deleted and written again: watch the new one.
        if (!watched_.isEmpty() && !watcher_->files().contains(watched_) && QFileInfo::exists(watched_))
            settle_->start();
    });
    connect(doc_, &Document::sceneChanged, this, &FileWatch::watchDocument);
}

void FileWatch::setAutoReload(bool on)
{
    autoReload_ = on;
    QSettings().setValue(kSetting, on);
}

void FileWatch::watchDocument()
{
    if (!watcher_->files().isEmpty())
        watcher_->removePaths(watcher_->files());
    if (!watcher_->directories().isEmpty())
        watcher_->removePaths(watcher_->directories());
    watched_ = doc_->isEmpty() || doc_->needsSaveAs() ? QString() : doc_->path();
    if (watched_.isEmpty())
        return;
    // A file replaced by a rename is a new file: the old watch saw its predecessor go. Watching the
    // folder too catches the new one appearing.
    if (QFileInfo::exists(watched_))
        watcher_->addPath(watched_);
    watcher_->addPath(QFileInfo(watched_).absolutePath());
}

void FileWatch::check()
{
    if (watched_.isEmpty() || watched_ != doc_->path() || asking_)
        return;
    const FileStamp now = FileStamp::recheck(watched_, doc_->diskStamp());
    if (!doc_->diskStamp().differsFrom(now) || !now.exists || (declined_.known && !declined_.differsFrom(now)))
        return;
    const QString name = QFileInfo(watched_).fileName();
    if (doc_->isModified()) {
        emit message(tr("%1 was changed by another program; saving will ask what to do.").arg(name));
        return;
    }
    if (!autoReload_) {
        if (!interactive_) {
            emit message(tr("%1 was changed by another program.").arg(name));
            return;
        }
        asking_ = true;
        const auto answer = QMessageBox::question(window_, tr("File changed on disk"),
                                                  tr("%1 was changed by another program. Reload it?").arg(name),
                                                  QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
        asking_ = false;
        if (answer != QMessageBox::Yes) {
            declined_ = now;
            return;
        }
    }
    if (reload(false))
        emit message(tr("Reloaded %1 (changed on disk).").arg(name));
}

bool FileWatch::reload(bool confirm)
{
    lastError_.clear();
    if (doc_->isEmpty() || doc_->needsSaveAs()) {
        lastError_ = tr("There is no file to reload.");
        return false;
    }
    const QString path = doc_->path();
    if (confirm && doc_->isModified()) {
        if (!interactive_) {
            lastError_ = tr("%1 has unsaved edits; not reloaded.").arg(path);
            return false;
        }
        const auto answer = QMessageBox::warning(window_, tr("Reload"),
                                                 tr("Reloading %1 discards your unsaved edits.").arg(QFileInfo(path).fileName()),
                                                 QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Discard)
            return false;
    }
    LoadResult r = loadAnimationFile(path);
    if (!r.scene) {
        // The document stays as it is; the next change of the file is looked at again.
        lastError_ = r.error;
        declined_ = r.stamp;
        if (interactive_)
            QMessageBox::warning(window_, tr("Cannot reload"), r.error);
        emit message(r.error);
        return false;
    }
    // What the user was looking at, by name where the new file may have reordered things.
    const QString animationName = QString::fromStdString(doc_->animation().name);
    const double time = doc_->time();
    std::vector<std::string> selected;
    for (int b : doc_->selection())
        selected.push_back(doc_->skeleton().bones[size_t(b)].name);
    const std::string current = doc_->currentBone() >= 0 ? doc_->skeleton().bones[size_t(doc_->currentBone())].name : std::string();

    doc_->setScene(std::move(*r.scene), path, r.stamp);
    declined_ = {};
    for (int i = 0; i < int(doc_->scene().animations.size()); ++i)
        if (QString::fromStdString(doc_->scene().animations[size_t(i)].name) == animationName)
            doc_->setAnimationIndex(i);
    doc_->setTime(time);
    std::vector<int> bones;
    int currentIndex = -1;
    const auto& all = doc_->skeleton().bones;
    for (int b = 0; b < int(all.size()); ++b) {
        if (std::find(selected.begin(), selected.end(), all[size_t(b)].name) != selected.end())
            bones.push_back(b);
        if (!current.empty() && all[size_t(b)].name == current)
            currentIndex = b;
    }
    doc_->setSelection(bones, currentIndex);
    emit reloaded();
    return true;
}

} // namespace bonescope::gui
