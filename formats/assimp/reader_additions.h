#pragma once
// What some of Assimp's readers add to a scene that is not the file's model: left out before the
// scene becomes Bonescope's (formats/assimp/assimp_format.cpp, readWithAssimp).
struct aiScene;

namespace bonescope {

// Assimp's MD5 (an .md5anim alone), CSM and BVH readers make a mesh of sticks for a file without
// one (its SkeletonMeshBuilder: material "SkeletonMaterial", the scene flagged incomplete).
bool onlyStickFigure(const aiScene& ai);

// Assimp's Half-Life MDL reader hangs the model's information under its root as nodes (sequence
// groups and infos, attachments, hitboxes, bone controllers, global info): they are no joints and
// are removed, leaving "<MDL_bones>" (the skeleton) and "<MDL_bodyparts>" (the meshes).
void dropHalfLifeInfoNodes(aiScene& ai);

} // namespace bonescope
