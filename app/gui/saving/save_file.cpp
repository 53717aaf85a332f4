#include "app/gui/saving/save_file.h"

#include <exception>

#include <QCoreApplication>
#include <QSaveFile>

#include "formats/format.h"

namespace bonescope::gui {

QString writeWithSaveFile(const QString& path, const QByteArray& bytes, QFileDevice::Permissions permissions)
{
    QSaveFile f(path);
    // Unbuffered: a write that does not reach the file fails here, not silently inside commit().
    if (!f.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return QCoreApplication::translate("save", "cannot create a file next to %1: %2").arg(path, f.errorString());
    if (permissions && !f.setPermissions(permissions)) {
        const QString why = f.errorString();
        f.cancelWriting();
        return QCoreApplication::translate("save", "cannot make %1 private: %2").arg(path, why);
    }
    const char* data = bytes.constData();
    qint64 left = bytes.size();
    while (left > 0) {
        const qint64 n = f.write(data, left);
        if (n <= 0 || f.error() != QFileDevice::NoError) {
            const QString why = f.error() != QFileDevice::NoError ? f.errorString()
                                                                 : QCoreApplication::translate("save", "the disk accepted no more bytes");
            f.cancelWriting();
            return QCoreApplication::translate("save", "writing %1 failed after %2 of %3 bytes: %4")
                .arg(path).arg(bytes.size() - left).arg(bytes.size()).arg(why);
        }
        data += n;
        left -= n;
    }
    if (!f.flush() || f.error() != QFileDevice::NoError || f.size() != bytes.size()) {
        const QString why = f.errorString();
        f.cancelWriting();
        return QCoreApplication::translate("save", "writing %1 failed: %2").arg(path, why);
    }
    if (!f.commit())
        return QCoreApplication::translate("save", "could not replace %1: %2").arg(path, f.errorString());
    return {};
}

QString encodeScene(const Scene& scene, const Format& format, std::vector<uint8_t>& out)
{
    try {
        out = format.write(scene);
    } catch (const std::exception& e) {
        return QCoreApplication::translate("save", "%1 cannot hold this animation: %2")
            .arg(QString::fromStdString(format.displayName()), QString::fromUtf8(e.what()));
    }
    return {};
}

QString saveScene(const Scene& scene, const Format& format, const QString& path, const SaveWriter& writer)
{
    std::vector<uint8_t> encoded;
    if (QString why = encodeScene(scene, format, encoded); !why.isEmpty())
        return why;
    // The writer reads the encoded bytes where they are: a copy would hold a big file twice.
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char*>(encoded.data()), qsizetype(encoded.size()));
    return writer ? writer(path, bytes) : writeWithSaveFile(path, bytes);
}

} // namespace bonescope::gui
