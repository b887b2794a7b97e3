package org.reident.linkage;

import org.reident.distance.DistanceModel;
import org.reident.distance.FellegiSunter;
import org.reident.distance.Method;

/**
 * One method run on one linkage problem: the result, or why it could not run (e.g. a singular
 * covariance matrix for Mahalanobis), and the wall-clock seconds of preparation plus linkage.
 *
 * @param prl for PRL, the model EM fitted (m and u per variable and level), for the reports; else null
 */
public record MethodOutcome(Method method, DistanceModel model, LinkageResult result, double seconds, String error,
        FellegiSunter prl) {
    public MethodOutcome(Method method, DistanceModel model, LinkageResult result, double seconds, String error) {
        this(method, model, result, seconds, error, null);
    }

    public boolean failed() {
        return result == null;
    }
}
