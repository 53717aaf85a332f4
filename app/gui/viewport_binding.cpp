#include "app/gui/viewport_binding.h"

#include <memory>

#include "app/gui/document.h"
#include "render/viewport.h"

namespace bonescope::gui {

void bindViewport(Document* doc, render::Viewport* view)
{
    auto onPose = [doc, view] {
        view->setPose(doc->pose(), doc->rootTravel());
        if (doc->mesh())
            view->setMeshJoints(doc->meshJointWorld());
    };
    // Which bones a track moves: optional (extension) bones show when animated.
    auto onTracks = [doc, view] {
        std::vector<uint8_t> animated;
        for (int track : doc->binding().trackOfBone)
            animated.push_back(track >= 0);
        view->setAnimatedBones(std::move(animated));
    };
    // Another animation of the same file: framed anew (it may walk elsewhere).
    auto shown = std::make_shared<std::pair<QString, int>>();
    auto onScene = [doc, view, onPose, onTracks, shown] {
        view->setSkeleton(doc->skeleton());
        onTracks();
        view->setMesh(doc->mesh());
        view->setUpAxis(doc->upAxis());
        onPose();
        view->setSelection(doc->selection(), doc->currentBone());
        const std::pair<QString, int> now{doc->path(), doc->animationIndex()};
        if (now.first == shown->first && now.second != shown->second)
            view->frameAll();
        *shown = now;
    };
    QObject::connect(doc, &Document::sceneChanged, view, onScene);
    QObject::connect(doc, &Document::poseChanged, view, onPose);
    // The base's bones may stand elsewhere (it may walk away): framed anew.
    QObject::connect(doc, &Document::baseLayerChanged, view, &render::Viewport::frameAll);
    QObject::connect(doc, &Document::edited, view, onTracks);
    QObject::connect(doc, &Document::upAxisChanged, view, [doc, view] { view->setUpAxis(doc->upAxis()); });
    QObject::connect(doc, &Document::selectionChanged, view,
                     [doc, view] { view->setSelection(doc->selection(), doc->currentBone()); });
    QObject::connect(view, &render::Viewport::boneClicked, doc, [doc](int bone, bool extend) {
        if (extend && bone >= 0)
            doc->toggleBone(bone);
        else if (!extend)
            doc->setSelection(bone >= 0 ? std::vector<int>{bone} : std::vector<int>{}, bone);
    });
    onScene();
}

} // namespace bonescope::gui
