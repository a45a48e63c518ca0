#pragma once

// Internal: a YAML config's text as a JSON value, read with libyaml's event parser (Debian
// libyaml-dev 0.2.5, the parser PyYAML itself uses when built with it), the way the Python
// tools whose configs these are load them (frameworkconfig.h). libyaml is a C library: unlike
// yaml-cpp, whose every translation unit includes <iostream>, it runs nothing when the program
// starts (docs/performance.md, "Cold start").

#include <QByteArray>
#include <QJsonValue>
#include <QString>

#include <headroom/io/frameworkconfig.h>

namespace headroom::detail {

/*!
 * The document of \a data as JSON in \a root: mappings as objects (merge keys applied, a key
 * given twice refused), sequences as arrays, scalars resolved as PyYAML's safe loader resolves
 * them (quoted text stays text), aliases expanded. Refused, with the error: more than one
 * document, more than kMaxFrameworkValues values (aliases expanded) or twice as many nodes,
 * nesting past kMaxFrameworkNesting, a list or mapping as a key, an undefined alias, and what
 * libyaml cannot parse (its words, line and column). \a empty: the stream held no document.
 * The caller has bounded the size and nesting of the text and checked it is UTF-8.
 */
FrameworkError readYamlTree(const QByteArray &data, const QString &file, QJsonValue &root, bool &empty);

} // namespace headroom::detail
