#include "app/gui/document/file_stamp.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>

namespace bonescope::gui {

FileStamp FileStamp::statOnly(const QString& path)
{
    FileStamp s;
    s.known = true;
    const QFileInfo info(path);
    s.exists = info.isFile();
    if (s.exists) {
        s.size = info.size();
        s.modified = info.lastModified();
    }
    return s;
}

namespace {

bool addHash(const QString& path, FileStamp& s)
{
    QFile f(path);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!f.open(QIODevice::ReadOnly) || !hash.addData(&f))
        return false;
    s.sha256 = hash.result();
    return true;
}

} // namespace

FileStamp FileStamp::of(const QString& path)
{
    FileStamp s = statOnly(path);
    if (s.exists && !addHash(path, s))
        s.exists = false;
    return s;
}

FileStamp FileStamp::recheck(const QString& path, const FileStamp& known)
{
    FileStamp s = statOnly(path);
    if (s.exists && known.exists && s.size == known.size && s.modified == known.modified) {
        s.sha256 = known.sha256;
        return s;
    }
    if (s.exists && !addHash(path, s))
        s.exists = false;
    return s;
}

bool FileStamp::differsFrom(const FileStamp& now) const
{
    if (!known || !now.known)
        return false;
    if (exists != now.exists)
        return true;
    return exists && (size != now.size || sha256 != now.sha256);
}

} // namespace bonescope::gui
