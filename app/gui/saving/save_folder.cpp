#include "app/gui/saving/save_folder.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QMainWindow>
#include <QStandardPaths>
#include <QStatusBar>

namespace bonescope::gui {

QString documentsFolder()
{
    const QDir documents(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation));
    return (documents.exists() ? documents : QDir::home()).absolutePath();
}

bool isSaveFolder(const QString& folder)
{
    const QFileInfo info(folder);
    constexpr QFile::Permissions anyoneWrites = QFile::WriteOwner | QFile::WriteGroup | QFile::WriteOther;
    return info.isDir() && info.isWritable() && (info.permissions() & anyoneWrites);
}

SaveStart saveStart(const QString& suggested)
{
    const QFileInfo info(suggested);
    const QString name = info.fileName();
    if (info.isRelative()) // a bare name: no folder of its own, so not the working directory either
        return {QDir(documentsFolder()).filePath(name), {}};
    const QString folder = info.absolutePath();
    if (isSaveFolder(folder))
        return {suggested, {}};
    const QString documents = documentsFolder();
    const QString why = QFileInfo(folder).isDir()
        ? QObject::tr("%1 is a read-only folder: a file cannot be saved there, so this opens in %2.")
        : QObject::tr("%1 no longer exists: this opens in %2.");
    return {QDir(documents).filePath(name), why.arg(QDir::toNativeSeparators(folder), QDir::toNativeSeparators(documents))};
}

void showSaveStartReason(QFileDialog* dialog, QWidget* parent, const QString& why)
{
    if (why.isEmpty())
        return;
    if (auto* grid = dialog ? qobject_cast<QGridLayout*>(dialog->layout()) : nullptr) {
        auto* note = new QLabel(why, dialog);
        note->setObjectName("saveFolderNote");
        note->setWordWrap(true);
        grid->addWidget(note, grid->rowCount(), 0, 1, grid->columnCount());
        return;
    }
    if (auto* window = parent ? qobject_cast<QMainWindow*>(parent->window()) : nullptr)
        window->statusBar()->showMessage(why, 15000);
}

} // namespace bonescope::gui
