package org.reident.io;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.reident.data.InputException;

/**
 * Reads a JSON file the user gives (a model, an experiment, an experiment's results) the same way
 * everywhere: no key may be given twice (which value would win is a parser's accident), nothing may
 * follow the one value (a second one pasted after it, or a truncated edit), and every error is one
 * line naming the file, and the line and column where the text is wrong.
 */
public final class JsonInput {
    /** Jackson's message for a key given twice (STRICT_DUPLICATE_DETECTION), reworded for the user. */
    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '(.*)'");
    private static final ObjectMapper JSON = new ObjectMapper();

    static {
        JSON.getFactory().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    }

    private JsonInput() {
    }

    /**
     * The file's one JSON value, or null for an empty file.
     *
     * @param display the file as the user named it, for messages
     * @param what    the value the file holds, for the message about text after it (e.g. "the model's JSON object (one object per file)")
     * @throws InputException for a missing or unreadable file, invalid JSON, a key given twice or text after the value
     */
    public static JsonNode read(Path file, String display, String what) {
        try (JsonParser p = JSON.getFactory().createParser(Files.readString(file))) {
            JsonNode root = JSON.readTree(p);
            if (root != null && p.nextToken() != null) {
                throw new InputException(at(display, p.getTokenLocation()) + ": text after " + what);
            }
            return root;
        } catch (NoSuchFileException e) {
            throw new InputException(display + ": no such file");
        } catch (JsonProcessingException e) {
            String message = e.getOriginalMessage().replaceAll("\\s+", " ");
            Matcher twice = DUPLICATE.matcher(message);
            throw new InputException(at(display, e.getLocation()) + (twice.matches() ? ": key '" + twice.group(1) + "' is given twice"
                    : ": not valid JSON: " + message));
        } catch (IOException e) {
            throw new InputException(display + ": cannot read: " + e.getMessage());
        }
    }

    private static String at(String display, JsonLocation where) {
        return display + ":" + where.getLineNr() + ":" + where.getColumnNr();
    }
}
