package org.reident.data;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Strict UTF-8 decoding of a whole file that says where the first invalid byte is. The JDK's decoders
 * either replace bad bytes silently or fail with "Input length = 1"; a user needs the line instead, so
 * on failure this keeps the text decoded before that byte, in which callers locate it.
 */
public final class Utf8Text {
    private Utf8Text() {
    }

    /**
     * The result of {@link #decode}: the text, or, when {@code badOffset >= 0}, the text before the
     * first byte that is not UTF-8, with that byte's offset and value.
     */
    public record Decoded(String text, int badOffset, int badByte) {
        /** True when every byte was UTF-8 and {@link #text()} is the whole file. */
        public boolean ok() {
            return badOffset < 0;
        }

        /** 1-based physical line of the invalid byte ("\r\n", "\n" and a lone "\r" end a line). */
        public int line() {
            return new LineCounter(text).lineAt(text.length());
        }

        /** 1-based character column of the invalid byte on its line. */
        public int column() {
            int start = text.length();
            while (start > 0 && text.charAt(start - 1) != '\n' && text.charAt(start - 1) != '\r') {
                start--;
            }
            return text.length() - start + 1;
        }

        /** The invalid byte as it would be written in a hex dump, e.g. "0xE9". */
        public String badByteHex() {
            return String.format(Locale.ROOT, "0x%02X", badByte);
        }
    }

    /** Decodes {@code bytes} as UTF-8, stopping at the first malformed byte sequence. */
    public static Decoded decode(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length); // UTF-8 never gives more chars than bytes
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        out.flip();
        if (result.isError()) {
            return new Decoded(out.toString(), in.position(), bytes[in.position()] & 0xFF);
        }
        return new Decoded(out.toString(), -1, -1);
    }
}
