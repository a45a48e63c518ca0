// The floor headroom-cli's start is measured against (tools/coldstart/coldstart.py): a program
// that links only QtCore, creates its QCoreApplication and prints a line, as `headroom-cli
// --version` does.
#include <QCoreApplication>
#include <QTextStream>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream(stdout) << "hello" << Qt::endl;
    return 0;
}
