package org.reident.data;

/** What to do with records that have an empty or NA cell in a selected variable. */
public enum MissingPolicy {
    /** Stop with an error that says how many cells are missing and where the first one is. */
    ERROR,
    /** Drop such records, and their counterparts in the other file, so the two stay consistent. */
    DROP
}
