#pragma once
// Shared by the GUI tests: the samples of every registered format, images of the viewport, and
// settings kept out of the user's own.
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <QApplication>
#include <QImage>
#include <QTimer>
#include <QPointF>
#include <QSize>
#include <QString>
#include <QStringList>

class QAction;
class QFileDialog;
class QMenu;
class QTreeWidget;
class QWidget;

namespace bonescope::gui {
class MainWindow;
}

namespace bonescope::guitest {

// Call first in initTestCase: QSettings and temporary files go to test locations.
void isolateSettings();
// Per registered format id: the sample files under ../shared/samples with one of its extensions.
std::map<std::string, std::vector<QString>> samplesByFormat();
// The viewport as painted now (after waiting for a fresh frame).
QImage viewportImage(gui::MainWindow& w);
// Pixels that differ by more than a small tolerance in any channel.
int differingPixels(const QImage& a, const QImage& b);
// differingPixels() between what the X server shows of `widget` (read back from its window) and a
// full repaint of it. Painting reaches the screen asynchronously: poll it (QTRY_COMPARE), so that a
// busy machine is waited for while a stale strip, which no later paint fixes, still fails.
int onScreenDiffersFromFullRepaint(QWidget* widget);
// How many pixels (x, y) of an image a test picks, and their centre.
struct PixelSpot {
    int count = 0;
    QPointF centre;
};
PixelSpot pixelsWhere(const QImage& image, const std::function<bool(int x, int y)>& pick);
// A file's bytes (empty when it cannot be read).
QByteArray fileBytes(const QString& path);
// Every row of a tree (the Properties panel's), depth first, as "name: value".
QStringList treeRows(const QTreeWidget* tree);
// The window's action with that object name, or null.
QAction* findAction(gui::MainWindow& w, const char* objectName);
// Resizes, shows and waits until the window is on screen (false if it never is).
bool showWindow(QWidget& window, QSize size);
// A fresh directory for files a test writes.
QString tempDir();
// Writes `bytes` as tempDir()/`name`; its path, or empty when it could not be written.
QString writeTempFile(const QString& name, const std::vector<uint8_t>& bytes);
// Answers `modal` when it is a visible QFileDialog, as a user does: types `path` into the name field
// and presses Return. False when it is not one (or has no name field).
bool answerFileDialog(QWidget* modal, const QString& path);

// Runs `act` on the first modal widget of type T once it is up (polling every 50 ms, as a person
// would wait; gives up after 10 s).
template <class T>
void whenModal(std::function<void(T*)> act, int triesLeft = 200)
{
    QTimer::singleShot(50, [act, triesLeft] {
        if (auto* w = qobject_cast<T*>(QApplication::activeModalWidget()); w && w->isVisible())
            act(w);
        else if (triesLeft > 0)
            whenModal<T>(act, triesLeft - 1);
    });
}

// Picks `filter` in a file dialog's type list as a person does; when it is not offered, says which
// are and cancels the dialog (false).
bool pickFileType(QFileDialog* d, const QString& filter);

// Pastes a path into a (non-native) file dialog's file name box, as a person pastes one, and clicks
// its Open / Save button. A dialog still open 5 s later is cancelled, so a failure cannot hang the test.
void typeFileName(QFileDialog* d, const QString& path);

// Right-clicks row `row` of the animation list and picks the action named `name` in the menu that
// opens (by the keyboard, as the menu takes it); false when the menu or the action never showed.
bool pickFromListMenu(gui::MainWindow& w, int row, const char* name);

// The submenu titled `title` among `actions` (a menu bar's or a menu's; ampersands ignored), or null.
QMenu* menuNamed(const QList<QAction*>& actions, const QString& title);
// The action of `menu` whose text is `text` (ampersands ignored), or null.
QAction* actionNamed(QMenu* menu, const QString& text);

} // namespace bonescope::guitest
