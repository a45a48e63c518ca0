#pragma once

// Runs the built headroom-cli (path in $HEADROOM_CLI, set by CTest) and keeps what it said.

#include <QByteArray>
#include <QProcess>
#include <QStringList>

struct Run
{
    int exitCode = -1; //!< -1: did not finish in 120 s; -2: crashed
    QByteArray out;
    QByteArray err;
};

//! \a environment: the child's, when it is not this process's (e.g. another HEADROOM_DATA_DIR).
inline Run cli(const QStringList &arguments, const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(environment);
    p.start(qEnvironmentVariable("HEADROOM_CLI"), arguments);
    Run r;
    if (!p.waitForFinished(120000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}
