// bonescope: the viewer. With no file it opens the bundled demo and plays it.
#include <algorithm>
#include <cstdio>
#include <cstring>

#include <QApplication>
#include <QElapsedTimer>
#include <QSurfaceFormat>
#include <QTimer>

#include "app/gui/command_line.h"
#include "app/gui/headless_modes.h"
#include "app/gui/main_window.h"
#include "app/gui/viewport/avatar_figure_menu.h"

namespace {

void describeApplication()
{
    QCoreApplication::setApplicationName("Bonescope");
    QCoreApplication::setOrganizationName("Bonescope");
    QCoreApplication::setApplicationVersion("0.1.0");
    // Wayland and the task bar match the window to io.github.bonescope.Bonescope.desktop (its icon).
    QGuiApplication::setDesktopFileName("io.github.bonescope.Bonescope");
}

} // namespace

int main(int argc, char** argv)
{
    // --help and --version need no display: answer them before a GUI application connects to one.
    if (std::any_of(argv + 1, argv + argc, [](const char* a) {
            return !std::strcmp(a, "--help") || !std::strcmp(a, "-h") || !std::strcmp(a, "--version") ||
                   !std::strcmp(a, "-v");
        })) {
        QCoreApplication core(argc, argv);
        describeApplication();
        QString error;
        bonescope::gui::parseOptions(QCoreApplication::arguments(), &error); // prints and exits
        std::fprintf(stderr, "bonescope: %s\n", qPrintable(error));
        return 2;
    }

    QElapsedTimer sinceStart;
    sinceStart.start();
    QSurfaceFormat format;
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setDepthBufferSize(24);
    QSurfaceFormat::setDefaultFormat(format);

    QApplication app(argc, argv);
    describeApplication();

    QString error;
    const auto options = bonescope::gui::parseOptions(QApplication::arguments(), &error);
    if (!options) {
        std::fprintf(stderr, "bonescope: %s (see --help)\n", qPrintable(error));
        return 2;
    }
    if (!options->screenshot.isEmpty())
        return bonescope::gui::runScreenshot(*options);
    if (options->rendersOut())
        return bonescope::gui::runRenderOut(*options);
    if (options->benchmark || options->benchmarkOpen)
        return bonescope::gui::runBenchmark(*options, sinceStart);

    bonescope::gui::MainWindow window;
    window.show();
    // Load after the window is up, so it appears at once and a slow file shows progress.
    QTimer::singleShot(0, &window, [&window, &options] {
        if (options->file.isEmpty()) {
            window.openDemoNow(true);
            return;
        }
        window.openFile(options->file);
        if (!options->skeleton.isEmpty())
            window.loadSkeletonMesh(options->skeleton);
        window.avatarFigure()->applyCommandLine(options->figure, options->attach);
    });
    return app.exec();
}
