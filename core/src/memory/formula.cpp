#include <headroom/memory/formula.h>

#include <algorithm>

namespace headroom {

namespace {

Count absolute(Count v) { return v < 0 ? -v : v; }

Count gcdOf(Count a, Count b)
{
    a = absolute(a);
    b = absolute(b);
    while (b != 0) {
        const Count r = a % b;
        a = b;
        b = r;
    }
    return a;
}

Rational normalized(Count n, Count d)
{
    if (d == 0)
        return { 0, 1 };
    if (d < 0) {
        n = -n;
        d = -d;
    }
    const Count g = gcdOf(n, d);
    return g > 1 ? Rational{ n / g, d / g } : Rational{ n, d };
}

Rational add(Rational a, Rational b)
{
    if (a.denominator == b.denominator)
        return normalized(a.numerator + b.numerator, a.denominator);
    return normalized(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator);
}

Rational multiply(Rational a, Rational b)
{
    // Cross-reduce first so that products of large counts and small fractions stay small.
    const Count g1 = gcdOf(a.numerator, b.denominator);
    const Count g2 = gcdOf(b.numerator, a.denominator);
    const Count n1 = g1 > 1 ? a.numerator / g1 : a.numerator;
    const Count d2 = g1 > 1 ? b.denominator / g1 : b.denominator;
    const Count n2 = g2 > 1 ? b.numerator / g2 : b.numerator;
    const Count d1 = g2 > 1 ? a.denominator / g2 : a.denominator;
    return normalized(n1 * n2, d1 * d2);
}

Count floorOf(Rational r)
{
    Count q = r.numerator / r.denominator;
    if (r.numerator % r.denominator != 0 && r.numerator < 0)
        --q;
    return q;
}

Count ceilOf(Rational r)
{
    Count q = r.numerator / r.denominator;
    if (r.numerator % r.denominator != 0 && r.numerator > 0)
        ++q;
    return q;
}

bool less(Rational a, Rational b) { return a.numerator * b.denominator < b.numerator * a.denominator; }

// How tightly a node binds when printed: sums 1, products and quotients 2, atoms 3.
int precedence(const Formula &f)
{
    switch (f.kind()) {
    case Formula::Kind::Sum:
    case Formula::Kind::Difference:
        return 1;
    case Formula::Kind::Product:
    case Formula::Kind::Quotient:
        return 2;
    case Formula::Kind::Number:
        return f.constant().isInteger() && f.unit() == FormulaUnit::None ? 3 : 2;
    default:
        return 3;
    }
}

std::string unitWord(FormulaUnit unit, const FormulaWords &words)
{
    switch (unit) {
    case FormulaUnit::None: return {};
    case FormulaUnit::Bytes: return words.bytes;
    case FormulaUnit::BytesPerParam: return words.bytesPerParam;
    case FormulaUnit::BytesPerElement: return words.bytesPerElement;
    }
    return {};
}

} // namespace

std::string groupedNumber(Count value)
{
    char buffer[48];
    const int n = formatCount(value, buffer);
    std::string digits(buffer, static_cast<std::size_t>(n));
    const bool negative = !digits.empty() && digits.front() == '-';
    if (negative)
        digits.erase(0, 1);
    std::string out;
    out.reserve(digits.size() + digits.size() / 3 + 1);
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return negative ? "-" + out : out;
}

Formula::Formula(Kind kind, std::vector<Formula> children) : m_kind(kind), m_children(std::move(children)) { }

Formula Formula::number(Count value, FormulaUnit unit)
{
    Formula f;
    f.m_numerator = value;
    f.m_unit = unit;
    return f;
}

Formula Formula::fraction(Count numerator, Count denominator, FormulaUnit unit)
{
    const Rational r = normalized(numerator, denominator);
    Formula f;
    f.m_numerator = r.numerator;
    f.m_denominator = r.denominator;
    f.m_unit = unit;
    return f;
}

Formula Formula::perParam(BytesPer size)
{
    return fraction(size.numerator, size.denominator, FormulaUnit::BytesPerParam);
}

Formula Formula::perElement(BytesPer size)
{
    return fraction(size.numerator, size.denominator, FormulaUnit::BytesPerElement);
}

Formula Formula::symbol(std::string_view name, Count value)
{
    Formula f;
    f.m_kind = Kind::Symbol;
    f.m_name = std::string(name);
    f.m_numerator = value;
    return f;
}

Formula Formula::sum(std::vector<Formula> terms)
{
    if (terms.empty())
        return number(0);
    if (terms.size() == 1)
        return std::move(terms.front());
    std::vector<Formula> flat;
    for (Formula &t : terms) {
        if (t.m_kind == Kind::Sum)
            std::move(t.m_children.begin(), t.m_children.end(), std::back_inserter(flat));
        else
            flat.push_back(std::move(t));
    }
    return Formula(Kind::Sum, std::move(flat));
}

Formula Formula::product(std::vector<Formula> factors)
{
    if (factors.empty())
        return number(1);
    if (factors.size() == 1)
        return std::move(factors.front());
    std::vector<Formula> flat;
    for (Formula &f : factors) {
        if (f.m_kind == Kind::Product)
            std::move(f.m_children.begin(), f.m_children.end(), std::back_inserter(flat));
        else
            flat.push_back(std::move(f));
    }
    return Formula(Kind::Product, std::move(flat));
}

Formula Formula::difference(Formula a, Formula b)
{
    return Formula(Kind::Difference, { std::move(a), std::move(b) });
}

Formula Formula::quotient(Formula a, Formula b)
{
    return Formula(Kind::Quotient, { std::move(a), std::move(b) });
}

Formula Formula::floorOf(Formula x)
{
    return Formula(Kind::Floor, { std::move(x) });
}

Formula Formula::ceilOf(Formula x)
{
    return Formula(Kind::Ceil, { std::move(x) });
}

Formula Formula::maxOf(std::vector<Formula> items)
{
    if (items.size() == 1)
        return std::move(items.front());
    return Formula(Kind::Max, std::move(items));
}

Formula Formula::minOf(std::vector<Formula> items)
{
    if (items.size() == 1)
        return std::move(items.front());
    return Formula(Kind::Min, std::move(items));
}

Formula Formula::square(Formula x)
{
    return Formula(Kind::Square, { std::move(x) });
}

Rational Formula::evaluate() const
{
    switch (m_kind) {
    case Kind::Number:
    case Kind::Symbol:
        return { m_numerator, m_denominator };
    case Kind::Sum: {
        Rational r{ 0, 1 };
        for (const Formula &c : m_children)
            r = add(r, c.evaluate());
        return r;
    }
    case Kind::Difference: {
        Rational b = m_children[1].evaluate();
        b.numerator = -b.numerator;
        return add(m_children[0].evaluate(), b);
    }
    case Kind::Product: {
        Rational r{ 1, 1 };
        for (const Formula &c : m_children)
            r = multiply(r, c.evaluate());
        return r;
    }
    case Kind::Quotient: {
        const Rational b = m_children[1].evaluate();
        if (b.numerator == 0)
            return { 0, 1 };
        return multiply(m_children[0].evaluate(), normalized(b.denominator, b.numerator));
    }
    case Kind::Square: {
        const Rational x = m_children[0].evaluate();
        return multiply(x, x);
    }
    case Kind::Floor:
        return { headroom::floorOf(m_children[0].evaluate()), 1 };
    case Kind::Ceil:
        return { headroom::ceilOf(m_children[0].evaluate()), 1 };
    case Kind::Max:
    case Kind::Min: {
        Rational best = m_children.front().evaluate();
        for (std::size_t i = 1; i < m_children.size(); ++i) {
            const Rational v = m_children[i].evaluate();
            if (m_kind == Kind::Max ? less(best, v) : less(v, best))
                best = v;
        }
        return best;
    }
    }
    return { 0, 1 };
}

Count Formula::value() const
{
    return headroom::floorOf(evaluate());
}

std::string Formula::print(Style style, const FormulaWords &words) const
{
    auto wrapped = [&](const Formula &child, bool parens) {
        const std::string text = child.print(style, words);
        return parens ? "(" + text + ")" : text;
    };
    auto joined = [&](const char *separator) {
        std::string out;
        for (std::size_t i = 0; i < m_children.size(); ++i) {
            if (i > 0)
                out += separator;
            out += m_children[i].print(style, words);
        }
        return out;
    };
    switch (m_kind) {
    case Kind::Number: {
        std::string text = groupedNumber(m_numerator);
        if (m_denominator != 1)
            text += "/" + groupedNumber(m_denominator);
        const std::string unit = unitWord(m_unit, words);
        return unit.empty() ? text : text + " " + unit;
    }
    case Kind::Symbol:
        return style == Style::Symbols ? m_name : groupedNumber(m_numerator);
    case Kind::Sum:
        return joined(" + ");
    case Kind::Difference:
        return wrapped(m_children[0], false) + " − " + wrapped(m_children[1], precedence(m_children[1]) <= 1);
    case Kind::Product: {
        // "19·B·S·H" as the article writes it; " × " throughout a product that holds a constant
        // with a unit, and between plugged-in numbers, where a dot would be lost among digits.
        bool plain = style == Style::Symbols;
        for (const Formula &c : m_children)
            plain = plain && c.m_unit == FormulaUnit::None;
        std::string out;
        for (std::size_t i = 0; i < m_children.size(); ++i) {
            const Formula &c = m_children[i];
            if (i > 0)
                out += plain ? "·" : " × ";
            // Sums, and fractions or quotients after a factor, need parentheses inside a product.
            const bool fraction = c.m_kind == Kind::Number && c.m_denominator != 1;
            out += wrapped(c, precedence(c) < 2 || (fraction && i > 0) || (c.m_kind == Kind::Quotient && i > 0));
        }
        return out;
    }
    case Kind::Quotient:
        return wrapped(m_children[0], precedence(m_children[0]) < 2) + " / "
                + wrapped(m_children[1], precedence(m_children[1]) <= 2);
    case Kind::Square:
        return wrapped(m_children[0], precedence(m_children[0]) < 3) + "²";
    case Kind::Floor:
        return "⌊" + m_children[0].print(style, words) + "⌋";
    case Kind::Ceil:
        return "⌈" + m_children[0].print(style, words) + "⌉";
    case Kind::Max:
        return "max(" + joined(", ") + ")";
    case Kind::Min:
        return "min(" + joined(", ") + ")";
    }
    return {};
}

void Formula::collectSymbols(std::vector<std::pair<std::string, Count>> &out) const
{
    if (m_kind == Kind::Symbol) {
        const bool seen = std::any_of(out.begin(), out.end(), [this](const auto &p) { return p.first == m_name; });
        if (!seen)
            out.emplace_back(m_name, m_numerator);
        return;
    }
    for (const Formula &c : m_children)
        c.collectSymbols(out);
}

} // namespace headroom
