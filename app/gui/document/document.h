#pragma once
// The single source the views read: the loaded scene, the animation being played, the skeleton in
// use (the file's own, a loaded skeleton mesh's, or one bone per track), the optional skinned mesh,
// the current time and pose, and the bone selection.
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <QObject>
#include <QString>
#include <QStringList>
#include <glm/mat4x4.hpp>

#include "app/gui/document/file_stamp.h"
#include "core/playback/layering.h"
#include "core/model/pose.h"
#include "core/playback/priority_mix.h"
#include "core/playback/sampler.h"
#include "core/model/scene.h"
#include "formats/secondlife/avatar_figure.h"
#include "render/display_axes.h"

class QUndoStack;

namespace bonescope::gui {

class Document : public QObject {
    Q_OBJECT
public:
    explicit Document(QObject* parent = nullptr);
    ~Document() override;

    // Replaces the scene (and keeps a loaded skeleton mesh, which the new animation binds to).
    // `stamp`: the file as it was read (see diskStamp()).
    void setScene(Scene scene, const QString& path, const FileStamp& stamp = {});
    // A skeleton mesh (from Assimp): its skeleton drives playback unless the scene has its own.
    void setSkeletonMesh(Scene meshScene, const QString& path);
    void clearSkeletonMesh();

    // The Second Life avatar figure (its body and props) drawn instead of the mesh while set and while
    // the skeleton in use has the avatar's bones (app/gui/viewport/avatar_figure_menu.h); null: none.
    void setFigure(std::shared_ptr<const secondlife::AvatarFigure> figure);
    bool figureShown() const { return figureShown_; }

    const Scene& scene() const { return scene_; }
    QString path() const { return path_; }
    // After Save As or Save: the path and what is now on disk there.
    void setSaved(const QString& path, const FileStamp& stamp);
    // The file at path() as last read or written by the window; a save compares it with the disk
    // to notice another program's changes.
    const FileStamp& diskStamp() const { return stamp_; }
    // The document has no file of its own yet (recovered from an unsaved document's autosave
    // copy): Save asks for a name.
    bool needsSaveAs() const { return needsSaveAs_; }
    void setNeedsSaveAs(bool on) { needsSaveAs_ = on; }
    // path() is a copy Bonescope made in a folder of its own (the demo's, deleted on quit; an
    // autosave's): Save asks for a name, offered in the user's documents folder.
    bool isTemporaryCopy() const { return temporaryCopy_; }
    // Where file dialogs start: the document's folder, or the user's documents folder (home when
    // there is none) for a temporary copy or no document.
    QString dialogFolder() const;
    // `name` is what the copy is called instead of its own file name (the title, an autosave's
    // description: "demo_walk.seanim", "New animation from walk.bvh"), `place` what Properties says
    // instead of its folder ("the bundled demo"); empty: the copy's own.
    void setTemporaryCopy(const QString& name = {}, const QString& place = {});
    // The document's name for people: the file's name, a temporary copy's given name, or "New
    // animation from walk.bvh" for new work saved nowhere yet; empty without a document.
    QString title() const;
    // Where the document is, for people: its path, or a temporary copy's place.
    QString place() const;
    // Counts setScene() calls: a load that started before another document came in can tell.
    quint64 generation() const { return generation_; }

    // Edits (app/gui/commands) go through this stack; its clean state is "not modified".
    QUndoStack* undoStack() const { return undo_; }
    bool isModified() const;
    // Runs an edit's (or its undo's) step on the scene in place: keeps the path, the skeleton mesh,
    // the time and the selection, re-binds the sampler and emits edited(). Only for commands.
    void changeScene(const std::function<void(Scene&)>& step);
    QString meshPath() const { return meshPath_; }
    const Scene& skeletonMeshScene() const { return meshScene_; } // the loaded skeleton mesh (empty: none)
    const Skeleton& skeletonMeshBones() const { return meshScene_.skeleton; } // the loaded skeleton mesh's
    bool isEmpty() const { return path_.isEmpty(); }

    int animationIndex() const { return scene_.current; }
    void setAnimationIndex(int index);
    // The animation being played; an empty one when the scene has none.
    const Animation& animation() const;

    // A base the animation plays on instead of the rest pose (core/playback/layering.h); none when null.
    // Kept across edits, undo and a change of animation; a new file clears it.
    const BaseLayer* baseLayer() const { return base_ ? &*base_ : nullptr; }
    void setBaseLayer(std::optional<BaseLayer> base);

    // "Preview while": a Second Life base motion the animation plays over, mixed by joint priority
    // (core/playback/priority_mix.h); none when null. Setting one clears the base layer and the other way
    // round. Kept across edits and files of the same format; a file of another format clears it.
    const PriorityBase* previewBase() const { return preview_ ? &*preview_ : nullptr; }
    void setPreviewBase(std::optional<PriorityBase> base);
    // Per skeleton bone, while previewing: which motion drives it (empty otherwise).
    const std::vector<JointDrivers>& previewDrivers() const;

