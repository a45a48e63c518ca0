// A training-framework config as a user imports it (frameworkconfig.h): the same bytes read as
// every kind (the YAML readers, yaml-cpp under them, and the DeepSpeed JSON reader), onto the default scenario; when one reads, applied to it and the result
// validated, as the CLI and the window do.

#include <headroom/io/frameworkconfig.h>
#include <headroom/memory/validation.h>

#include "fuzzsupport.h"

using namespace headroom;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::application();
    const QByteArray text = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    for (const FrameworkKind kind : kFrameworkKinds) {
        ScenarioSpec spec = realisticDefaults();
        FrameworkImport import;
        // The file's name places an Accelerate config's deepspeed_config_file: in the scratch folder.
        if (!parseFrameworkConfig(kind, text, fuzz::scratch().filePath(QStringLiteral("fuzz.yaml")), spec.scenario, import).ok())
            continue;
        frameworkImportReport(import);
        if (applyFrameworkImport(import, fuzz::catalogue(), spec).ok())
            validate(spec.scenario);
    }
    return 0;
}
