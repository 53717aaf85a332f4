#pragma once
// The File > Open Recent menu, kept in QSettings ("recentFiles", most recent first).
#include <QMenu>
#include <QStringList>

namespace bonescope::gui {

class RecentFiles : public QObject {
    Q_OBJECT
public:
    explicit RecentFiles(QMenu* menu, QObject* parent = nullptr);
    void add(const QString& path);
    QStringList files() const;

signals:
    void openRequested(const QString& path);

private:
    void rebuildMenu();
    QMenu* menu_;
};

} // namespace bonescope::gui
