#include "gui_test_support.h"

#include <cstdlib>

#include <QAction>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDebug>
#include <QListWidget>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QLineEdit>
#include <QMenu>
#include <QPixmap>
#include <QPushButton>
#include <QScreen>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

#include "app/gui/main_window.h"
#include "app/gui/panels/properties_panel.h"
#include "app/gui/viewport/window_capture.h"
#include "formats/registry.h"
#include "render/viewport.h"

namespace bonescope::guitest {

QByteArray fileBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString writeTempFile(const QString& name, const std::vector<uint8_t>& bytes)
{
    const QString path = tempDir() + "/" + name;
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly) ||
        out.write(reinterpret_cast<const char*>(bytes.data()), qint64(bytes.size())) != qint64(bytes.size()))
        return {};
    return path;
}

void isolateSettings()
{
    // A home of this process's own: test mode puts settings and the autosave folder under ~/.qttest,
    // which GUI tests running side by side (ctest -j2) would otherwise share, so one test's recent
    // files, export folder or pending recovery would reach another's window.
    static QTemporaryDir home;
    qputenv("HOME", QFile::encodeName(home.path()));
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("BonescopeTests");
    QCoreApplication::setApplicationName("bonescope-gui-tests");
}

std::map<std::string, std::vector<QString>> samplesByFormat()
{
    std::map<std::string, std::vector<QString>> out;
    // The shared samples, and the project's own Dash fixtures (no public Dash file exists).
    std::vector<QDir> dirs;
    const QDir root(BONESCOPE_SAMPLES);
    for (const QString& folder : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
        dirs.emplace_back(root.filePath(folder));
    dirs.emplace_back(QStringLiteral(BONESCOPE_FIXTURES "/dash"));
    for (const QDir& dir : dirs) {
        for (const QString& file : dir.entryList(QDir::Files, QDir::Name)) {
            const QString path = dir.filePath(file);
            // By content, as the window opens it (several Dash variants share an extension).
            QFile f(path);
            if (!f.open(QIODevice::ReadOnly))
                continue;
            const QByteArray bytes = f.readAll();
            const auto span = std::span(reinterpret_cast<const uint8_t*>(bytes.constData()), size_t(bytes.size()));
            const Format* format = Registry::instance().detect(span, path.toStdString());
            if (format)
                out[format->id()].push_back(path);
        }
    }
    return out;
}

bool showWindow(QWidget& window, QSize size)
{
    window.resize(size);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    return true;
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

int onScreenDiffersFromFullRepaint(QWidget* widget)
{
    const QImage full = widget->grab().toImage().convertToFormat(QImage::Format_RGB32);
    QWidget* window = widget->window();
    const QPoint at = widget->mapTo(window, QPoint(0, 0));
    const QImage screen = window->screen()
                              ->grabWindow(window->winId(), at.x(), at.y(), widget->width(), widget->height())
                              .toImage()
                              .convertToFormat(QImage::Format_RGB32);
    return differingPixels(screen, full);
}

PixelSpot pixelsWhere(const QImage& image, const std::function<bool(int x, int y)>& pick)
{
    PixelSpot spot;
    double sx = 0, sy = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (pick(x, y)) {
                ++spot.count;
                sx += x;
                sy += y;
            }
    if (spot.count)
        spot.centre = QPointF(sx / spot.count, sy / spot.count);
    return spot;
}

QStringList treeRows(const QTreeWidget* tree)
{
    QStringList out;
    for (QTreeWidgetItemIterator it(const_cast<QTreeWidget*>(tree)); *it; ++it)
        out << (*it)->text(0) + ": " + (*it)->text(1);
    return out;
}

QAction* findAction(gui::MainWindow& w, const char* objectName)
{
    for (QAction* a : w.findChildren<QAction*>())
        if (a->objectName() == objectName)
            return a;
    return nullptr;
}

QString tempDir()
{
    static QTemporaryDir dir;
    return dir.path();
}

bool answerFileDialog(QWidget* modal, const QString& path)
{
    auto* files = qobject_cast<QFileDialog*>(modal);
    auto* name = files && files->isVisible() ? files->findChild<QLineEdit*>("fileNameEdit") : nullptr;
    if (!name)
        return false;
    name->setText(path);
    QTest::keyClick(name, Qt::Key_Return);
    return true;
}

bool pickFileType(QFileDialog* d, const QString& filter)
{
    auto* types = d->findChild<QComboBox*>("fileTypeCombo");
    const int at = types ? types->findText(filter) : -1;
    if (at < 0) {
        qWarning() << "no filter" << filter << "in" << d->nameFilters();
        d->reject();
        return false;
    }
    types->setCurrentIndex(at);
    emit types->activated(at);
    return true;
}

void typeFileName(QFileDialog* d, const QString& path)
{
    QTimer::singleShot(5000, d, [d] {
        if (d->isVisible())
            d->reject();
    });
    auto* edit = d->findChild<QLineEdit*>("fileNameEdit");
    auto* buttons = d->findChild<QDialogButtonBox*>("buttonBox");
    if (!edit || !buttons) {
        qWarning() << "file dialog without" << (edit ? "its buttons" : "its file name box");
        return;
    }
    edit->setFocus();
    edit->selectAll();
    edit->insert(path);
    QTest::qWait(200); // the dialog's completion catches up
    QPushButton* ok = buttons->button(QDialogButtonBox::Open) ? buttons->button(QDialogButtonBox::Open)
                                                               : buttons->button(QDialogButtonBox::Save);
    if (ok)
        QTest::mouseClick(ok, Qt::LeftButton);
}

QMenu* menuNamed(const QList<QAction*>& actions, const QString& title)
{
    for (QAction* a : actions)
        if (a->menu() && a->text().remove('&') == title)
            return a->menu();
    return nullptr;
}

QAction* actionNamed(QMenu* menu, const QString& text)
{
    for (QAction* a : menu->actions())
        if (a->text().remove('&') == text)
            return a;
    return nullptr;
}

bool pickFromListMenu(gui::MainWindow& w, int row, const char* name)
{
    QListWidget* list = w.properties()->animationList();
    const QPoint at = list->visualItemRect(list->item(row)).center();
    bool picked = false;
    QTimer poll;
    poll.setInterval(20);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
        if (!menu || !menu->isVisible())
            return;
        poll.stop();
        for (QAction* a : menu->actions())
            if (a->objectName() == name && a->isEnabled()) {
                menu->setActiveAction(a);
                QTest::keyClick(menu, Qt::Key_Return);
                picked = true;
                return;
            }
        menu->close();
    });
    poll.start();
    QContextMenuEvent event(QContextMenuEvent::Mouse, at, list->viewport()->mapToGlobal(at));
    QApplication::sendEvent(list->viewport(), &event);
    return picked;
}

} // namespace bonescope::guitest
