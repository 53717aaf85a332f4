#include "app/gui/save_file.h"

#include <exception>

#include <QCoreApplication>
#include <QSaveFile>

#include "formats/format.h"

namespace bonescope::gui {

QString writeWithSaveFile(const QString& path, const QByteArray& bytes)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return QCoreApplication::translate("save", "cannot create a file next to %1: %2").arg(path, f.errorString());
    if (f.write(bytes) != bytes.size()) {
        const QString why = f.errorString();
        f.cancelWriting();
        return QCoreApplication::translate("save", "writing %1 failed: %2").arg(path, why);
    }
    if (!f.commit())
        return QCoreApplication::translate("save", "could not replace %1: %2").arg(path, f.errorString());
    return {};
}

QString saveScene(const Scene& scene, const Format& format, const QString& path, const SaveWriter& writer)
{
    std::vector<uint8_t> bytes;
    try {
        bytes = format.write(scene);
    } catch (const std::exception& e) {
        return QCoreApplication::translate("save", "%1 cannot hold this animation: %2")
            .arg(QString::fromStdString(format.displayName()), QString::fromUtf8(e.what()));
    }
    return writer(path, QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size())));
}

} // namespace bonescope::gui
