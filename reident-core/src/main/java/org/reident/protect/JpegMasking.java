package org.reident.protect;

import java.awt.image.BufferedImage;
import java.awt.image.Raster;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageInputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.reident.data.InputException;

/**
 * JPEG masking, lossy compression used as a masking method (Domingo-Ferrer &amp; Torra 2001, "A
 * quantitative comparison of disclosure control methods for microdata"; the "JPEG" of
 * hrla-heuristic-choquet.txt section 4.2, citing ISO/IEC 10918-1 / ITU-T T.81): the file is
 * regarded as a grey-scale image, compressed with baseline JPEG at quality q and decoded; the
 * decoded image, read back as numbers, is the protected file.
 *
 * <p><b>Layout.</b> Records are image rows and variables are image columns (width n, height N:
 * pixel (x = k, y = i) is variable k of record i), as in the paper ("records being rows, variables
 * being columns, and values being pixels"). JPEG works on 8 x 8 blocks, so each block mixes 8
 * consecutive records and 8 adjacent variables (the encoder pads a width that is not a multiple
 * of 8 by replicating the last column). Images may be at most 65500 pixels high, so a file with
 * more records is cut into strips of {@value #MAX_STRIP_ROWS} records (a multiple of 8), each its
 * own image; because JPEG codes every 8 x 8 block independently (only the DC term is predicted,
 * losslessly, from the previous block) this gives the same pixels as one tall image would.
 * The transposed layout (width N, height n) was tried and not chosen: its blocks hold the same
 * kind of content (8 consecutive records x 8 variables, transposed), and on a seeded 1080 x 6
 * census-like file it compressed to within 3% of the same size with mean absolute errors within
 * 3% of this layout's at q = 20..95, so the paper's layout is kept.
 *
 * <p><b>Rescaling.</b> Each variable k is mapped linearly onto 0..255 with its own minimum and
 * maximum and rounded to an integer grey level,
 *
 * <pre>    pixel = rint(255 (v - min_k) / (max_k - min_k)),   v' = min_k + pixel' (max_k - min_k) / 255,</pre>
 *
 * where pixel' is the decoded grey level (0..255). The quantisation to 256 levels is itself part of
 * the masking: even at q = 100 a value moves by up to about half a level, (max_k - min_k)/510,
 * plus the DCT round-off. Every protected value lies in [min_k, max_k], and the minimum and
 * maximum are released exactly when their pixels decode to 0 and 255. A constant column (min_k ==
 * max_k) is drawn as mid grey 128 and returned unchanged.
 *
 * <p><b>Codec.</b> The JDK's javax.imageio "jpeg" writer on a {@link BufferedImage#TYPE_BYTE_GRAY}
 * image, {@link ImageWriteParam#MODE_EXPLICIT}, compression quality {@code q / 100f} (the JDK scales
 * the standard luminance table of Annex K as the IJG library does for quality q: q = 100 gives an
 * all-ones table), and the JDK's "jpeg" reader. Streams are in memory (no cache file). No
 * randomness: the same input and quality give the same output (the JDK codec uses integer
 * DCTs).
 */
public final class JpegMasking implements Masking {
    /** Records per image: the largest multiple of 8 allowed by libjpeg's 65500-pixel limit. */
    public static final int MAX_STRIP_ROWS = 65496;
    private static final int CONSTANT_GREY = 128;

    private final int quality;
    private final int stripRows;

    /**
     * @param quality JPEG quality, 1 (strongest compression) to 100
     * @throws InputException if quality is outside 1..100
     */
    public JpegMasking(int quality) {
        this(quality, MAX_STRIP_ROWS);
    }

    /** For tests: images of at most {@code stripRows} records (a positive multiple of 8). */
    JpegMasking(int quality, int stripRows) {
        if (quality < 1 || quality > 100) {
            throw new InputException("--quality: JPEG quality must be in 1..100, got " + quality);
        }
        if (stripRows < 8 || stripRows % 8 != 0 || stripRows > MAX_STRIP_ROWS) {
            throw new IllegalArgumentException("stripRows must be a multiple of 8 in 8.." + MAX_STRIP_ROWS
                    + ", got " + stripRows);
        }
        this.quality = quality;
        this.stripRows = stripRows;
    }

    public int quality() {
        return quality;
    }

    @Override
    public String label() {
        return "jpeg(q=" + quality + ")";
    }

