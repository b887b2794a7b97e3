package org.reident.linkage;

import org.reident.distance.DistanceModel;
import org.reident.distance.Method;

/**
 * One method run on one linkage problem: the result, or why it could not run (e.g. a singular
 * covariance matrix for Mahalanobis), and the wall-clock seconds of preparation plus linkage.
 */
public record MethodOutcome(Method method, DistanceModel model, LinkageResult result, double seconds, String error) {
    public boolean failed() {
        return result == null;
    }
}
