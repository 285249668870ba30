package io.s3workload.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.s3workload.testing.QuickTier;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What the classifier reads out of the JDK's exceptions, whichever form they take. */
@Tag(QuickTier.TAG)
class ErrorClassifierTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "bench.s3.example.com|bench.s3.example.com",
        "bench.s3.example.com: Name or service not known|bench.s3.example.com",
        "bench.s3.example.com: Temporary failure in name resolution|bench.s3.example.com",
        "Unable to resolve host bench.s3.test in hosts file /tmp/hosts|bench.s3.test"})
    void aFailedLookupNamesTheHostWhicheverResolverSaidIt(String message, String host) {
        StoreException e = ErrorClassifier.classify(new UnknownHostException(message), "s3");
        assertEquals(ErrorClassifier.DNS_FAILED, e.errorClass());
        assertEquals(StoreException.Kind.UNREACHABLE, e.kind());
        assertEquals("s3: host not found: " + host + " (" + message + ")", e.getMessage());
    }

    /** Callers switch on the kind, never on the label's text: each answer's kind, and whether trying again may help. */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "501|NotImplemented|NOT_SUPPORTED|false",
        "405|MethodNotAllowed|NOT_SUPPORTED|false",
        "400|NotImplemented|NOT_SUPPORTED|false",
        "500|InternalError|HTTP|true",
        "503|SlowDown|THROTTLED|true",
        "404|NoSuchBucket|NO_BUCKET|false",
        "404|NoSuchKey|NOT_FOUND|false",
        "404||NOT_FOUND|false",
        "403|AccessDenied|AUTH|false",
        "400|InvalidArgument|HTTP|false"})
    void anAnswerHasAKindAndSaysWhetherToTryAgain(int status, String code, StoreException.Kind kind,
                                                  boolean retryable) {
        StoreException e = ErrorClassifier.httpError(status, code == null ? "" : code, "", "s3");
        assertEquals(kind, e.kind());
        assertEquals(retryable, e.retryable());
        assertEquals(("HTTP " + status + " " + (code == null ? "" : code)).trim(), e.errorClass());
    }
}
