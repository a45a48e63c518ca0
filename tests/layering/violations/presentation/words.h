#pragma once
#include <QFont> // presentation is QtCore only
#include <QString>
