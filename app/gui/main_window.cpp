#include "app/gui/main_window.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLabel>
#include <QLayout>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressDialog>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QUndoStack>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <cstdio>
#include <tuple>

#include "app/gui/compare/compare_menu.h"
#include "app/gui/compare/compare_session.h"
#include "app/gui/document/autosave.h"
#include "app/gui/field_focus.h"
#include "app/gui/panels/bone_tree_model.h"
#include "app/gui/panels/bone_tree_panel.h"
#include "app/gui/panels/dock_room.h"
#include "app/gui/panels/wheel_guard.h"
#include "app/gui/saving/file_dialog_columns.h"
#include "app/gui/viewport/camera_menu.h"
#include "app/gui/viewport/camera_track.h"
#include "app/gui/dialogs/reduce_keys_dialog.h"
#include "app/gui/dialogs/clip_dialogs.h"
#include "app/gui/document/demo_assets.h"
#include "app/gui/document/document.h"
#include "app/gui/graph/graph_editor_panel.h"
#include "app/gui/timeline/dope_sheet_widget.h"
#include "app/gui/saving/file_filters.h"
#include "app/gui/document/file_watch.h"
#include "app/gui/panels/format_properties_panel.h"
#include "app/gui/dialogs/help_menu.h"
#include "app/gui/dialogs/preview_while_menu.h"
#include "app/gui/panels/key_editor_panel.h"
#include "app/gui/panels/notes_panel.h"
#include "app/gui/timeline/playback_controller.h"
#include "app/gui/viewport/pose_tool.h"
#include "app/gui/panels/properties_panel.h"
#include "app/gui/saving/recent_files.h"
#include "app/gui/dialogs/base_layer_action.h"
#include "app/gui/dialogs/mesh_mismatch.h"
#include "app/gui/dialogs/retarget_action.h"
#include "app/gui/saving/save_controller.h"
#include "app/gui/document/skeleton_mesh_fit.h"
#include "app/gui/timeline/timeline_ruler.h"
#include "app/gui/timeline/timeline_widget.h"
#include "app/gui/dialogs/upload_check_dialog.h"
#include "app/gui/video/video_export_dialog.h"
#include "app/gui/viewport/avatar_figure_menu.h"
#include "app/gui/viewport/motion_overlay.h"
#include "app/gui/viewport/viewport_binding.h"
#include "render/viewport.h"
#include "app/gui/counted_words.h"

