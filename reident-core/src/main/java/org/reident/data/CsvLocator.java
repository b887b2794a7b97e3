package org.reident.data;

/**
 * Walks CSV text the way {@link CsvReader}'s parser (Apache Commons CSV, default format) reads it, only
 * to say where something is: physical line and 1-based field number. Fields are split at commas and
 * records at line breaks outside quotes; a field is quoted when its first character is '"', a doubled
 * quote inside stands for one, and only blanks may follow the closing quote.
 *
 * <p>Why: the parser reports malformed quoting with its own line count and a character offset, and a
 * decoding error has no place in the text at all, while our messages name line and field. The walk
 * runs only on those error paths, so reading a good file stays a single pass.
 */
final class CsvLocator {
    /** What stopped a walk. */
    enum Problem {
        /** The walk reached the offset it was asked for. */
        NONE,
        /** The text ended inside a quoted field; {@link #quoteLine()} is where its quote opened. */
        UNTERMINATED,
        /** A character other than a blank, a comma or a line break follows a closing quote. */
        AFTER_QUOTE
    }

    private enum State { FIELD_START, UNQUOTED, QUOTED, AFTER_QUOTE }

    private final String text;
    private int offset;
    private int line;
    private int field = 1;
    private int quoteLine;
    private State state = State.FIELD_START;

    /** A walk from {@code from}, the start of a record on physical line {@code line}. */
    CsvLocator(String text, int from, int line) {
        this.text = text;
        this.offset = from;
        this.line = line;
    }

    /**
     * Walks up to offset {@code to} and stops there or at the first quoting problem, which it returns;
     * {@link #line()} and {@link #field()} then say where the walk stopped.
     */
    Problem walkTo(int to) {
        for (; offset < to; offset++) {
            char c = text.charAt(offset);
            if (state == State.QUOTED) {
                if (c == '"') {
                    if (offset + 1 < text.length() && text.charAt(offset + 1) == '"') {
                        offset++; // a doubled quote: one literal quote, the field goes on
                    } else {
                        state = State.AFTER_QUOTE;
                    }
                }
            } else if (c == ',') {
                field++;
                state = State.FIELD_START;
            } else if (c == '\r' || c == '\n') {
                field = 1;
                state = State.FIELD_START;
            } else if (state == State.AFTER_QUOTE) {
                if (!Character.isWhitespace(c)) {
                    return Problem.AFTER_QUOTE;
                }
            } else if (state == State.FIELD_START && c == '"') {
                state = State.QUOTED;
                quoteLine = line;
            } else {
                state = State.UNQUOTED;
            }
            if (LineCounter.endsLine(text, offset)) {
                line++;
            }
        }
        return state == State.QUOTED && offset >= text.length() ? Problem.UNTERMINATED : Problem.NONE;
    }

    /** 1-based physical line where the walk stopped. */
    int line() {
        return line;
    }

    /** 1-based number, within its record, of the field where the walk stopped. */
    int field() {
        return field;
    }

    /** Line of the opening quote of the field the walk stopped in, when that field is quoted. */
    int quoteLine() {
        return quoteLine;
    }
}
