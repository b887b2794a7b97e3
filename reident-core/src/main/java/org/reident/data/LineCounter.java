package org.reident.data;

/**
 * Physical line numbers of character offsets in a text, for messages. A line ends at "\r\n", at "\n"
 * or at a lone "\r" (one break each), which is how the CSV parser and {@link String#lines()} split
 * lines, so a file with any of the three line endings is numbered as an editor shows it. The counter
 * only walks forward: offsets are asked in increasing order, and numbering every record of a file
 * costs one pass over it.
 */
final class LineCounter {
    private final CharSequence text;
    private int offset;
    private int line = 1;

    LineCounter(CharSequence text) {
        this.text = text;
    }

    /** 1-based line of the character at {@code to}; {@code to} must not be less than at the last call. */
    int lineAt(int to) {
        if (to < offset) {
            throw new IllegalArgumentException("offset " + to + " is before " + offset);
        }
        for (; offset < to; offset++) {
            if (endsLine(text, offset)) {
                line++;
            }
        }
        return line;
    }

    /** True when the character at {@code i} ends a line: a '\r', or a '\n' not preceded by '\r'. */
    static boolean endsLine(CharSequence text, int i) {
        char c = text.charAt(i);
        return c == '\r' || c == '\n' && (i == 0 || text.charAt(i - 1) != '\r');
    }

    /**
     * The first offset at or after {@code from} that is not a line break. The parser reports a record
     * as starting where it began looking for it, before the empty lines it skipped; this is where the
     * record's own first character is.
     */
    static int skipBreaks(CharSequence text, int from) {
        int i = from;
        while (i < text.length() && (text.charAt(i) == '\r' || text.charAt(i) == '\n')) {
            i++;
        }
        return i;
    }
}
