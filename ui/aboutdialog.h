#pragma once

// Help › About: what this build is and whose work it stands on, with their licences.

#include <QCoreApplication>
#include <QIcon>
#include <QString>

class QWidget;

namespace headroom {

class AboutText final
{
    Q_DECLARE_TR_FUNCTIONS(AboutText)

public:
    //! The About box's text (rich text): version, licence, and the libraries with their
    //! versions and licences, as this binary was built and runs.
    static QString html();
};

//! The application's icon: the desktop theme's, else the one compiled in.
QIcon applicationIcon();

//! Shows the About box over \a parent.
void showAbout(QWidget *parent);

} // namespace headroom