namespace bonescope::gui {

MainWindow::MainWindow(bool interactive, QWidget* parent)
    : QMainWindow(parent), interactive_(interactive), doc_(new Document(this)),
      playback_(new PlaybackController(doc_, this)), viewport_(new render::Viewport(this)),
      timeline_(new TimelineWidget(doc_, playback_, this)), tree_(new BoneTreePanel(doc_, this)),
      properties_(new PropertiesPanel(doc_, this)), cameraTrack_(new CameraTrack(doc_, viewport_, this)), dopeSheet_(new DopeSheet(doc_, timeline_->ruler(), this)),
      notes_(new NotesPanel(doc_, this)), keyEditor_(new KeyEditorPanel(doc_, dopeSheet_, this)),
      formatProperties_(new FormatPropertiesPanel(doc_, dopeSheet_, this)), graph_(new GraphEditorPanel(doc_, dopeSheet_, this)), poseTool_(new PoseTool(doc_, viewport_, this)),
      saves_(new SaveController(doc_, this, interactive)), autosave_(new Autosave(doc_, this)), watch_(new FileWatch(doc_, this, interactive)), status_(new QLabel(this)), companion_(new QPushButton(this))
{
    setObjectName("MainWindow");
    setAcceptDrops(true);
    fitEveryFileDialogsColumns();
    keepWheelForFocusedFields();
    new FieldFocus(this);
    setCentralWidget(viewport_);
    bindViewport(doc_, viewport_);

    auto dock = [this](QWidget* w, const QString& title, const char* name, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(w);
        addDockWidget(area, d);
        return d;
    };
    QDockWidget* timelineDock = dock(timeline_, tr("Timeline"), "timelineDock", Qt::BottomDockWidgetArea);
    // The right column (Properties over Key) runs the window's whole height, as Blender's properties
    // do: beside the timeline it had a third of the height, and a 14-clip file left four property rows.
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    dockRoom_ = new DockRoom(this, timelineDock);
    QDockWidget* bonesDock = dock(tree_, tr("Bones"), "bonesDock", Qt::LeftDockWidgetArea);
    QDockWidget* propertiesDock = dock(properties_, tr("Properties"), "propertiesDock", Qt::RightDockWidgetArea);
    timeline_->addBelowRuler(dopeSheet_);
    timeline_->ruler()->setLeftInset(DopeSheet::kNameWidth);
    // The Key dock's fields change with the key picked (a rotation shows Euler angles and a
    // quaternion); scrolled, its minimum height stays put, so picking a key in the graph editor or
    // the dope sheet does not resize the docks around it (and move the dot under the mouse).
    auto* keyScroll = new QScrollArea;
    keyScroll->setWidget(keyEditor_);
    keyScroll->setWidgetResizable(true);
    keyScroll->setFrameShape(QFrame::NoFrame);
    QDockWidget* keyDock = dock(keyScroll, tr("Key"), "keyEditorDock", Qt::RightDockWidgetArea);
    // Properties and Format (what the file is, what its format adds) share a place as tabs: stacked
    // three high with the Key dock, a selected key's fields were scrolled out of sight.
    tabifyDockWidget(propertiesDock, dock(formatProperties_, tr("Format"), "formatDock", Qt::RightDockWidgetArea));
    propertiesDock->raise();
    dock(notes_, tr("Notes"), "notesDock", Qt::LeftDockWidgetArea);
    // The graph editor starts hidden (View > Graph editor), above the timeline when shown.
    QDockWidget* graphDock = dock(graph_, tr("Graph editor"), "graphEditorDock", Qt::BottomDockWidgetArea);
    splitDockWidget(graphDock, timelineDock, Qt::Vertical);
    graphDock->hide();

    statusBar()->addWidget(status_, 1);
    statusBar()->addPermanentWidget(companion_);
    companion_->hide();
    connect(companion_, &QPushButton::clicked, this, [this] {
        companion_->hide();
        loadSkeletonMesh(companionPath_);
    });
    connect(doc_, &Document::sceneChanged, this, &MainWindow::updateStatus);
    connect(doc_, &Document::sceneChanged, this, &MainWindow::updateTitle);
    connect(doc_->undoStack(), &QUndoStack::cleanChanged, this, [this](bool clean) { setWindowModified(!clean); });
    connect(saves_, &SaveController::saved, this, &MainWindow::updateTitle);
    connect(doc_, &Document::pathChanged, this, &MainWindow::updateTitle); // a temporary copy named
    connect(saves_, &SaveController::saved, watch_, &FileWatch::watchDocument);
    connect(saves_, &SaveController::saved, this, [this](const QString& path) {
        statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 8000);
    });
    connect(saves_, &SaveController::reloadRequested, watch_, [this] { watch_->reload(false); });
    // After an export the window says what was written, and that the file lacks what the format
    // cannot carry (listed when the export was asked for).
    connect(saves_, &SaveController::exported, this, [this](const QString& path, const QString& format, int losses) {
        // The file's name, not its folder: the line must fit the status bar at 1280 pixels, and the
        // whole path (with an optimisation's byte counts) is the status bar's tooltip.
        QString text = tr("Exported %1 (%2)").arg(QFileInfo(path).fileName(), format);
        // Spelled out for one and for more: the window has no translation file to turn "%n thing(s)"
        // into words, and a person reads "thing(s)" as unfinished.
        if (losses == 1)
            text += tr(": 1 thing the format cannot carry was left out");
        else if (losses > 1)
            text += tr(": %1 things the format cannot carry were left out").arg(losses);
        statusBar()->showMessage(text, 10000);
        const QString summary = saves_->lastExportSummary();
        statusBar()->setToolTip(QDir::toNativeSeparators(path) + (summary.isEmpty() ? QString() : "\n" + summary));
    });
    // The tooltip belongs to the export's line (set just after it), and goes with it.
    connect(statusBar(), &QStatusBar::messageChanged, this, [this] { statusBar()->setToolTip(QString()); });
    connect(poseTool_, &PoseTool::finished, this, [this](bool kept) {
        statusBar()->showMessage(kept ? tr("Pose kept as a key at frame %1 (Ctrl+Z takes it back)").arg(doc_->frame())
                                      : tr("Posing cancelled: nothing changed"),
                                 5000);
    });
    connect(watch_, &FileWatch::message, this, [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    connect(autosave_, &Autosave::writeFailed, this, [this](const QString& why) {
        statusBar()->showMessage(tr("Autosave failed: %1").arg(why), 15000);
    });
    // Asked once the event loop has gone round once: a file the command line names is then already
    // loading (main() starts it from the event loop), and the question waits for it.
    connect(dopeSheet_, &DopeSheet::message, this, [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(timeline_, &TimelineWidget::message, this, [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(tree_->model(), &BoneTreeModel::message, this, [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    if (interactive_)
        QTimer::singleShot(0, this, [this] { QTimer::singleShot(0, this, &MainWindow::offerRecovery); });

    figure_ = new AvatarFigureMenu(doc_, this, interactive_);
    motion_ = new MotionOverlay(doc_, viewport_, this);
    compare_ = new CompareSession(doc_, viewport_, tree_, graph_->graph(), timeline_->ruler(), this);
    buildMenus();
    resize(1280, 800);
    QSettings settings;
    restoreGeometry(settings.value("window/geometry").toByteArray());
    if (!restoreState(settings.value("window/state").toByteArray())) {
        // The first run: the Key dock gets three fifths of the right column once the window is laid
        // out (a rotation key's fields and flags), and the column the width of a quaternion's four
        // fields with their digits.
        // The Bones column wide enough for an avatar's names beside the T R S V counts.
        QTimer::singleShot(0, this, [this, propertiesDock, keyDock, bonesDock] {
            const int h = propertiesDock->height() + keyDock->height();
            resizeDocks({propertiesDock, keyDock}, {h * 2 / 5, h - h * 2 / 5}, Qt::Vertical);
            const int wide = std::min(360, width() * 28 / 100); // not at a small window's view's cost
            resizeDocks({keyDock}, {std::max(keyDock->width(), wide)}, Qt::Horizontal);
            // Laid out now, not on a later turn of the event loop: the timeline's room is measured on the
            // docks' new widths, and a picture taken once the window has painted is of the settled layout.
            layout()->activate();
            dockRoom_->keepTimelineWhole();
            resizeDocks({bonesDock}, {std::max(bonesDock->width(), std::min(300, width() * 22 / 100))}, Qt::Horizontal);
            layout()->activate();
        });
    }
    updateTitle();
    updateStatus();
}

MainWindow::~MainWindow() = default;

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open..."), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open animation"), doc_->dialogFolder(), animationFileFilter());
        if (!path.isEmpty())
            openFile(path);
    });
    open->setShortcut(QKeySequence::Open);
    open->setObjectName("open");
    QMenu* recentMenu = file->addMenu(tr("Open &Recent"));
    recent_ = new RecentFiles(recentMenu, this);
    connect(recent_, &RecentFiles::openRequested, this, &MainWindow::openFile);
    connect(saves_, &SaveController::saved, recent_, &RecentFiles::add);
    file->addAction(tr("&Save"), QKeySequence::Save, saves_, [this] { saves_->save(); });
    // Spelled out: QKeySequence::SaveAs is empty on Windows and on Linux outside GNOME and KDE.
    file->addAction(tr("Save &as..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), saves_, [this] { saves_->saveAs(); })
        ->setObjectName("saveAs");
    file->addAction(tr("&Export..."), QKeySequence(Qt::CTRL | Qt::Key_E), saves_, [this] { saves_->exportTo(); })
        ->setObjectName("export");
    file->addAction(tr("Export &video..."), this, [this] { exportVideo(*this); })->setObjectName("exportVideo");
    file->addAction(tr("Check for Second Life &upload..."), this, [this] {
        if (doc_->isEmpty() || !doc_->scene().currentAnimation()) {
            statusBar()->showMessage(tr("Open an animation first."), 8000);
            return;
        }
        UploadCheckDialog(doc_, saves_, this).exec();
    })->setObjectName("checkUpload");
    file->addAction(tr("Re&load"), QKeySequence::Refresh, watch_, [this] { watch_->reload(); })->setObjectName("reload");
    QAction* autoReload = file->addAction(tr("Reload &when the file changes"));
    autoReload->setObjectName("reloadWhenChanged");
    autoReload->setCheckable(true);
    autoReload->setChecked(watch_->autoReload());
    connect(autoReload, &QAction::toggled, watch_, &FileWatch::setAutoReload);
    file->addSeparator();
    file->addAction(tr("Load &skeleton mesh..."), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Load skeleton mesh"), doc_->dialogFolder(), meshFileFilter());
        if (!path.isEmpty())
            loadSkeletonMesh(path);
    });
    file->addAction(tr("&Clear skeleton mesh"), doc_, &Document::clearSkeletonMesh);
    file->addAction(tr("Open &demo"), this, [this] { openDemoNow(true); });
    file->addAction(tr("Re&target onto skeleton..."), this, [this] { retargetOnto({}); });
    file->addSeparator();
    addCompareActions(file, compare_, doc_, this, statusBar(), interactive_);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    buildEditMenu(menuBar()->addMenu(tr("&Edit")));
    buildViewMenu(menuBar()->addMenu(tr("&View")));
    buildPlaybackMenu(menuBar()->addMenu(tr("&Playback")));
    buildHelpMenu(menuBar()->addMenu(tr("&Help")), this);
}

void MainWindow::buildEditMenu(QMenu* edit)
{
    QAction* undo = doc_->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = doc_->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    // What the status bar said of the step no longer holds once it is taken back (or redone): it goes,
    // and the step undone is named instead.
    connect(undo, &QAction::triggered, this, [this] {
        statusBar()->showMessage(tr("Undone: %1").arg(doc_->undoStack()->redoText()), 5000);
    });
    connect(redo, &QAction::triggered, this, [this] {
        statusBar()->showMessage(tr("Redone: %1").arg(doc_->undoStack()->undoText()), 5000);
    });
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    // Window-wide keys; text fields still get their own Delete / Ctrl+C / Ctrl+V and letters.
    auto add = [&](const QString& label, const QKeySequence& key, void (DopeSheet::*slot)()) {
        QAction* a = edit->addAction(label, dopeSheet_, slot);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WindowShortcut);
    };
    add(tr("&Insert key (selected bones, current pose)"), QKeySequence(Qt::Key_I), &DopeSheet::insertKey);
    // Posing: wherever the keyboard is (the tree after picking a bone, the dope sheet after a key), as
    // long as the mouse is over the view.
    for (const auto& [label, key, mode] : {std::tuple{tr("Pose: &rotate the selected bone (mouse over the view)"), Qt::Key_R, PoseTool::Mode::Rotate},
                                           std::tuple{tr("Pose: &move the selected bone (mouse over the view)"), Qt::Key_G, PoseTool::Mode::Move}}) {
        QAction* a = edit->addAction(label, this, [this, mode = mode] {
            if (poseTool_->beginAtMouse(mode)) {
                // Until the gesture ends: how to keep or drop it (nothing on screen said so).
                const QString bone = QString::fromStdString(doc_->skeleton().bones[size_t(doc_->currentBone())].name);
                statusBar()->showMessage(
                    (mode == PoseTool::Mode::Rotate ? tr("Rotating %1") : tr("Moving %1")).arg(bone) +
                    tr(": move the mouse; click or Enter keeps the pose as a key, Esc or a right click cancels"));
                return;
            }
            statusBar()->showMessage(doc_->currentBone() < 0
                                         ? tr("Select a bone to pose (in the tree or the viewport), then press R or G with the mouse over the view")
                                         : tr("Put the mouse over the view, then press R or G to pose the bone"),
                                     8000);
        });
        a->setShortcut(QKeySequence(key));
        a->setShortcutContext(Qt::WindowShortcut);
    }
    add(tr("&Delete keys"), QKeySequence::Delete, &DopeSheet::deleteSelected);
    add(tr("&Copy keys"), QKeySequence::Copy, &DopeSheet::copySelected);
    add(tr("&Paste keys at the current time"), QKeySequence::Paste, &DopeSheet::paste);
    edit->addAction(tr("Add &note at the current frame"), notes_, &NotesPanel::addNote);
    edit->addSeparator();
    addReduceKeysAction(edit, doc_, this);
    addBaseLayerActions(addClipMenu(edit, doc_, this), doc_, this);
}

void MainWindow::offerRecovery()
{
    // One document switch at a time: a file still loading (the command line's) comes in first,
    // then the question, so a late load never replaces the recovered edits.
    if (animationLoads_ > 0) {
        recoveryWaiting_ = true;
        return;
    }
    for (const Recovery& r : autosave_->pending()) {
        const QString name = !r.originalPath.isEmpty() ? r.originalPath : !r.name.isEmpty() ? r.name : tr("an unsaved animation");
        const auto answer = QMessageBox::question(
            this, tr("Recover unsaved edits"),
            tr("Bonescope closed with unsaved edits to %1 (autosaved %2). Recover them?")
                .arg(name, QLocale().toString(r.written.toLocalTime(), QLocale::ShortFormat)),
            QMessageBox::Yes | QMessageBox::No);
        if (answer != QMessageBox::Yes) {
            Autosave::remove(r);
            continue;
        }
        if (!saves_->maybeSave())
            return;
        const LoadResult loaded = loadAnimationFile(r.autosavePath);
        if (!loaded.scene) {
            report(loaded.error);
            continue;
        }
        const bool untitled = r.originalPath.isEmpty();
        doc_->setScene(std::move(*loaded.scene), untitled ? r.autosavePath : r.originalPath,
                       untitled ? FileStamp{} : FileStamp::of(r.originalPath));
        // Called what it was called (the copy's own name is a hash), until saved under a name.
        if (untitled)
            doc_->setTemporaryCopy(r.name.isEmpty() ? tr("Recovered animation") : r.name,
                                   tr("an autosaved copy"));
        // The skeleton mesh it played on, when it is still there (the demo's is not).
        if (!r.meshPath.isEmpty() && QFileInfo::exists(r.meshPath))
            if (LoadResult mesh = loadMeshFile(r.meshPath); mesh.scene)
                doc_->setSkeletonMesh(std::move(*mesh.scene), mesh.path);
        // The copy stays (and is rewritten) until the recovered edits are saved or discarded.
        autosave_->adopt(r);
        doc_->undoStack()->resetClean(); // modified until saved
        viewport_->frameAll();
        return;
    }
}

void MainWindow::buildViewMenu(QMenu* view)
{
    view->addAction(tr("Frame &all"), QKeySequence(Qt::Key_A), viewport_, &render::Viewport::frameAll);
    view->addAction(tr("&Frame selected"), QKeySequence(Qt::Key_F), viewport_, &render::Viewport::frameSelected)
        ->setShortcuts({QKeySequence(Qt::Key_F), QKeySequence(Qt::KeypadModifier | Qt::Key_Period)}); // as Blender
    view->addSeparator();
    auto* up = new QActionGroup(this);
    QAction* yUp = view->addAction(tr("Source is &Y up"));
    QAction* zUp = view->addAction(tr("Source is &Z up"));
    for (QAction* a : {yUp, zUp}) {
        a->setCheckable(true);
        up->addAction(a);
    }
    connect(yUp, &QAction::triggered, doc_, [this] { doc_->setUpAxis(render::UpAxis::Y); });
    connect(zUp, &QAction::triggered, doc_, [this] { doc_->setUpAxis(render::UpAxis::Z); });
    auto syncUp = [this, yUp, zUp] { (doc_->upAxis() == render::UpAxis::Z ? zUp : yUp)->setChecked(true); };
    connect(doc_, &Document::upAxisChanged, this, syncUp);
    syncUp();

    QMenu* motion = view->addMenu(tr("&Root motion"));
    auto* group = new QActionGroup(this);
    const std::pair<QString, render::RootMotion> modes[] = {{tr("&Free (the camera stays)"), render::RootMotion::Free},
                                                           {tr("F&ollow with the camera"), render::RootMotion::Follow},
                                                           {tr("Keep in &place"), render::RootMotion::InPlace}};
    for (const auto& [label, mode] : modes) {
        QAction* a = motion->addAction(label);
        a->setCheckable(true);
        a->setChecked(mode == render::RootMotion::Free);
        group->addAction(a);
        connect(a, &QAction::triggered, viewport_, [this, m = mode] { viewport_->setRootMotion(m); });
    }
    view->addSeparator();
    auto toggle = [&](const QString& label, void (render::Viewport::*slot)(bool), bool on = true) {
        QAction* a = view->addAction(label);
        a->setCheckable(true);
        a->setChecked(on);
        connect(a, &QAction::toggled, viewport_, slot);
        return a;
    };
    toggle(tr("Show &mesh"), &render::Viewport::setShowMesh);
    toggle(tr("Show &bones"), &render::Viewport::setShowBones);
    // Every name, as Blender's Names overlay: off at first (a 200-bone rig's names would bury the figure);
    // the hovered and selected bones' names show either way.
    QAction* names = toggle(tr("Show bone &names"), &render::Viewport::setShowAllNames, false);
    names->setObjectName("showBoneNames");
    names->setStatusTip(tr("Every bone's name, where it does not cover another; the bone under the mouse and the "
                           "selected bones are named either way"));
    toggle(tr("Show &grid"), &render::Viewport::setShowGrid)->setObjectName("showGrid");
    toggle(tr("Show a&xes"), &render::Viewport::setShowAxes)->setObjectName("showAxes");
    toggle(tr("Show &collision volumes"), &render::Viewport::setShowCollisionVolumes, false)
        ->setObjectName("showCollisionVolumes");
    toggle(tr("Show a&ttachment points"), &render::Viewport::setShowAttachmentPoints, false)
        ->setObjectName("showAttachmentPoints");
    toggle(tr("Show unanimated &extension bones"), &render::Viewport::setShowExtensionBones, false)
        ->setObjectName("showExtensionBones");
    figure_->addTo(view);
    motion_->addTo(view);
    (new CameraMenu(doc_, viewport_, cameraTrack_, this))->addTo(view);
    addPreviewWhileMenu(view, doc_, this);
    view->addSeparator();
    for (QDockWidget* d : findChildren<QDockWidget*>())
        view->addAction(d->toggleViewAction());
}

void MainWindow::buildPlaybackMenu(QMenu* m)
{
    auto add = [&](const QString& label, const QKeySequence& key, void (PlaybackController::*slot)()) {
        QAction* a = m->addAction(label, playback_, slot);
        a->setShortcut(key);
        // The keys work wherever the focus is in the window, except while typing in a text field.
        a->setShortcutContext(Qt::WindowShortcut);
    };
    add(tr("&Play / pause"), Qt::Key_Space, &PlaybackController::togglePlay);
    m->addAction(tr("Play &backwards"), playback_, &PlaybackController::playBackwards);
    add(tr("Step &forward"), Qt::Key_Right, &PlaybackController::stepForward);
    add(tr("Step bac&k"), Qt::Key_Left, &PlaybackController::stepBackward);
    add(tr("&Next key"), Qt::Key_Up, &PlaybackController::nextKey);
    add(tr("P&revious key"), Qt::Key_Down, &PlaybackController::previousKey);
    add(tr("F&irst frame"), Qt::Key_Home, &PlaybackController::firstFrame);
    add(tr("&Last frame"), Qt::Key_End, &PlaybackController::lastFrame);
    // The preview range: Blender's timeline keys for Set Start / End Frame and Clear Preview Range.
    m->addSeparator();
    add(tr("Set preview &start at the current frame"), QKeySequence(Qt::CTRL | Qt::Key_Home), &PlaybackController::setPreviewStart);
    add(tr("Set preview &end at the current frame"), QKeySequence(Qt::CTRL | Qt::Key_End), &PlaybackController::setPreviewEnd);
    add(tr("&Clear preview range"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_P), &PlaybackController::clearPreviewRange);
    QAction* all = m->addAction(tr("Frame all in &time"), timeline_->ruler(), &TimelineRuler::frameAllInTime);
    all->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Home));
    all->setShortcutContext(Qt::WindowShortcut);
    m->addSeparator();
    QAction* loop = m->addAction(tr("L&oop"));
    loop->setCheckable(true);
    loop->setChecked(playback_->loop());
    connect(loop, &QAction::toggled, playback_, &PlaybackController::setLoop);
    connect(playback_, &PlaybackController::loopChanged, loop, &QAction::setChecked);
}

void MainWindow::startLoad(const QString& path, bool mesh)
{
    auto* watcher = new QFutureWatcher<LoadResult>(this);
    ++pendingLoads_;
    if (!mesh)
        ++animationLoads_;
    // The document this load is to replace; another one that came in meanwhile (a recovery, a
    // quicker load) is asked about again before it is replaced.
    const quint64 generation = doc_->generation();
    const int undoIndex = doc_->undoStack()->index();
    if (!progress_) {
        progress_ = new QProgressDialog(tr("Loading %1...").arg(QFileInfo(path).fileName()), QString(), 0, 0, this);
        progress_->setWindowModality(Qt::WindowModal);
        progress_->setMinimumDuration(300); // shown only when the load is slow
    }
    connect(watcher, &QFutureWatcher<LoadResult>::finished, this, [this, watcher, mesh, generation, undoIndex] {
        const LoadResult r = watcher->result();
        watcher->deleteLater();
        // Gone before apply(): an error box opened there runs its own event loop, where a deleteLater()
        // would wait and the dialog's show timer would put it, modal, over the box.
        if (--pendingLoads_ == 0 && progress_)
            delete progress_;
        const bool switched = doc_->generation() != generation || doc_->undoStack()->index() != undoIndex;
        emit loadFinished(!mesh && switched && !saves_->maybeSave() ? false : apply(r, mesh));
        if (!mesh && --animationLoads_ == 0 && recoveryWaiting_) {
            recoveryWaiting_ = false;
            QTimer::singleShot(0, this, &MainWindow::offerRecovery);
        }
    });
    watcher->setFuture(QtConcurrent::run(mesh ? &loadMeshFile : &loadAnimationFile, path));
}

void MainWindow::openFile(const QString& path)
{
    if (saves_->maybeSave())
        startLoad(path, false);
}
void MainWindow::loadSkeletonMesh(const QString& path) { startLoad(path, true); }

void MainWindow::retargetOnto(const QString& rigPath)
{
    if (!retargetDocument(this, doc_, rigPath))
        return;
    viewport_->frameAll(); // the rig can be of another size and place than the source
    updateTitle();         // the result is new work, not the source file (Save asks for a name)
    statusBar()->showMessage(tr("Retargeted: Edit > Undo puts the source back; Save asks for a name"), 10000);
}
bool MainWindow::openFileNow(const QString& path) { return saves_->maybeSave() && apply(loadAnimationFile(path), false); }
bool MainWindow::loadSkeletonMeshNow(const QString& path) { return apply(loadMeshFile(path), true); }

bool MainWindow::openDemoNow(bool autoplay)
{
    const DemoFiles demo = demoFiles();
    if (!openFileNow(demo.animation) || !loadSkeletonMeshNow(demo.mesh))
        return false;
    recent_->remove(demo.animation); // a temporary copy: not a file to offer again
    // In a folder deleted on quit: Save asks where; Properties says what it is, not the folder.
    doc_->setTemporaryCopy(QFileInfo(demo.animation).fileName(), tr("the bundled demo"));
    companion_->hide();
    viewport_->frameAll();
    if (autoplay)
        playback_->play();
    return true;
}

bool MainWindow::apply(const LoadResult& r, bool mesh)
{
    if (!r.scene) {
        report(r.error);
        return false;
    }
    lastError_.clear();
    QString message = tr("Read %1 (%2)").arg(QFileInfo(r.path).fileName(), r.format);
    if (mesh) {
        if (const Animation* a = doc_->scene().currentAnimation(); a && !a->tracks.empty()) {
            const MeshFit fit = meshFit(r.scene->skeleton, doc_->scene());
            if (!fit.fits()) {
                const QString name = QFileInfo(r.path).fileName();
                switch (askAboutMismatchedMesh(this, name, fit, interactive_)) {
                case MeshMismatchChoice::Cancel:
                    return false;
                case MeshMismatchChoice::Retarget:
                    retargetOnto(r.path);
                    return true;
                case MeshMismatchChoice::Load:
                    message += " | " + meshMismatchWords(name, fit);
                    break;
                }
            }
        }
        doc_->setSkeletonMesh(std::move(*r.scene), r.path);
        companion_->hide(); // a model is in use now (--skeleton may finish after the animation's offer)
    } else {
        if (!doc_->meshPath().isEmpty()) {
            // The demo's character came with the demo, not from the user: it goes without a word.
            const bool demosOwn = isDemoFile(doc_->meshPath());
            const QString kept = keepSkeletonMeshFor(*r.scene);
            if (!demosOwn || !doc_->meshPath().isEmpty())
                message += " | " + kept;
        }
        doc_->setScene(std::move(*r.scene), r.path, r.stamp);
        recent_->add(r.path);
        offerCompanion(r.path);
    }
    viewport_->frameAll();
    statusBar()->showMessage(message, 10000);
    return true;
}

QString MainWindow::keepSkeletonMeshFor(const Scene& scene)
{
    const QString mesh = QFileInfo(doc_->meshPath()).fileName();
    const MeshFit fit = meshFit(doc_->skeletonMeshBones(), scene);
    const QString counts = tr("%1 of %2 bones match").arg(fit.matched).arg(fit.names);
    if (fit.fits())
        return tr("kept skeleton mesh %1 (%2)").arg(mesh, counts);
    doc_->clearSkeletonMesh();
    return tr("skeleton mesh %1 removed: it does not belong to this animation (%2)").arg(mesh, counts);
}

void MainWindow::report(const QString& message)
{
    lastError_ = message;
    if (interactive_)
        QMessageBox::warning(this, tr("Cannot open the file"), message);
    else
        std::fprintf(stderr, "%s\n", message.toLocal8Bit().constData());
}

void MainWindow::offerCompanion(const QString& animationPath)
{
    companion_->hide();
    if (!doc_->scene().skeleton.empty() || !doc_->meshPath().isEmpty())
        return; // the animation has its own skeleton, or a skeleton mesh that fits it is in use
    if (const QStringList near = meshCompanions(animationPath); !near.isEmpty())
        return showCompanion(near.front());
    const Animation* a = doc_->scene().currentAnimation();
    if (!a)
        return;
    // Looking through the folder's game models reads up to 32 of them: on another thread, so that a
    // folder of big models does not freeze the window after the animation is on screen.
    std::vector<std::string> tracks;
    for (const Track& t : a->tracks)
        tracks.push_back(t.name);
    const quint64 generation = doc_->generation();
    auto* watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, generation] {
        const QString model = watcher->result();
        watcher->deleteLater();
        // Not offered for another file opened meanwhile, nor once a skeleton mesh is in use.
        if (!model.isEmpty() && doc_->generation() == generation && doc_->meshPath().isEmpty())
            showCompanion(model);
        emit companionSearchFinished();
    });
    watcher->setFuture(QtConcurrent::run(&matchingGameModel, animationPath, std::move(tracks)));
}

