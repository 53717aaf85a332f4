#include "app/gui/document/autosave.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTimer>
#include <QUndoStack>

#include "app/gui/document/document.h"
#include "app/gui/saving/save_file.h"
#include "formats/registry.h"

namespace bonescope::gui {

Autosave::Autosave(Document* doc, QObject* parent, QString folder)
    : QObject(parent), doc_(doc),
      folder_(folder.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/autosave" : folder),
      timer_(new QTimer(this))
{
    timer_->setSingleShot(true);
    timer_->setInterval(30'000);
    connect(timer_, &QTimer::timeout, this, &Autosave::writeNow);
    connect(doc_->undoStack(), &QUndoStack::cleanChanged, this, &Autosave::onCleanChanged);
    connect(doc_->undoStack(), &QUndoStack::indexChanged, this, &Autosave::onIndexChanged);
    // A new file replaces the document: the previous one's copy is no longer needed.
    connect(doc_, &Document::sceneChanged, this, [this] {
        if (!doc_->isModified())
            discard();
    });
}

void Autosave::setInterval(int ms) { timer_->setInterval(ms); }

namespace {

constexpr QFileDevice::Permissions kOwnerOnly = QFileDevice::ReadOwner | QFileDevice::WriteOwner;

// The original file the edits belong to; empty for a document that has none (a recovered untitled one).
QString originalOf(const Document* doc) { return doc->needsSaveAs() ? QString() : doc->path(); }

} // namespace

QString Autosave::baseName() const
{
    const QString original = originalOf(doc_);
    const QByteArray key = original.isEmpty() ? QByteArray("untitled") : original.toUtf8();
    return QString::fromLatin1(QCryptographicHash::hash(key, QCryptographicHash::Sha1).toHex().left(16));
}

void Autosave::onCleanChanged(bool clean)
{
    if (clean) {
        timer_->stop();
        discard();
    } else if (!timer_->isActive()) {
        timer_->start();
    }
}

void Autosave::onIndexChanged()
{
    if (doc_->isModified() && !timer_->isActive())
        timer_->start();
}

bool Autosave::writeNow()
{
    if (!doc_->isModified())
        return false;
    const Registry& reg = Registry::instance();
    const Format* format = reg.writerOf(reg.byId(doc_->scene().format));
    if (!format || !format->capabilities().write)
        return false;
    auto failed = [this](const QString& why) {
        lastError_ = why;
        emit writeFailed(why);
        return false;
    };
    if (!QDir().mkpath(folder_))
        return failed(tr("cannot create the autosave folder %1").arg(folder_));
    QFile::setPermissions(folder_, kOwnerOnly | QFileDevice::ExeOwner);
    const SaveWriter write = writer_ ? writer_ : [](const QString& path, const SaveContent& content) {
        return writeWithSaveFile(path, content, kOwnerOnly);
    };
    const QString base = baseName();
    const QString ext = QString::fromStdString(format->extensions().empty() ? "bin" : format->extensions().front());
    const QString copy = folder_ + "/" + base + "." + ext;
    if (const QString why = saveScene(doc_->scene(), *format, copy, write); !why.isEmpty())
        return failed(why);
    QJsonObject info{{"original", originalOf(doc_)},
                     {"name", doc_->title()},
                     {"mesh", doc_->meshPath()},
                     {"copy", QFileInfo(copy).fileName()},
                     {"written", QDateTime::currentDateTimeUtc().toString(Qt::ISODate)}};
    const QByteArray infoBytes = QJsonDocument(info).toJson();
    if (const QString why = write(folder_ + "/" + base + ".json", wholeContent(infoBytes)); !why.isEmpty())
        return failed(why);
    lastError_.clear();
    if (!written_.isEmpty() && written_ != base) // the document was saved under another name
        discard();
    written_ = base;
    return true;
}

void Autosave::discard()
{
    if (written_.isEmpty())
        return;
    QDir dir(folder_);
    for (const QString& f : dir.entryList({written_ + ".*"}, QDir::Files))
        dir.remove(f);
    written_.clear();
}

QList<Recovery> Autosave::pending() const
{
    QList<Recovery> out;
    QDir dir(folder_);
    for (const QFileInfo& fi : dir.entryInfoList({"*.json"}, QDir::Files, QDir::Time)) {
        if (fi.completeBaseName() == written_)
            continue;
        QFile f(fi.filePath());
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        // Only a copy this program would have written: "<base>.<ext>" beside its description, a
        // plain name (no folder, no "..", not absolute) of a regular file.
        const QString name = o.value("copy").toString();
        const QString base = fi.completeBaseName();
        if (name.contains('/') || name.contains('\\') || !name.startsWith(base + ".") || name == fi.fileName())
            continue;
        const QString copy = dir.filePath(name);
        const QFileInfo copyInfo(copy);
        if (!copyInfo.isFile() || copyInfo.isSymLink())
            continue;
        out.push_back({copy, fi.filePath(), o.value("original").toString(), o.value("name").toString(), o.value("mesh").toString(),
                       QDateTime::fromString(o.value("written").toString(), Qt::ISODate)});
    }
    return out;
}

void Autosave::adopt(const Recovery& r)
{
    written_ = QFileInfo(r.infoPath).completeBaseName();
}

void Autosave::remove(const Recovery& r)
{
    QFile::remove(r.autosavePath);
    QFile::remove(r.infoPath);
}

} // namespace bonescope::gui