    const Skeleton& skeleton() const { return sampler_->skeleton(); } // the skeleton in use
    const Binding& binding() const { return sampler_->binding(); }
    QString skeletonSource() const; // a sentence for the properties panel
    // The mesh shown: a loaded skeleton mesh's, else the file's own (Dash models carry one).
    std::shared_ptr<const Mesh> mesh() const { return mesh_; }
    const Skeleton* meshSkeleton() const;
    bool meshFromFile() const { return mesh_ && !figureShown_ && &meshOwner() == &scene_; }
    QStringList unmatchedTracks() const;
    render::UpAxis defaultUpAxis() const;
    render::UpAxis upAxis() const { return up_; }
    void setUpAxis(render::UpAxis up); // reset to defaultUpAxis() when the scene changes

    double time() const { return time_; }
    void setTime(double seconds); // clamped to [0, duration]
    double fps() const;
    // "24 fps", or "24 fps (from key spacing)" when the file has no frame rate of its own (glTF).
    QString frameRateText() const;
    double duration() const { return animation().duration; }
    long long lastFrame() const { return std::max<long long>(0, animation().frameCount() - 1); }
    long long frame() const; // the frame nearest the current time
    double timeOfFrame(long long frame) const;

    const Pose& pose() const { return pose_; }
    // Local transforms of every bone at `seconds`, in double precision (keying the pose): the
    // animation's own, without the base.
    void sampleLocal(double seconds, std::vector<LocalTransform>& out) const { sampler_->sampleLocal(seconds, out); }
    // The drawn pose (on the base or "Preview while" motion when one is set) at any time, from samplers
    // of its own so that playback's stay at the current time: onion skins and motion paths.
    void samplePoseAside(double seconds, Pose& out);
    const std::vector<glm::mat4>& meshJointWorld() const { return meshJointWorld_; }
    // How far the motion root has moved across the ground since the start (source space).
    glm::vec3 rootTravel() const { return rootTravel_; }
    // The motion root: the first bone, parents first, whose track moves it; -1 when none.
    int motionBone() const { return motionBone_; }

    // Key times (sorted, unique) of the tracks bound to these bones; all tracks when empty.
    std::vector<double> keyTimes(const std::vector<int>& bones) const;

    const std::vector<int>& selection() const { return selection_; }
    int currentBone() const { return current_; }
    void setSelection(std::vector<int> bones, int current);
    void toggleBone(int bone); // adds or removes one bone (ctrl+click)

signals:
    void sceneChanged();     // scene, animation, skeleton or mesh replaced: views rebuild
    void meshChanged();      // only the mesh drawn replaced (the avatar figure turned on or off)
    void edited();           // the scene's content changed by an edit, undo or redo
    void timeChanged(double seconds);
    void poseChanged();
    void selectionChanged();
    void upAxisChanged();
    void baseLayerChanged(); // after sceneChanged: a base set, replaced or cleared
    void previewBaseChanged(); // after sceneChanged: "Preview while" set or cleared
    void pathChanged();      // saved under another name (setSaved), or named as a temporary copy: the scene is the same

private:
    void rebuild();
    void bindSampler();
    void resample();
    struct PoseSamplers; // one of each kind of sampler the drawn pose can come from
    std::unique_ptr<PoseSamplers> makeSamplers() const; // on samplersOn_
    static void samplePose(PoseSamplers& from, double seconds, Pose& out);
    void samplePose(double seconds) { samplePose(*samplers_, seconds, pose_); }
    void chooseMesh();
    const Scene& meshOwner() const { return meshScene_.mesh.empty() ? scene_ : meshScene_; }

    Scene scene_;
    QString path_;
    FileStamp stamp_;
    bool needsSaveAs_ = false;
    bool temporaryCopy_ = false;
    QString copyName_, copyPlace_; // setTemporaryCopy's
    quint64 generation_ = 0;
    QUndoStack* undo_;
    Scene meshScene_;
    QString meshPath_;
    std::shared_ptr<const Mesh> mesh_;
    std::vector<int> meshToPose_; // mesh skeleton bone -> skeleton-in-use bone
    std::shared_ptr<const secondlife::AvatarFigure> figure_;
    bool figureShown_ = false;
    std::vector<uint8_t> figurePositioned_; // per avatar bone: the animation keys its position

    Animation empty_;
    Skeleton none_;
    std::optional<BaseLayer> base_;
    Skeleton layerFlat_; // the skeleton a layer plays on when there is no other (flatLayerSkeleton)
    std::optional<PriorityBase> preview_;
    std::unique_ptr<PoseSamplers> samplers_; // playback's
    std::unique_ptr<PoseSamplers> aside_;    // samplePoseAside()'s, made on first use after a bind
    Sampler* sampler_ = nullptr;             // samplers_'s plain one
    const Skeleton* samplersOn_ = nullptr;   // the skeleton they play on
    int motionBone_ = -1;
    glm::vec3 motionStart_{0.f};

    double time_ = 0;
    Pose pose_;
    std::vector<glm::mat4> meshJointWorld_;
    glm::vec3 rootTravel_{0.f};
    std::vector<int> selection_;
    int current_ = -1;
    render::UpAxis up_ = render::UpAxis::Y;
};

} // namespace bonescope::gui