void MainWindow::showCompanion(const QString& path)
{
    companionPath_ = path;
    companion_->setText(tr("Load skeleton mesh %1").arg(QFileInfo(path).fileName()));
    companion_->show();
}

void MainWindow::updateTitle()
{
    const QString name = doc_->isEmpty() ? tr("no file") : doc_->title();
    setWindowTitle(tr("%1[*] - Bonescope").arg(name));
    setWindowModified(doc_->isModified());
}

void MainWindow::updateStatus()
{
    const QStringList unmatched = doc_->unmatchedTracks();
    QString text = tr("%1 bones, skeleton: %2").arg(doc_->skeleton().size()).arg(doc_->skeletonSource());
    if (!unmatched.isEmpty())
        text += tr(" | %1 %2 no bone: %3")
                    .arg(countedWords(unmatched.size(), "track"), agreeWords(unmatched.size(), "matches", "match"))
                    .arg(QStringList(unmatched.mid(0, 8)).join(", ") + (unmatched.size() > 8 ? ", ..." : ""));
    status_->setText(text);
}

void MainWindow::closeEvent(QCloseEvent* e)
{
    if (!saves_->maybeSave()) {
        e->ignore();
        return;
    }
    autosave_->discard();
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
    QMainWindow::closeEvent(e);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* e)
{
    if (e->mimeData()->hasUrls())
        e->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* e)
{
    for (const QUrl& url : e->mimeData()->urls()) {
        const QString path = url.toLocalFile();
        if (path.isEmpty())
            continue;
        if (dropsAsSkeletonMesh(path, !doc_->isEmpty()))
            loadSkeletonMesh(path);
        else
            openFile(path);
    }
    e->acceptProposedAction();
}

} // namespace bonescope::gui
