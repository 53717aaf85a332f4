#include "app/gui/saving/save_file.h"

#include <exception>
#include <stdexcept>

#include <QCoreApplication>
#include <QSaveFile>

#include "formats/format.h"

namespace bonescope::gui {

namespace {

// Thrown through the format's writer when the file takes no more bytes (not a std::exception, so
// that nothing on the way takes it for the writer's own complaint).
struct WriteFailed {
    QString why;
};

} // namespace

QString writeWithSaveFile(const QString& path, const SaveContent& content, QFileDevice::Permissions permissions)
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
    qint64 written = 0;
    try {
        content([&](std::span<const uint8_t> piece) {
            const char* data = reinterpret_cast<const char*>(piece.data());
            qint64 left = qint64(piece.size());
            while (left > 0) {
                const qint64 n = f.write(data, left);
                if (n <= 0 || f.error() != QFileDevice::NoError)
                    throw WriteFailed{f.error() != QFileDevice::NoError ? f.errorString()
                                                                        : QCoreApplication::translate("save", "the disk accepted no more bytes")};
                data += n;
                left -= n;
                written += n;
            }
        });
    } catch (const WriteFailed& e) {
        f.cancelWriting();
        return QCoreApplication::translate("save", "writing %1 failed after %2 bytes: %3").arg(path).arg(written).arg(e.why);
    } catch (const std::exception& e) {
        f.cancelWriting();
        return QString::fromUtf8(e.what());
    }
    if (!f.flush() || f.error() != QFileDevice::NoError || f.size() != written) {
        const QString why = f.errorString();
        f.cancelWriting();
        return QCoreApplication::translate("save", "writing %1 failed: %2").arg(path, why);
    }
    if (!f.commit())
        return QCoreApplication::translate("save", "could not replace %1: %2").arg(path, f.errorString());
    return {};
}

QString writeWithSaveFile(const QString& path, const QByteArray& bytes, QFileDevice::Permissions permissions)
{
    return writeWithSaveFile(path, wholeContent(bytes), permissions);
}

SaveContent wholeContent(const QByteArray& bytes)
{
    return [&bytes](const ByteSink& out) { out({reinterpret_cast<const uint8_t*>(bytes.constData()), size_t(bytes.size())}); };
}

QByteArray contentBytes(const SaveContent& content)
{
    QByteArray all;
    content([&](std::span<const uint8_t> piece) { all.append(reinterpret_cast<const char*>(piece.data()), qsizetype(piece.size())); });
    return all;
}

QString saveScene(const Scene& scene, const Format& format, const QString& path, const SaveWriter& writer)
{
    const SaveContent content = [&](const ByteSink& out) {
        try {
            // Where the file goes decides some bytes: an unedited .glb naming images beside itself
            // stays byte for byte where they are found again, and carries them elsewhere.
            format.writeAt(scene, path.toStdString(), out);
        } catch (const std::exception& e) {
            throw std::runtime_error(QCoreApplication::translate("save", "%1 cannot hold this animation: %2")
                                         .arg(QString::fromStdString(format.displayName()), QString::fromUtf8(e.what()))
                                         .toStdString());
        }
    };
    return writer ? writer(path, content) : writeWithSaveFile(path, content);
}

} // namespace bonescope::gui
