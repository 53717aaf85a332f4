#include "gui_test_support.h"

#include <cstdlib>

#include <QCoreApplication>
#include <QDir>
#include <QStandardPaths>
#include <QTemporaryDir>

#include "app/gui/main_window.h"
#include "app/gui/window_capture.h"
#include "formats/registry.h"
#include "render/viewport.h"

namespace bonescope::guitest {

void isolateSettings()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("BonescopeTests");
    QCoreApplication::setApplicationName("bonescope-gui-tests");
}

std::map<std::string, std::vector<QString>> samplesByFormat()
{
    std::map<std::string, std::vector<QString>> out;
    const QDir root(BONESCOPE_SAMPLES);
    for (const QString& folder : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QDir dir(root.filePath(folder));
        for (const QString& file : dir.entryList(QDir::Files, QDir::Name)) {
            const Format* f = Registry::instance().byExtension(file.toStdString());
            if (f)
                out[f->id()].push_back(dir.filePath(file));
        }
    }
    return out;
}

QImage viewportImage(gui::MainWindow& w)
{
    gui::waitForViewportFrame(w);
    return w.viewport()->grabFramebuffer().convertToFormat(QImage::Format_RGB32);
}

int differingPixels(const QImage& a, const QImage& b)
{
    if (a.size() != b.size())
        return a.width() * a.height();
    int n = 0;
    for (int y = 0; y < a.height(); ++y) {
        const QRgb* pa = reinterpret_cast<const QRgb*>(a.constScanLine(y));
        const QRgb* pb = reinterpret_cast<const QRgb*>(b.constScanLine(y));
        for (int x = 0; x < a.width(); ++x)
            if (std::abs(qRed(pa[x]) - qRed(pb[x])) > 8 || std::abs(qGreen(pa[x]) - qGreen(pb[x])) > 8 ||
                std::abs(qBlue(pa[x]) - qBlue(pb[x])) > 8)
                ++n;
    }
    return n;
}

QString tempDir()
{
    static QTemporaryDir dir;
    return dir.path();
}

} // namespace bonescope::guitest
