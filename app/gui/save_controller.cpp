#include "app/gui/save_controller.h"

#include <QAbstractButton>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QUndoStack>
#include <QWidget>

#include "app/gui/document.h"
#include "app/gui/export_target.h"
#include "app/gui/file_filters.h"
#include "formats/convert/prepare.h"
#include "formats/registry.h"

namespace bonescope::gui {

namespace {

const Format* documentFormat(const Document* doc)
{
    const Format* f = Registry::instance().byId(doc->scene().format);
    return f && f->capabilities().write ? f : nullptr;
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
    if (doc_->isEmpty() || !documentFormat(doc_))
        return saveAs();
    return saveAs(doc_->path());
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
        path = QFileDialog::getSaveFileName(window_, tr("Save as"), doc_->path(), formatFilter(*format));
        if (path.isEmpty())
            return false;
    }
    const QString why = saveScene(doc_->scene(), *format, path, writer_);
    if (!why.isEmpty())
        return fail(tr("Cannot save"), why);
    lastError_.clear();
    doc_->setPath(path);
    doc_->undoStack()->setClean();
    emit saved(path);
    return true;
}

bool SaveController::exportTo(QString path, QString formatId)
{
    const Format* target = nullptr;
    if (path.isEmpty()) {
        if (!interactive_)
            return fail(tr("Cannot export"), tr("No file name given."));
        const ExportTarget chosen = askExportTarget(window_, doc_->path(), documentFormat(doc_));
        if (chosen.path.isEmpty())
            return false;
        path = chosen.path;
        target = chosen.format;
    } else {
        target = formatId.isEmpty() ? exportTarget(path, nullptr).format : Registry::instance().byId(formatId.toStdString());
    }
    if (!target || !target->capabilities().write)
        return fail(tr("Cannot export"), tr("No writable format for %1.").arg(QFileInfo(path).fileName()));

    std::vector<std::string> report;
    Scene prepared;
    try {
        prepared = prepareForTarget(doc_->scene(), *target, ConvertOptions{}, report);
    } catch (const std::exception& e) {
        return fail(tr("Cannot export"), QString::fromUtf8(e.what()));
    }
    lastReport_.clear();
    for (const auto& line : report)
        lastReport_ << QString::fromStdString(line);
    if (interactive_ && !lastReport_.isEmpty()) {
        QMessageBox box(QMessageBox::Question, tr("Export to %1").arg(QString::fromStdString(target->displayName())),
                        tr("%1 cannot carry everything in this animation:").arg(QString::fromStdString(target->displayName())),
                        QMessageBox::Ok | QMessageBox::Cancel, window_);
        box.setInformativeText(QString("• ") + lastReport_.join("\n• "));
        box.button(QMessageBox::Ok)->setText(tr("Export anyway"));
        if (box.exec() != QMessageBox::Ok)
            return false;
    }
    const QString why = saveScene(prepared, *target, path, writer_);
    if (!why.isEmpty())
        return fail(tr("Cannot export"), why);
    lastError_.clear();
    return true;
}

bool SaveController::maybeSave()
{
    if (!doc_->isModified())
        return true;
    if (!interactive_)
        return true;
    const auto answer = QMessageBox::warning(window_, tr("Unsaved changes"),
                                             tr("%1 has unsaved changes. Save them?")
                                                 .arg(doc_->isEmpty() ? tr("The animation") : QFileInfo(doc_->path()).fileName()),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

} // namespace bonescope::gui
