package io.s3workload.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.s3workload.testing.QuickTier;
import io.s3workload.workload.endpoints.CredentialsSpec;
import io.s3workload.workload.endpoints.EndpointSpec;
import io.s3workload.workload.endpoints.Regions;
import io.s3workload.workload.endpoints.Tls;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where an endpoint's region comes from when the workload gives none: the environment, then the profile. */
@Tag(QuickTier.TAG)
class RegionsTest {

    private static EndpointSpec endpoint(CredentialsSpec credentials, String regionFrom) {
        return new EndpointSpec("s3", URI.create("http://127.0.0.1:9000"), EndpointSpec.DEFAULT_REGION, true,
                credentials, EndpointSpec.Compat.S3, Tls.SYSTEM, java.util.Optional.empty(), regionFrom);
    }

    @Test
    void theEnvironmentThenTheProfileThenTheDefault(@TempDir Path dir) throws Exception {
        Path config = dir.resolve("config");
        Files.writeString(config, """
                [default]
                region = ap-south-1
                [profile  bench]
                output = json
                region=eu-central-1
                """);
        EndpointSpec unset = endpoint(new CredentialsSpec.DefaultChain(), EndpointSpec.REGION_DEFAULTED);
        Map<String, String> files = Map.of("AWS_CONFIG_FILE", config.toString());

        EndpointSpec fromEnv = Regions.resolve(unset, Map.of("AWS_REGION", "eu-west-1", "AWS_DEFAULT_REGION", "x",
                "AWS_CONFIG_FILE", config.toString()));
        assertEquals(java.util.List.of("eu-west-1", "AWS_REGION"), java.util.List.of(fromEnv.region(),
                fromEnv.regionFrom()));
        assertEquals("ap-south-1", Regions.resolve(unset, files).region(), "the default profile");
        EndpointSpec named = Regions.resolve(endpoint(new CredentialsSpec.Profile("bench"),
                EndpointSpec.REGION_DEFAULTED), files);
        assertEquals(java.util.List.of("eu-central-1", "profile bench"), java.util.List.of(named.region(),
                named.regionFrom()), "the endpoint's credentials profile");
        assertEquals("eu-central-1", Regions.resolve(unset, Map.of("AWS_CONFIG_FILE", config.toString(),
                "AWS_PROFILE", "bench")).region());
        EndpointSpec none = Regions.resolve(unset, Map.of("AWS_CONFIG_FILE", dir.resolve("missing").toString()));
        assertEquals(java.util.List.of("us-east-1", EndpointSpec.REGION_DEFAULTED), java.util.List.of(none.region(),
                none.regionFrom()));
        EndpointSpec given = endpoint(new CredentialsSpec.DefaultChain(), EndpointSpec.REGION_GIVEN);
        assertEquals(given, Regions.resolve(given, Map.of("AWS_REGION", "eu-west-1")), "region: wins");
    }
}