    @Override
    public double[] apply(double[] x, int rows, int n) {
        PerturbationSupport.shape(x, rows, n, 1);
        double[] min = new double[n];
        double[] max = new double[n];
        for (int k = 0; k < n; k++) {
            min[k] = x[k];
            max[k] = x[k];
        }
        for (int i = 1; i < rows; i++) {
            int o = i * n;
            for (int k = 0; k < n; k++) {
                double v = x[o + k];
                if (v < min[k]) {
                    min[k] = v;
                } else if (v > max[k]) {
                    max[k] = v;
                }
            }
        }
        int[] pixels = new int[x.length];
        for (int i = 0; i < rows; i++) {
            int o = i * n;
            for (int k = 0; k < n; k++) {
                pixels[o + k] = toGrey(x[o + k], min[k], max[k]);
            }
        }
        int[] decoded = new int[x.length];
        for (int start = 0; start < rows; start += stripRows) {
            int h = Math.min(stripRows, rows - start);
            roundTrip(pixels, decoded, start * n, n, h);
        }
        double[] y = new double[x.length];
        for (int i = 0; i < rows; i++) {
            int o = i * n;
            for (int k = 0; k < n; k++) {
                y[o + k] = min[k] == max[k] ? x[o + k] : fromGrey(decoded[o + k], min[k], max[k]);
            }
        }
        return y;
    }

    /** rint(255 (v - min) / (max - min)) clamped to 0..255; halves avoid overflow of max - min. */
    static int toGrey(double v, double min, double max) {
        if (min == max) {
            return CONSTANT_GREY;
        }
        double u = (0.5 * v - 0.5 * min) / (0.5 * max - 0.5 * min);
        int g = (int) Math.rint(255.0 * u);
        return g < 0 ? 0 : (g > 255 ? 255 : g);
    }

    /**
     * min + g (max - min) / 255: exactly min at 0 and max at 255 (and (1 - g/255) min + (g/255) max
     * if max - min overflows).
     */
    static double fromGrey(int g, double min, double max) {
        if (g == 0) {
            return min;
        }
        if (g == 255) {
            return max;
        }
        double range = max - min;
        if (Double.isInfinite(range)) {
            double t = g / 255.0;
            return (1 - t) * min + t * max;
        }
        return min + g * range / 255.0;
    }

    /** Encodes pixels[offset, offset + n*h) as an n x h grey JPEG, decodes it into out at the same place. */
    private void roundTrip(int[] pixels, int[] out, int offset, int n, int h) {
        BufferedImage image = new BufferedImage(n, h, BufferedImage.TYPE_BYTE_GRAY);
        int[] strip = new int[n * h];
        System.arraycopy(pixels, offset, strip, 0, strip.length);
        image.getRaster().setPixels(0, 0, n, h, strip);
        byte[] bytes = encode(image);
        Raster decoded = decode(bytes);
        if (decoded.getWidth() != n || decoded.getHeight() != h || decoded.getNumBands() != 1) {
            throw new IllegalStateException("JPEG decoder returned a " + decoded.getWidth() + " x "
                    + decoded.getHeight() + " image with " + decoded.getNumBands() + " bands, expected "
                    + n + " x " + h + " grey");
        }
        decoded.getPixels(decoded.getMinX(), decoded.getMinY(), n, h, strip);
        System.arraycopy(strip, 0, out, offset, strip.length);
    }

    private byte[] encode(BufferedImage image) {
        Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("jpeg");
        if (!writers.hasNext()) {
            throw new IllegalStateException("no JPEG ImageWriter in this JDK");
        }
        ImageWriter writer = writers.next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (MemoryCacheImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(quality / 100f);
            writer.setOutput(out);
            writer.write(null, new IIOImage(image, null, null), param);
        } catch (IOException e) {
            throw new UncheckedIOException("JPEG encoding failed", e);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }

    private static Raster decode(byte[] bytes) {
        Iterator<ImageReader> readers = ImageIO.getImageReadersByFormatName("jpeg");
        if (!readers.hasNext()) {
            throw new IllegalStateException("no JPEG ImageReader in this JDK");
        }
        ImageReader reader = readers.next();
        try (MemoryCacheImageInputStream in = new MemoryCacheImageInputStream(new ByteArrayInputStream(bytes))) {
            reader.setInput(in, true, true);
            return reader.read(0).getRaster();
        } catch (IOException e) {
            throw new UncheckedIOException("JPEG decoding failed", e);
        } finally {
            reader.dispose();
        }
    }
}
