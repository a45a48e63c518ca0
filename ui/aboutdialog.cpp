#include "aboutdialog.h"


#include <boost/version.hpp>

#include "charts/chartpane.h"
#include "messagebox.h"

namespace headroom {

namespace {

// BOOST_LIB_VERSION is "1_74"; people read 1.74.
QString boostVersion()
{
    return QString::fromLatin1(BOOST_LIB_VERSION).replace(QLatin1Char('_'), QLatin1Char('.'));
}

} // namespace

QString AboutText::html()
{
    QString text;
    text += QStringLiteral("<h3>%1</h3>").arg(tr("Headroom %1").arg(QCoreApplication::applicationVersion()));
    text += QStringLiteral("<p>%1</p>")
                    .arg(tr("How much GPU memory a training or fine-tuning run needs, where every byte goes, "
                            "and which GPUs it needs, before the job starts."));
    text += QStringLiteral("<p>%1</p>").arg(tr("Headroom is free software under the MIT licence."));
    text += QStringLiteral("<p>%1</p><ul>").arg(tr("Built with:"));
    //: %1 the version the program was built against, %2 the one it runs with
    text += QStringLiteral("<li>%1</li>")
                    .arg(tr("Qt %1 (running %2), under the GNU LGPL version 3").arg(QStringLiteral(QT_VERSION_STR),
                                                                                   QString::fromLatin1(qVersion())));
    text += QStringLiteral("<li>%1</li>")
                    .arg(tr("QCustomPlot %1 by Emanuel Eichhammer, under the GNU GPL version 3").arg(qcustomplotVersion()));
    text += QStringLiteral("<li>%1</li>").arg(tr("Boost %1 (Units), under the Boost Software License 1.0").arg(boostVersion()));
    text += QStringLiteral("</ul><p>%1</p>")
                    .arg(tr("Because QCustomPlot is under the GPL, this program as built and distributed with it is "
                            "covered by the GPL version 3 as a whole."));
    return text;
}

QIcon applicationIcon()
{
    return QIcon::fromTheme(QStringLiteral("io.github.headroom.Headroom"),
                            QIcon(QStringLiteral(":/icons/io.github.headroom.Headroom.svg")));
}

void showAbout(QWidget *parent)
{
    MessageBox::about(parent, AboutText::tr("About Headroom"), AboutText::html(),
                      applicationIcon().pixmap(64, 64));
}

} // namespace headroom
