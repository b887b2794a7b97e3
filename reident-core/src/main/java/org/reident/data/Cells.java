package org.reident.data;

/** Classification of CSV cells: number, missing marker, non-finite literal, or text. */
final class Cells {
    enum Kind { NUMBER, MISSING, NON_FINITE, TEXT }

    private Cells() {
    }

    /** Empty cells and the usual "not available" markers count as missing. */
    static boolean isMissing(String s) {
        return s.isEmpty() || s.equalsIgnoreCase("NA") || s.equalsIgnoreCase("N/A") || s.equals("?")
                || s.equals(".");
    }

    static boolean isNonFinite(String s) {
        String t = s.startsWith("+") || s.startsWith("-") ? s.substring(1) : s;
        return t.equalsIgnoreCase("nan") || t.equalsIgnoreCase("inf") || t.equalsIgnoreCase("infinity");
    }

    static Kind classify(String s) {
        if (isMissing(s)) {
            return Kind.MISSING;
        }
        if (isNonFinite(s)) {
            return Kind.NON_FINITE;
        }
        return isDecimal(s) ? Kind.NUMBER : Kind.TEXT;
    }

    /**
     * Plain decimal syntax only: {@code [+-]digits[.digits][(e|E)[+-]digits]}, at least one digit in
     * the mantissa. Stricter than {@link Double#parseDouble}, which also takes hexadecimal floats and
     * type suffixes such as "1d" that no data file means.
     */
    static boolean isDecimal(String s) {
        int i = 0;
        int n = s.length();
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int digits = 0;
        while (i < n && isDigit(s.charAt(i))) {
            i++;
            digits++;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int exp = 0;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                exp++;
            }
            if (exp == 0) {
                return false;
            }
        }
        return i == n;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
