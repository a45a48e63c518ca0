#pragma once

// How a count typed into the input pane lands in the scenario: which field of the spec it sets,
// and which kind of edit it is for undo (successive edits of one kind merge into one step); and
// the small helpers the pane's sections share.

#include <QComboBox>
#include <QList>

#include <headroom/io/scenariofile.h>
#include <headroom/memory/validation.h>

#include "scenariodocument.h"

namespace headroom::inputfields {

ScenarioDocument::EditKind editKind(Field field);

//! Writes \a value into \a field of \a spec; editing the architecture leaves the preset behind.
void setCount(ScenarioSpec &spec, Field field, Count value);

QList<qint64> toList(const QList<Count> &stops);

//! Selects the item whose data is \a value, if there is one.
template<typename E>
void selectData(QComboBox *box, E value)
{
    const int i = box->findData(static_cast<int>(value));
    if (i >= 0)
        box->setCurrentIndex(i);
}

} // namespace headroom::inputfields
