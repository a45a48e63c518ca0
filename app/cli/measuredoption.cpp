#include "measuredoption.h"

#include <QTextStream>

#include <headroom/io/measuredfiletext.h>

#include "cliio.h"
#include "scenariooptions.h"
#include "wording.h"

namespace headroom::cli {

bool readMeasuredOrComplain(const QString &path, const Catalogue &catalogue, MeasuredRun &run)
{
    const MeasuredFileError e = readMeasuredFile(path, catalogue, run);
    if (e.ok())
        return true;
    err() << Cli::tr("error: --measured: ") << measuredErrorText(e) << Qt::endl;
    explainCatalogueProblems(catalogue);
    return false;
}

} // namespace headroom::cli
