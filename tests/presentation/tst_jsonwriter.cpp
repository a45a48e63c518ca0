// The streaming JSON writer (presentation/jsonwriter.h): its text against documents written out
// by hand in QJsonDocument::Indented's layout (qjsonwriter.cpp, Qt 6.4: four spaces a level,
// `"key": value`, an empty container as its brackets on two lines), and against what
// QJsonDocument itself writes for the same values.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <limits>

#include "jsonwriter.h"

using namespace headroom;

class TestJsonWriter : public QObject
{
    Q_OBJECT

    // One value as the only element of an array, the array written as QJsonDocument writes it.
    static QByteArray inArray(void (*write)(JsonWriter &))
    {
        JsonWriter w;
        w.beginArray();
        write(w);
        w.endArray();
        return w.take();
    }

private slots:
    void layout()
    {
        JsonWriter w;
        w.beginObject();
        w.key("schema").integer(1);
        w.key("empty_object").beginObject();
        w.endObject();
        w.key("empty_array").beginArray();
        w.endArray();
        w.key("list").beginArray();
        w.boolean(true);
        w.null();
        w.beginObject();
        w.key("a").boolean(false);
        w.endObject();
        w.endArray();
        w.endObject();
        const QByteArray expected = "{\n"
                                    "    \"schema\": 1,\n"
                                    "    \"empty_object\": {\n"
                                    "    },\n"
                                    "    \"empty_array\": [\n"
                                    "    ],\n"
                                    "    \"list\": [\n"
                                    "        true,\n"
                                    "        null,\n"
                                    "        {\n"
                                    "            \"a\": false\n"
                                    "        }\n"
                                    "    ]\n"
                                    "}\n";
        QCOMPARE(w.take(), expected);
    }

    void escapes()
    {
        JsonWriter w;
        w.beginObject();
        // The quote, the backslash, the five short forms, another control, DEL (not escaped).
        w.key("k\"ey").string(std::string_view("q\" b\\ \b\f\n\r\t \x01 \x7f"));
        // UTF-8 as it is; from a QString: a pair as one 4-byte sequence, a lone half escaped.
        w.key("utf8").string(std::string_view("\xce\xa8 \xe5\x8f\x82"));
        w.key("qstring").string(QStringLiteral(u"\u03a8 \U0001F600 ") + QChar(0xd800) + QChar(u'\t'));
        w.endObject();
        const QByteArray expected = "{\n"
                                    "    \"k\\\"ey\": \"q\\\" b\\\\ \\b\\f\\n\\r\\t \\u0001 \x7f\",\n"
                                    "    \"utf8\": \"\xce\xa8 \xe5\x8f\x82\",\n"
                                    "    \"qstring\": \"\xce\xa8 \xf0\x9f\x98\x80 \\ud800\\t\"\n"
                                    "}\n";
        QCOMPARE(w.take(), expected);
    }

    void integersAtAnySize()
    {
        JsonWriter w;
        w.beginArray();
        w.integer(0);
        w.integer(-42);
        w.integer(std::numeric_limits<qint64>::max());
        // 2^70 and -2^127 (the smallest Count): digits from a calculator, not from a double.
        w.integer(Count(1) << 70);
        w.integer(std::numeric_limits<Count>::min());
        w.byteCount(bytes(7'000'000'000));
        w.endArray();
        const QByteArray expected = "[\n"
                                    "    0,\n"
                                    "    -42,\n"
                                    "    9223372036854775807,\n"
                                    "    1180591620717411303424,\n"
                                    "    -170141183460469231731687303715884105728,\n"
                                    "    7000000000\n"
                                    "]\n";
        QCOMPARE(w.take(), expected);
    }

    void numbersAsQtWritesThem_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("half") << 1.5 << QByteArray("1.5");
        QTest::newRow("whole") << 1e9 << QByteArray("1000000000");
        QTest::newRow("negative zero") << -0.0 << QByteArray("0");
        QTest::newRow("a tenth") << 0.1 << QByteArray("0.1");
        QTest::newRow("small") << 1.25e-7 << QByteArray("1.25e-07");
        QTest::newRow("whole, past 2^53") << 1e17 << QByteArray("1e+17");
        QTest::newRow("large") << 1e300 << QByteArray("1e+300");
        QTest::newRow("infinity") << std::numeric_limits<double>::infinity() << QByteArray("null");
        QTest::newRow("not a number") << std::numeric_limits<double>::quiet_NaN() << QByteArray("null");
    }

    void numbersAsQtWritesThem()
    {
        QFETCH(double, value);
        QFETCH(QByteArray, expected);
        JsonWriter w;
        w.beginArray();
        w.number(value);
        w.endArray();
        const QByteArray text = w.take();
        QCOMPARE(text, "[\n    " + expected + "\n]\n");
        // QJsonDocument's own text for the same value is the same.
        QCOMPARE(QJsonDocument(QJsonArray{ value }).toJson(QJsonDocument::Indented), text);
    }

    void readBackByQt()
    {
        JsonWriter w;
        w.beginObject();
        w.key("name").string(QStringLiteral("Llama 2 7B"));
        w.key("values").beginObject();
        w.key("B").integer(8);
        w.key("S").integer(4096);
        w.endObject();
        w.key("share").number(0.25);
        w.endObject();
        QJsonParseError error;
        const QJsonObject o = QJsonDocument::fromJson(w.take(), &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(o.value(QStringLiteral("name")).toString(), QStringLiteral("Llama 2 7B"));
        QCOMPARE(o.value(QStringLiteral("values")).toObject().value(QStringLiteral("S")).toInteger(), 4096);
        QCOMPARE(o.value(QStringLiteral("share")).toDouble(), 0.25);
    }
};

QTEST_GUILESS_MAIN(TestJsonWriter)
#include "tst_jsonwriter.moc"
