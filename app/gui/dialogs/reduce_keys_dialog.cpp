#include "app/gui/dialogs/reduce_keys_dialog.h"

#include <algorithm>
#include <limits>

#include <glm/common.hpp>

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QMenu>
#include <QMessageBox>

#include "app/gui/commands/edit_commands.h"
#include "app/gui/dialogs/clip_dialogs.h"
#include "app/gui/document/document.h"
#include "app/gui/saving/report_words.h"
#include "formats/registry.h"

namespace bonescope::gui {

namespace {

// The unit the character's size suggests, as an index of the dialog's list: a figure 0.3 to 3 units
// tall is in metres (the demo, 0.97 to its pelvis, was offered centimetres), 300 to 3,000 in
// millimetres, anything else centimetres (the common case for BVH and game files).
int likelyUnit(const Document& doc)
{
    const Pose& pose = doc.pose();
    if (pose.world.size() < 2)
        return 0;
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(std::numeric_limits<float>::lowest());
    for (const glm::mat4& m : pose.world) {
        lo = glm::min(lo, glm::vec3(m[3]));
        hi = glm::max(hi, glm::vec3(m[3]));
    }
    const float size = std::max({hi.x - lo.x, hi.y - lo.y, hi.z - lo.z});
    if (size >= 0.3f && size <= 3.f)
        return 1;
    if (size >= 300.f && size <= 3000.f)
        return 2;
    return 0;
}

} // namespace

void addReduceKeysAction(QMenu* edit, Document* doc, QWidget* parent)
{
    QAction* action = edit->addAction(QMenu::tr("Reduce ke&ys..."), parent, [doc, parent] {
        const QString title = QMenu::tr("Reduce keys");
        if (const Format* f = Registry::instance().byId(doc->scene().format); f && !reductionRefusal(*f).empty()) {
            QMessageBox::warning(parent, title, QString::fromStdString(reductionRefusal(*f)));
            return;
        }
        const bool stated = statedMetresPerUnit(doc->scene().format).has_value();
        QDoubleSpinBox* bound = nullptr;
        QComboBox* units = nullptr;
        QCheckBox* curves = nullptr;
        const Format* format = Registry::instance().byId(doc->scene().format);
        auto form = runForm(parent, title, [&](QDialog* d, QFormLayout* f) {
            bound = new QDoubleSpinBox(d);
            bound->setRange(0.001, 1000);
            bound->setDecimals(3);
            bound->setValue(0.1);
            bound->setSuffix(QMenu::tr(" mm"));
            bound->setToolTip(QMenu::tr("How far any joint's virtual points (3 cm out along its axes) may move from "
                                        "where the original puts them, through the whole hierarchy"));
            f->addRow(QMenu::tr("Largest error"), bound);
            if (!stated) { // BVH, SEAnim, Cast... say nothing of their units
                units = new QComboBox(d);
                units->addItems({QMenu::tr("centimetres"), QMenu::tr("metres"), QMenu::tr("millimetres"), QMenu::tr("inches")});
                units->setCurrentIndex(likelyUnit(*doc));
                f->addRow(QMenu::tr("One unit of this file is"), units);
            }
            if (format && format->capabilities().curves) { // glTF keeps tangents
                curves = new QCheckBox(QMenu::tr("Fit curves (far fewer keys; linear keys become cubic splines)"), d);
                curves->setObjectName("reduceAsCurves");
                f->addRow(QString(), curves);
            }
        });
        if (!form)
            return;
        KeyReductionRequest request;
        request.maxErrorMm = bound->value();
        request.curves = curves && curves->isChecked();
        if (units)
            request.metresPerUnit = std::vector<double>{0.01, 1.0, 0.001, 0.0254}[size_t(units->currentIndex())];
        QString error;
        const auto summary = reduceKeysEdit(doc, request, &error);
        if (!summary) {
            QMessageBox::warning(parent, title, error.isEmpty() ? QMenu::tr("There is no animation to reduce.") : error);
            return;
        }
        QString text = windowWords(*summary);
        if (summary->keysAfter == summary->keysBefore)
            text = QMenu::tr("No key can go without moving a joint more than %1 mm.\n").arg(summary->boundMm) + text;
        QMessageBox::information(parent, title, text);
    });
    action->setObjectName("reduceKeys");
}

} // namespace bonescope::gui
