#include "app/gui/panels/bone_tree_panel.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

#include "app/gui/panels/bone_tree_model.h"
#include "app/gui/document/document.h"

namespace bonescope::gui {

BoneTreePanel::BoneTreePanel(Document* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), model_(new BoneTreeModel(doc, this)), proxy_(new QSortFilterProxyModel(this)),
      filter_(new QLineEdit(this)), view_(new QTreeView(this))
{
    proxy_->setSourceModel(model_);
    proxy_->setRecursiveFilteringEnabled(true);
    proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy_->setFilterKeyColumn(BoneTreeModel::Name);
    filter_->setPlaceholderText(tr("Search bones"));
    filter_->setClearButtonEnabled(true);
    connect(filter_, &QLineEdit::textChanged, this, [this](const QString& text) {
        proxy_->setFilterFixedString(text);
        if (!text.isEmpty())
            view_->expandAll();
        fromDocument();
    });

    view_->setModel(proxy_);
    view_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view_->setUniformRowHeights(true);
    view_->header()->setStretchLastSection(false);
    // The key counts always in sight: the names take the width left (a long avatar name is cut with
    // "...", its tooltip says it whole), rather than pushing T R S V behind a horizontal scroll bar.
    view_->header()->setSectionResizeMode(BoneTreeModel::Name, QHeaderView::Stretch);
    view_->setIndentation(12); // an avatar's hand is ten levels deep: its name, not the indent, gets the room
    view_->setTextElideMode(Qt::ElideMiddle); // "mFaceEyeAltR..." and "...AltRight" both say which side
    for (int c = BoneTreeModel::Translation; c < BoneTreeModel::ColumnCount; ++c)
        view_->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(filter_);
    layout->addWidget(view_);

    connect(view_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &BoneTreePanel::fromView);
    connect(view_->selectionModel(), &QItemSelectionModel::currentChanged, this, &BoneTreePanel::fromView);
    connect(doc_, &Document::selectionChanged, this, &BoneTreePanel::fromDocument);
    connect(model_, &QAbstractItemModel::modelReset, this, [this] { view_->expandToDepth(2); });
    // A search kept across files hid the next file's bones (a first-use pass saw an empty tree).
    connect(doc_, &Document::sceneChanged, this, [this] {
        if (doc_->path() != searchedIn_)
            filter_->clear();
        searchedIn_ = doc_->path();
    });
    searchedIn_ = doc_->path();
    view_->expandToDepth(2);
}

void BoneTreePanel::fromView()
{
    if (syncing_)
        return;
    std::vector<int> bones;
    for (const QModelIndex& i : view_->selectionModel()->selectedRows(BoneTreeModel::Name))
        bones.push_back(model_->boneOf(proxy_->mapToSource(i)));
    const QModelIndex cur = view_->selectionModel()->currentIndex();
    int current = model_->boneOf(proxy_->mapToSource(cur));
    if (!view_->selectionModel()->isRowSelected(cur.row(), cur.parent()))
        current = -1;
    syncing_ = true;
    doc_->setSelection(bones, current);
    syncing_ = false;
}

void BoneTreePanel::fromDocument()
{
    if (syncing_)
        return;
    syncing_ = true;
    QItemSelection sel;
    for (int b : doc_->selection()) {
        const QModelIndex i = proxy_->mapFromSource(model_->indexOfBone(b));
        if (i.isValid())
            sel.select(i, i.siblingAtColumn(BoneTreeModel::ColumnCount - 1));
    }
    auto* sm = view_->selectionModel();
    sm->select(sel, QItemSelectionModel::ClearAndSelect);
    const QModelIndex cur = proxy_->mapFromSource(model_->indexOfBone(doc_->currentBone()));
    if (cur.isValid()) {
        sm->setCurrentIndex(cur, QItemSelectionModel::NoUpdate);
        view_->scrollTo(cur);
    }
    syncing_ = false;
}

} // namespace bonescope::gui
