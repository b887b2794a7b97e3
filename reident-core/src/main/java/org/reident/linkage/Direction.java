package org.reident.linkage;

import java.util.Locale;
import org.reident.data.InputException;

/** Which file is linked to which. The papers link the intruder's (original) file to the released one. */
public enum Direction {
    ORIGINAL_TO_PROTECTED,
    PROTECTED_TO_ORIGINAL;

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Direction parse(String s) {
        for (Direction d : values()) {
            if (d.label().equalsIgnoreCase(s.strip())) {
                return d;
            }
        }
        throw new InputException("--direction: unknown direction '" + s + "' (expected original-to-protected or protected-to-original)");
    }
}
