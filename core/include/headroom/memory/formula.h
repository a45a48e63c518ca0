#pragma once

// A formula that both prints and evaluates, so that what "show the math" prints can never drift
// from what it computes (the way libqalculate keeps one expression tree for both). The
// derivation (derivation.h) builds one per bucket and per term; the views print them, with the
// symbols or with the numbers plugged in, and the tests evaluate them against the estimate.
//
// Not on the estimate's hot path: formulas allocate.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <headroom/memory/units.h>

namespace headroom {

//! An exact fraction. Formulas with fractional bytes per element (NF4's 2113/4096) evaluate
//! through these and round where the formula says so (Floor, Ceil).
struct Rational
{
    Count numerator = 0;
    Count denominator = 1;

    bool isInteger() const { return denominator == 1; }
    friend bool operator==(const Rational &, const Rational &) = default;
};

//! The unit a constant carries when printed. Words, never single letters, so that no unit is
//! read as a variable ("2 bytes/elem", never "2 B" beside the batch size B).
enum class FormulaUnit : std::uint8_t { None, Bytes, BytesPerParam, BytesPerElement };

//! The words printed for each unit; the views pass translated ones.
struct FormulaWords
{
    std::string bytes = "bytes";
    std::string bytesPerParam = "bytes/param";
    std::string bytesPerElement = "bytes/elem";
};

class Formula
{
public:
    enum class Kind : std::uint8_t {
        Number,     //!< a constant, possibly a fraction, possibly with a unit
        Symbol,     //!< a named value (P, B, S, d, ...) with the value it has in this scenario
        Sum,        //!< a + b + ...
        Difference, //!< a − b
        Product,    //!< a · b · ...
        Quotient,   //!< a / b, exact
        Floor,      //!< ⌊x⌋
        Ceil,       //!< ⌈x⌉
        Max,        //!< max(a, b, ...)
        Min,        //!< min(a, b, ...)
        Square,     //!< x², as the article writes S²
    };

    enum class Style : std::uint8_t {
        Symbols, //!< "⌈P · 2 bytes/param / d⌉"
        Values,  //!< "⌈6,738,415,616 × 2 bytes/param / 8⌉"
    };

    //! The number 0.
    Formula() = default;

    static Formula number(Count value, FormulaUnit unit = FormulaUnit::None);
    static Formula fraction(Count numerator, Count denominator, FormulaUnit unit = FormulaUnit::None);
    //! A size per parameter or per element as a constant with its unit ("2 bytes/param").
    static Formula perParam(BytesPer size);
    static Formula perElement(BytesPer size);
    static Formula symbol(std::string_view name, Count value);

    static Formula sum(std::vector<Formula> terms);
    static Formula product(std::vector<Formula> factors);
    static Formula difference(Formula a, Formula b);
    static Formula quotient(Formula a, Formula b);
    static Formula floorOf(Formula x);
    static Formula ceilOf(Formula x);
    static Formula maxOf(std::vector<Formula> items);
    static Formula minOf(std::vector<Formula> items);
    static Formula square(Formula x);

    //! ⌈a / b⌉ and ⌊a / b⌋: how the engine divides counts it must keep whole.
    static Formula ceilDiv(Formula a, Formula b) { return ceilOf(quotient(std::move(a), std::move(b))); }
    static Formula floorDiv(Formula a, Formula b) { return floorOf(quotient(std::move(a), std::move(b))); }

    friend Formula operator+(Formula a, Formula b) { return sum({ std::move(a), std::move(b) }); }
    friend Formula operator*(Formula a, Formula b) { return product({ std::move(a), std::move(b) }); }
    friend Formula operator-(Formula a, Formula b) { return difference(std::move(a), std::move(b)); }
    friend Formula operator/(Formula a, Formula b) { return quotient(std::move(a), std::move(b)); }

    Kind kind() const { return m_kind; }
    const std::string &name() const { return m_name; }
    const std::vector<Formula> &children() const { return m_children; }
    //! For a Number: its value; for a Symbol: the value it stands for.
    Rational constant() const { return { m_numerator, m_denominator }; }
    FormulaUnit unit() const { return m_unit; }

    //! The exact value. A quotient by zero evaluates to 0 (never formed by the derivation).
    Rational evaluate() const;
    //! evaluate() as a count; the formulas the derivation builds are whole wherever this is read.
    Count value() const;

    std::string print(Style style, const FormulaWords &words = {}) const;

    //! Appends every symbol's name and value, in order of first appearance, without repeats.
    void collectSymbols(std::vector<std::pair<std::string, Count>> &out) const;

    bool isZero() const { return m_kind == Kind::Number && m_numerator == 0; }

private:
    Formula(Kind kind, std::vector<Formula> children);

    Kind m_kind = Kind::Number;
    FormulaUnit m_unit = FormulaUnit::None;
    Count m_numerator = 0;
    Count m_denominator = 1;
    std::string m_name;
    std::vector<Formula> m_children;
};

//! A count with thousands separators, "6,738,415,616": how formulas print numbers.
std::string groupedNumber(Count value);

} // namespace headroom
