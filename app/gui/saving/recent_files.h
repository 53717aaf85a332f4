#pragma once
// The File > Open Recent menu, kept in QSettings ("recentFiles", most recent first): files opened
// and saved under a new name; files that no longer exist are left out.
#include <QMenu>
#include <QStringList>

namespace bonescope::gui {

class RecentFiles : public QObject {
    Q_OBJECT
public:
    explicit RecentFiles(QMenu* menu, QObject* parent = nullptr);
    void add(const QString& path);
    void remove(const QString& path);
    QStringList files() const; // those that still exist (the others are dropped from the list)

signals:
    void openRequested(const QString& path);

private:
    void rebuildMenu();
    QMenu* menu_;
};

} // namespace bonescope::gui
