#include "app/gui/saving/recent_files.h"

#include <QFileInfo>
#include <QSettings>

namespace bonescope::gui {

namespace {
constexpr int kMax = 10;
const char* kKey = "recentFiles";
} // namespace

RecentFiles::RecentFiles(QMenu* menu, QObject* parent) : QObject(parent), menu_(menu)
{
    rebuildMenu();
    // Files deleted or moved since the list was built drop out when the menu opens.
    connect(menu_, &QMenu::aboutToShow, this, &RecentFiles::rebuildMenu);
}

QStringList RecentFiles::files() const
{
    QStringList list = QSettings().value(kKey).toStringList();
    list.removeIf([](const QString& path) { return !QFileInfo::exists(path); });
    return list;
}

void RecentFiles::remove(const QString& path)
{
    QStringList list = files();
    list.removeAll(QFileInfo(path).absoluteFilePath());
    QSettings().setValue(kKey, list);
    rebuildMenu();
}

void RecentFiles::add(const QString& path)
{
    QStringList list = files();
    const QString abs = QFileInfo(path).absoluteFilePath();
    list.removeAll(abs);
    list.prepend(abs);
    while (list.size() > kMax)
        list.removeLast();
    QSettings().setValue(kKey, list);
    rebuildMenu();
}

void RecentFiles::rebuildMenu()
{
    menu_->clear();
    const QStringList list = files();
    for (int i = 0; i < list.size(); ++i) {
        const QString path = list[i];
        QAction* a = menu_->addAction(QString("&%1 %2").arg((i + 1) % 10).arg(QFileInfo(path).fileName()));
        a->setToolTip(path);
        a->setStatusTip(path);
        connect(a, &QAction::triggered, this, [this, path] { emit openRequested(path); });
    }
    menu_->setEnabled(!list.isEmpty());
    if (!list.isEmpty()) {
        menu_->addSeparator();
        connect(menu_->addAction(tr("Clear list")), &QAction::triggered, this, [this] {
            QSettings().remove(kKey);
            rebuildMenu();
        });
    }
}

} // namespace bonescope::gui
