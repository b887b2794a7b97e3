package org.reident.data;

/**
 * A problem with what the user gave us (a file, a column, an option), as opposed to a defect of the
 * program. The message is one line, already says where (file, line, column) and what was expected,
 * and is printed as it is; the command line turns it into exit status 2 without a stack trace.
 */
public final class InputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public InputException(String message) {
        super(message, null, false, false);
    }

    /** "file:line:column (column 'NAME'): message", the compiler-style location prefix. */
    public static InputException at(String file, int line, int column, String columnName, String message) {
        return new InputException(file + ":" + line + ":" + column + " (column '" + columnName + "'): " + message);
    }
}
