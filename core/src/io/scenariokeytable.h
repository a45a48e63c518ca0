#pragma once

// The scenario's keys, each with how its value is applied: one table for the file's groups and
// keys, the command line's options and their kinds (scenarioKeys() lists what it holds). Read by
// scenariofile.cpp; private to io/.

#include <QList>
#include <QString>

#include <headroom/io/catalogue.h>
#include <headroom/io/scenariofile.h>

namespace headroom::scenariokeys {

// A parsed value of one key, before it is applied.
struct Value
{
    Count count = 0;
    bool flag = false;
    double real = 0;
    QString name;
};

using Apply = bool (*)(ScenarioSpec &, const Value &, const Catalogue &);

struct KeyEntry
{
    ScenarioKey key;
    Apply apply;
};

//! Every key in the order files write them.
const QList<KeyEntry> &entries();

} // namespace headroom::scenariokeys
