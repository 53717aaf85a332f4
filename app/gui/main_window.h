#pragma once
// The main window: the viewport in the centre, the timeline at the bottom, the bone tree and the
// properties in docks (layout remembered), menus, drag and drop, and file loading off the GUI thread.
#include <QMainWindow>
#include <QPointer>

#include "app/gui/document/scene_loading.h"

class QLabel;
class QPushButton;
class QProgressDialog;

namespace bonescope::render {
class Viewport;
}

namespace bonescope::gui {

class Autosave;
class AvatarFigureMenu;
class DockRoom;
class BoneTreePanel;
class CameraTrack;
class CompareSession;
class Document;
class DopeSheet;
class FileWatch;
class FormatPropertiesPanel;
class GraphEditorPanel;
class KeyEditorPanel;
class MotionOverlay;
class NotesPanel;
class PoseTool;
class SaveController;
class PlaybackController;
class PropertiesPanel;
class RecentFiles;
class TimelineWidget;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // `interactive`: errors open a dialog; otherwise (screenshots, benchmarks) they go to stderr.
    explicit MainWindow(bool interactive = true, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Loads on a worker thread; loadFinished tells the outcome.
    void openFile(const QString& path);
    void loadSkeletonMesh(const QString& path);
    // Load and apply before returning (command line, tests). False on error (reported as usual).
    bool openFileNow(const QString& path);
    bool loadSkeletonMeshNow(const QString& path);
    // The bundled demo: walk cycle on the demo character, playing when `autoplay`.
    bool openDemoNow(bool autoplay);

    Document* document() const { return doc_; }
    PlaybackController* playback() const { return playback_; }
    render::Viewport* viewport() const { return viewport_; }
    TimelineWidget* timeline() const { return timeline_; }
    BoneTreePanel* boneTree() const { return tree_; }
    PoseTool* poseTool() const { return poseTool_; }
    PropertiesPanel* properties() const { return properties_; }
    DopeSheet* dopeSheet() const { return dopeSheet_; }
    NotesPanel* notes() const { return notes_; }
    GraphEditorPanel* graphEditor() const { return graph_; }
    SaveController* saves() const { return saves_; }
    Autosave* autosave() const { return autosave_; }
    FileWatch* fileWatch() const { return watch_; }
    CameraTrack* cameraTrack() const { return cameraTrack_; }
    AvatarFigureMenu* avatarFigure() const { return figure_; }
    MotionOverlay* motionOverlay() const { return motion_; }
    CompareSession* comparison() const { return compare_; }
    QString lastError() const { return lastError_; }

signals:
    void loadFinished(bool ok);
    // The look through the folder for a game model that fits the animation has ended (offered or not).
    void companionSearchFinished();

protected:
    void closeEvent(QCloseEvent* e) override;
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dropEvent(QDropEvent* e) override;

private:
    void buildMenus();
    void buildPlaybackMenu(QMenu* menu);
    void buildViewMenu(QMenu* menu);
    void buildEditMenu(QMenu* menu);
    void offerRecovery();
    void startLoad(const QString& path, bool mesh);
    bool apply(const LoadResult& r, bool mesh);
    void report(const QString& message);
    // Before a new animation replaces the scene: drops the skeleton mesh unless its bones match
    // `scene`'s; the sentence for the status bar.
    QString keepSkeletonMeshFor(const Scene& scene);
    // File > Retarget onto skeleton...; the rig is asked for unless given (a mesh that did not fit).
    void retargetOnto(const QString& rigPath);
    void offerCompanion(const QString& animationPath);
    void showCompanion(const QString& path);
    void updateTitle();
    void updateStatus();

    bool interactive_;
    Document* doc_;
    PlaybackController* playback_;
    render::Viewport* viewport_;
    TimelineWidget* timeline_;
    BoneTreePanel* tree_;
    PropertiesPanel* properties_;
    CameraTrack* cameraTrack_;
    DopeSheet* dopeSheet_;
    NotesPanel* notes_;
    KeyEditorPanel* keyEditor_;
    FormatPropertiesPanel* formatProperties_;
    GraphEditorPanel* graph_;
    PoseTool* poseTool_;
    AvatarFigureMenu* figure_ = nullptr;
    MotionOverlay* motion_ = nullptr;
    CompareSession* compare_ = nullptr;
    SaveController* saves_;
    Autosave* autosave_;
    FileWatch* watch_;
    RecentFiles* recent_ = nullptr;
    QPointer<QProgressDialog> progress_;
    DockRoom* dockRoom_ = nullptr;
    QLabel* status_;
    QPushButton* companion_;
    QString companionPath_;
    QString lastError_;
    int pendingLoads_ = 0;
    int animationLoads_ = 0;     // animation files still loading
    bool recoveryWaiting_ = false; // the recovery question waits for them
};

} // namespace bonescope::gui
